/**
 * The security deposit over the wire (docs/payments.md#the-security-deposit). Amounts in euros,
 * like every answer of the API; the server keeps cents.
 */
import { z } from './zod';
import { euroAmount, isoInstant } from './common';
import { DEPOSIT_METHODS, DEPOSIT_STATUSES } from '../deposits';

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

/** POST /api/admin/bookings/{id}/deposit/capture: euros kept for damage, and why. */
export const depositCaptureBodySchema = z.object({
  amount: z.number().positive().max(10_000),
  /** What was damaged: the customer is told it in the e-mail. */
  reason: z.string().trim().min(3).max(1000),
});

/** POST /api/admin/bookings/{id}/deposit/harbour: the deposit taken in person instead of on the card. */
export const depositHarbourBodySchema = z.object({
  method: z.enum(['cash', 'terminal', 'bank_transfer']),
});

/** A deposit's answers: the booking's (null: its boat asks none), and an action's. */
export const depositAnswerSchema = z.object({ deposit: depositViewSchema.nullable() });
export const depositActionAnswerSchema = z.object({ deposit: depositViewSchema });
