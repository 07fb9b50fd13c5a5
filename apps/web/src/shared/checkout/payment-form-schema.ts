// The payment step's one form: the contact details (the schema the server checks them with)
// and, with the sandbox provider, the card as typed. Named like the server's body
// (`customer.*`), so its 400 field errors land on these fields.
import { contactFor } from '@boats/domain/schemas/contact';
import { cardEntrySchema } from '@boats/domain/schemas/card-entry';
import { z } from '@boats/domain/schemas/zod';

/** The sandbox's form for a booking of `totalCents` (whose invoice may ask for the address). */
export const sandboxPaymentSchema = (totalCents: number) =>
  z.object({ customer: contactFor(totalCents), card: cardEntrySchema() });
export const stripePaymentSchema = (totalCents: number) => z.object({ customer: contactFor(totalCents) });

/**
 * The field of this form a server error belongs to: the contact call's `customer.*` as named, the
 * sandbox confirm call's card as typed here (it sends the expiry as expMonth/expYear); anything
 * else (the client secret, the return address) is no field of the visitor's.
 */
export function paymentFieldOf(serverPath: string): string | undefined {
  if (serverPath === 'card.expMonth' || serverPath === 'card.expYear') return 'card.expiry';
  return /^(customer|card)\./.test(serverPath) ? serverPath : undefined;
}

export type PaymentFormInput = z.input<ReturnType<typeof sandboxPaymentSchema>>;
export const emptyCard = { number: '', expiry: '', cvc: '' };
