/**
 * Owners' earnings and payouts over the wire (docs/payments.md#from-a-card-to-an-owners-bank).
 * Amounts in euros, like every answer of the API; the server computes them in cents.
 */
import { z } from './zod';
import { uuid, isoInstant } from './common';
import { periodSchema } from './invoices';
import { BOOKING_CHANNELS } from '../booking-channel';

export const PAYOUT_STATES = ['pending', 'paid', 'failed'] as const;
export const payoutState = z.enum(PAYOUT_STATES);

/**
 * An owner's earning line: a trip's first line, a later change of its net (a refund after it), or
 * the IGIC of a commission invoice or credit note, withheld from the owner as the document says
 * (docs/payments.md#the-commissions-igic), or a security deposit kept for damage (its own line, no
 * commission: docs/payments.md#the-security-deposit).
 */
export const EARNING_LINE_KINDS = ['trip', 'adjustment', 'commission_igic', 'deposit'] as const;

export const earningLineSchema = z.object({
  _id: uuid,
  /** The booking of a trip or adjustment line; null on a commission's IGIC line. */
  bookingId: uuid.nullable(),
  kind: z.enum(EARNING_LINE_KINDS),
  /** The trip's start (what the owner recognises the booking by); null on an IGIC line. */
  tripStartsAt: isoInstant.nullable(),
  customerName: z.string().nullable(),
  /**
   * Who sold the booking (derived from the sale's rows, docs/channels.md#channels) and the
   * reseller's or agent's name (null for the other channels); both null on an IGIC line.
   */
  channel: z.enum(BOOKING_CHANNELS).nullable(),
  channelName: z.string().nullable(),
  /**
   * What the reseller or agent kept of the customer's price as its commission, at the rate of the
   * sale: on a trip line (once per booking), 0 on the others and for the other channels. The gross
   * is what reached the platform, so gross + channel commission = what the customer paid
   * (docs/decisions/0036-the-channel-commission-an-owner-bears.md).
   */
  channelCommission: z.number(),
  /**
   * The platform's commission invoice or credit note carrying the line's fee (and, on an agent's
   * sale, its agent's commission), named by its number (a substitution's once one replaced it);
   * null until it is invoiced, and on an IGIC line (its document is `invoice`).
   */
  commissionInvoice: z.string().nullable(),
  /**
   * On an agent's sale in the owner's name, the agent's commission that document invoices the
   * owner for on this line (decision 36; negative on a credit note's); 0 on the others and until
   * the line is invoiced.
   */
  agentCommissionInvoiced: z.number(),
  earnedAt: isoInstant,
  payableAt: isoInstant,
  /**
   * What the line says the customer paid (a trip line: the booking's payments; a later line: 0)
   * and gave back (gross − net: a trip line's refunds before the trip, a later line's refund),
   * derived, never stored (docs/payments.md#the-owners-statement): gross − refunds = net.
   */
  gross: z.number(),
  /**
   * Of the gross, what the platform paid: its cover of a move to another owner's dearer trip
   * (docs/payments.md#another-owners-boat), outside the customer's invoice; 0 on most lines.
   */
  platformCover: z.number(),
  /**
   * The owner's invoice to the platform for that cover, which the platform issued as its recipient
   * (docs/invoicing.md#the-platforms-cover-self-billed); null without one.
   */
  coverInvoice: z.string().nullable(),
  refunds: z.number(),
  net: z.number(),
  fee: z.number(),
  /**
   * The IGIC of the commission withheld by the line: a commission's IGIC line's (the document's
   * quota; negative for a credit note's), 0 on a booking's. fee + igic + share = net.
   */
  igic: z.number(),
  share: z.number(),
  commissionPercent: z.number(),
  /** The live payout carrying the line; null while it is in the balance. */
  payoutId: uuid.nullable(),
  /** That payout's day (when it was paid, else when it was made) and the provider's transfer id. */
  payoutAt: isoInstant.nullable(),
  transferId: z.string().nullable(),
  /**
   * The document behind the line. A booking's: the number of the customer's invoice the platform
   * issued for it in the owner's name (the one standing: an F3 once it replaced the simplified
   * one); null: the platform issued none (the owner invoices their customers themselves). An IGIC
   * line's: the commission invoice or credit note whose IGIC it withholds.
   */
  invoice: z.string().nullable(),
});
export type EarningLine = z.infer<typeof earningLineSchema>;

