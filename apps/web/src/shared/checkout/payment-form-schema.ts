// The payment step's one form: the contact details (the schema the server checks them with)
// and, with the sandbox provider, the card as typed. Named like the server's body
// (`customer.*`), so its 400 field errors land on these fields.
import { onlineBookingContactSchema } from '@boats/domain/schemas/contact';
import { cardEntrySchema } from '@boats/domain/schemas/card-entry';
import { z } from '@boats/domain/schemas/zod';

export const sandboxPaymentSchema = z.object({
  customer: onlineBookingContactSchema,
  card: cardEntrySchema(),
});
export const stripePaymentSchema = z.object({ customer: onlineBookingContactSchema });

/**
 * The field of this form a server error belongs to: the contact call's `customer.*` as named, the
 * sandbox confirm call's card as typed here (it sends the expiry as expMonth/expYear); anything
 * else (the client secret, the return address) is no field of the visitor's.
 */
export function paymentFieldOf(serverPath: string): string | undefined {
  if (serverPath === 'card.expMonth' || serverPath === 'card.expYear') return 'card.expiry';
  return /^(customer|card)\./.test(serverPath) ? serverPath : undefined;
}

export type PaymentFormInput = z.input<typeof sandboxPaymentSchema>;
export const emptyCard = { number: '', expiry: '', cvc: '' };
