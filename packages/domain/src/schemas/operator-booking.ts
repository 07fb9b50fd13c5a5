/**
 * Bookings taken by the operator (a walk-in at the harbour, a phone call): the staff member
 * books a trip or a charter for the customer and records the money taken in person
 * (docs/payments.md#operator-taken-bookings).
 */
import { z } from './zod';
import { bookingContactSchema } from './contact';
import { count, euroAmount, isoInstant, languageCode, uuid } from './common';
import { PAYMENT_LINK_HOLD_HOURS } from '../holds';

/**
 * How a payment reached the business: the card form, in person at the harbour, a gift
 * voucher's balance (docs/payments.md#gift-vouchers), or on account with a reseller that
 * collected from the customer and owes the net (docs/channels.md#money).
 */
// 'platform': the platform's own money on a booking, covering the difference of a move to another
// owner's dearer trip (docs/payments.md#another-owners-boat): a cost of the platform, never the customer's.
// 'agent_cash': cash an agent took and holds, owing the net (docs/channels.md#agents).
export const PAYMENT_METHODS = [
  'card',
  'cash',
  'terminal',
  'bank_transfer',
  'voucher',
  'reseller',
  'platform',
  'agent_cash',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The methods a staff member records by hand: the money is in the till, not at a provider. */
export const IN_PERSON_METHODS = ['cash', 'terminal', 'bank_transfer'] as const;
export type InPersonMethod = (typeof IN_PERSON_METHODS)[number];

/** What staff choose: money taken in person, or a payment link e-mailed to the customer. */
export const OPERATOR_PAYMENT_CHOICES = [...IN_PERSON_METHODS, 'link'] as const;
export type OperatorPaymentChoice = (typeof OPERATOR_PAYMENT_CHOICES)[number];

const holdHours = z.union(PAYMENT_LINK_HOLD_HOURS.map((h) => z.literal(h)));

/** The payment choices of a seller: staff's (OPERATOR_PAYMENT_CHOICES) or an agent's. */
type PaymentChoices = readonly [string, ...string[]];

/** A payment link goes to an e-mail address and holds for a chosen time: both are required. */
function linkNeedsEmailAndHold(
  value: {
    customer: { email?: string | undefined };
    payment: { method: string; holdHours?: number | undefined };
  },
  ctx: z.RefinementCtx,
): void {
  if (value.payment.method !== 'link') return;
  if (!value.customer.email) {
    ctx.addIssue({ code: 'custom', path: ['customer', 'email'], message: 'validation.emailForLink' });
  }
  if (value.payment.holdHours === undefined) {
    ctx.addIssue({ code: 'custom', path: ['payment', 'holdHours'], message: 'validation.required' });
  }
}

const passengerCount = count.max(1_000);
/** Whole hours of a charter: the server checks them against the boat's lengths and free hours. */
export const charterHours = z.number().int('validation.integer').min(1, 'validation.min1').max(24);

/**
 * A sale taken in the back office for a customer, by staff (the crew's walk-in, a phone call) or
 * by an agent: the party, a charter's hours (none on a shared trip), the customer, their language
 * and how they pay, among the seller's `methods`.
 */
export function saleRequestSchema<const M extends PaymentChoices>(methods: M) {
  return z
    .object({
      passengers: z.object({ adults: passengerCount, children50: passengerCount, kidsFree: passengerCount }),
      /** Whole hours of a charter from this slot; a shared trip lasts its slot. */
      durationHours: charterHours.optional(),
      customer: bookingContactSchema,
      language: languageCode,
      payment: z.object({
        method: z.enum(methods),
        /** A payment link: how many hours its seats stay held (capped before the trip: holds.ts). */
        holdHours: holdHours.optional(),
      }),
    })
    .superRefine(linkNeedsEmailAndHold);
}

/**
 * The form of such a sale: the request's own parts with the numbers typed as text, a charter's
 * hours blank on a shared trip and a link's hold as a select's value, so the form and the server
 * refuse the same. What differs between sellers is a parameter: the payment `methods`, and
 * `atLeastOnePerson`, a party of nobody refused on the field (the agent's desk; the crew's form
 * leaves that to the server's answer).
 */
export function saleFormSchema<const M extends PaymentChoices>({
  methods,
  atLeastOnePerson,
}: {
  methods: M;
  atLeastOnePerson: boolean;
}) {
  const typedCount = z.coerce.number<string>().pipe(passengerCount);
  return z
    .object({
      passengers: z.object({ adults: typedCount, children50: typedCount, kidsFree: typedCount }),
      durationHours: z
        .string()
        .transform((text) => (text.trim() === '' ? undefined : Number(text)))
        .pipe(charterHours.optional()),
      customer: bookingContactSchema,
      language: languageCode,
      payment: z.object({
        method: z.enum(methods),
        holdHours: z
          .string()
          .transform((text) => (text === '' ? undefined : Number(text)))
          .pipe(holdHours.optional()),
      }),
    })
    .superRefine((value, ctx) => {
      const { adults, children50, kidsFree } = value.passengers;
      if (atLeastOnePerson && adults + children50 + kidsFree === 0) {
        ctx.addIssue({ code: 'custom', path: ['passengers', 'adults'], message: 'validation.min1' });
      }
      linkNeedsEmailAndHold(value, ctx);
    });
}

/** POST /api/crew/trips/{slotId}/bookings. */
export const operatorBookingRequestSchema = saleRequestSchema(OPERATOR_PAYMENT_CHOICES);
export type OperatorBookingRequest = z.infer<typeof operatorBookingRequestSchema>;

export const operatorBookingResponseSchema = z.object({
  bookingId: uuid,
  ref: z.string(),
  status: z.enum(['pending', 'paid']),
  /** Euros: the price the server computed, the money taken (or to pay through the link). */
  amount: euroAmount,
  method: z.enum(OPERATOR_PAYMENT_CHOICES),
  /** A payment link: when its hold ends, and whether the trip's start cut the hours chosen. */
  holdExpiresAt: isoInstant.optional(),
  holdCapped: z.boolean().optional(),
});
export type OperatorBookingResponse = z.infer<typeof operatorBookingResponseSchema>;

/** The money staff took in person on a day, per method, for the hand-over at the end of it. */
export const dayTakingSchema = z.object({
  method: z.enum(IN_PERSON_METHODS),
  /** Received minus handed back that day, in euros. */
  amount: z.number(),
  payments: count,
});
export type DayTaking = z.infer<typeof dayTakingSchema>;

/**
 * Security deposits staff took at the harbour that day, per method (docs/payments.md#the-security-deposit):
 * money held for the customer, in the till but never takings, to be handed back after the return
 * or kept for documented damage. Euros; what was handed back or kept that day, of any day's deposits.
 */
export const dayDepositsSchema = z.object({
  method: z.enum(IN_PERSON_METHODS),
  taken: euroAmount,
  deposits: count,
  handedBack: euroAmount,
  kept: euroAmount,
});
export type DayDeposits = z.infer<typeof dayDepositsSchema>;

/** The crew's walk-in form. */
export const operatorBookingFormSchema = saleFormSchema({
  methods: OPERATOR_PAYMENT_CHOICES,
  atLeastOnePerson: false,
}) satisfies z.ZodType<OperatorBookingRequest, unknown>;