export const ownerBalanceSchema = z.object({
  ownerId: uuid,
  /** Every line's share. */
  earned: z.number(),
  /** Lines in no live payout (negative when refunds after a payout outweigh new trips). */
  balance: z.number(),
  /** …of which payable now. */
  payable: z.number(),
  inTransit: z.number(),
  paidOut: z.number(),
});
export type OwnerBalance = z.infer<typeof ownerBalanceSchema>;

export const payoutSchema = z.object({
  _id: uuid,
  ownerId: uuid,
  amount: z.number(),
  state: payoutState,
  provider: z.string(),
  transferId: z.string().nullable(),
  failure: z.string().nullable(),
  createdAt: isoInstant,
  settledAt: isoInstant.nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

/**
 * GET /api/owner/earnings?month=: the signed-in owner's balance, the months that have earnings
 * (newest first, from the first line's month to the latest's), and every line of one month, the
 * one asked for or else the latest: a statement is always whole, however long the history.
 */
export const ownerEarningsResponseSchema = z.object({
  balance: ownerBalanceSchema,
  months: z.array(periodSchema),
  month: periodSchema.nullable(),
  lines: z.array(earningLineSchema),
});
export type OwnerEarningsResponse = z.infer<typeof ownerEarningsResponseSchema>;

/** GET /api/owner/payouts: the signed-in owner's latest payouts, newest first, with how many lines each. */
export const ownerPayoutsResponseSchema = z.object({
  payouts: z.array(payoutSchema.extend({ lineCount: z.number().int() })),
  /** The owner changed their payout details: payouts wait until then (null: they do not). */
  payoutsHeldUntil: isoInstant.nullable(),
});
export type OwnerPayoutsResponse = z.infer<typeof ownerPayoutsResponseSchema>;

/**
 * GET /api/owner/statement?month=: one month's statement, whole: its earning lines (oldest trip
 * first) and the payouts settled (or made, while pending) in it, each with its lines.
 */
export const ownerStatementResponseSchema = z.object({
  month: periodSchema,
  lines: z.array(earningLineSchema),
  payouts: z.array(payoutSchema.extend({ lines: z.array(earningLineSchema) })),
});
export type OwnerStatementResponse = z.infer<typeof ownerStatementResponseSchema>;

/** GET /api/admin/payouts: every owner's balance and the latest payouts. */
export const adminPayoutsResponseSchema = z.object({
  owners: z.array(
    ownerBalanceSchema.extend({
      displayName: z.string(),
      isPlatform: z.boolean(),
      status: z.enum(['active', 'suspended']),
      payoutsOnHold: z.boolean(),
      /** The owner's payout details changed: runs skip them until then (null: not held). */
      payoutsHeldUntil: isoInstant.nullable(),
    }),
  ),
  payouts: z.array(payoutSchema.extend({ ownerName: z.string() })),
});
export type AdminPayoutsResponse = z.infer<typeof adminPayoutsResponseSchema>;

/** POST /api/admin/payouts/run: what the run did. */
export const payoutRunResponseSchema = z.object({
  paid: z.array(z.object({ ownerId: uuid, amount: z.number(), payoutId: uuid })),
  failed: z.array(z.object({ ownerId: uuid, amount: z.number(), payoutId: uuid, failure: z.string() })),
  pending: z.array(uuid),
  skipped: z.array(
    z.object({
      ownerId: uuid,
      reason: z.enum(['suspended', 'on_hold', 'details_changed', 'below_minimum', 'platform', 'no_account']),
      balance: z.number(),
    }),
  ),
});
export type PayoutRunResponse = z.infer<typeof payoutRunResponseSchema>;

/** POST /api/admin/payouts/owners/{ownerId}/hold: the admin's switch. */
export const payoutHoldSchema = z.object({ onHold: z.boolean() });

/** POST /api/owner/payouts/account: where the owner gives the provider their bank details. */
export const payoutAccountResponseSchema = z.object({ account: z.string(), url: z.string().nullable() });
