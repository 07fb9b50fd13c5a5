/**
 * The security deposit over the wire (docs/payments.md#the-security-deposit). Amounts in euros,
 * like every answer of the API; the server keeps cents.
 */
import { z } from './zod';
import { euroAmount, isoInstant } from './common';
import { DEPOSIT_METHODS, DEPOSIT_STATUSES } from '../deposits';
import { CLAIM_STATUSES } from '../deposit-claims';
import { evidencePhoto } from './evidence';
import { manageTokenSchema } from './manage-booking';

/** A booking's deposit as its customer, its owner and the admin see it. */
export const depositViewSchema = z.object({
  amount: euroAmount,
  status: z.enum(DEPOSIT_STATUSES),
  method: z.enum(DEPOSIT_METHODS),
  /** When the card is (or was to be) authorised: DEPOSIT_HOURS_BEFORE before departure. */
  holdAt: isoInstant,
  /** When the card's authorisation lapses, while it is held on the card. */
  lapsesAt: isoInstant.nullable(),
  /** Kept for damage (captured), with the reason the customer is told. */
  captured: euroAmount,
  reason: z.string().nullable(),
  /** Why the card refused the authorisation (failed), in the provider's words. */
  failure: z.string().nullable(),
});
export type DepositView = z.infer<typeof depositViewSchema>;

/**
 * A damage claim against the deposit (docs/decisions/0040) as the customer, the owner and the
 * admin see it: the amount claimed, the owner's note, the return photos it rests on, the
 * customer's answer and, for a dispute, the admin's decision.
 */
export const depositClaimViewSchema = z.object({
  status: z.enum(CLAIM_STATUSES),
  amount: euroAmount,
  note: z.string(),
  /** Photos of the return's condition record (served by the booking's evidence-photo routes). */
  photos: z.array(evidencePhoto),
  filedAt: isoInstant,
  /** The customer accepts or disputes until then; no answer: the amount is captured. */
  answerBy: isoInstant,
  /** The customer's written answer to a dispute. */
  answer: z.string().nullable(),
  answeredAt: isoInstant.nullable(),
  /** The admin's decision on a dispute (euros kept, 0: released) and why. */
  decided: euroAmount.nullable(),
  decisionReason: z.string().nullable(),
  decidedAt: isoInstant.nullable(),
});
export type DepositClaimView = z.infer<typeof depositClaimViewSchema>;

/** POST /api/admin/bookings/{id}/deposit/claim: the owner's claim for damage, with its evidence. */
export const depositClaimBodySchema = z.object({
  amount: z.number().positive().max(10_000),
  /** What was damaged: the customer reads it in the e-mail and on manage my booking. */
  note: z.string().trim().min(3).max(1000),
  /** Chosen among the return's photos: at least one. */
  photos: z.array(evidencePhoto).min(1).max(20),
});

/** POST /api/bookings/{id}/deposit/claim/answer: the customer accepts, or disputes in writing. */
export const depositClaimAnswerBodySchema = z.discriminatedUnion('decision', [
  z.object({ token: manageTokenSchema, decision: z.literal('accept') }),
  z.object({
    token: manageTokenSchema,
    decision: z.literal('dispute'),
    answer: z.string().trim().min(5, 'validation.minChars5').max(2000),
  }),
]);

/** POST /api/admin/deposit-claims/{bookingId}/decision: the admin's amount (0 to the claim) and why. */
export const depositClaimDecisionBodySchema = z.object({
  amount: z.number().min(0).max(10_000),
  reason: z.string().trim().min(3).max(1000),
});

/** GET /api/admin/deposit-claims: the disputes waiting for the admin, oldest first. */
export const disputedClaimsAnswerSchema = z.object({
  claims: z.array(
    z.object({
      bookingId: z.string(),
      reference: z.string(),
      boatTitle: z.string(),
      customerName: z.string(),
      deposit: euroAmount,
      claim: depositClaimViewSchema,
      /** When the card's authorisation lapses (decide before); null for a harbour deposit. */
      lapsesAt: isoInstant.nullable(),
    }),
  ),
});

/** POST /api/admin/bookings/{id}/deposit/harbour: the deposit taken in person instead of on the card. */
export const depositHarbourBodySchema = z.object({
  method: z.enum(['cash', 'terminal', 'bank_transfer']),
});

/**
 * A deposit's answers: the booking's (null: its boat asks none) with its claim (null: none) and,
 * for staff, until when a claim may be filed (null: not yet, no return recorded, or not held);
 * and an action's.
 */
export const depositAnswerSchema = z.object({
  deposit: depositViewSchema.nullable(),
  claim: depositClaimViewSchema.nullable().optional(),
  claimUntil: isoInstant.nullable().optional(),
});
export const depositActionAnswerSchema = z.object({
  deposit: depositViewSchema,
  claim: depositClaimViewSchema.nullable().optional(),
});
