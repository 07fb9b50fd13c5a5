/**
 * A customer's data rights (docs/privacy.md#proof-of-address): a link e-mailed to the address
 * proves it; opening it downloads (export) or erases (erasure) what is held under it.
 */
import { z } from './zod';
import { isoInstant, languageCode } from './common';
import { emailAddress } from './email-address';
import { invoicePartySchema } from './invoices';
import { INVOICE_TYPES } from '../verifactu';

export const DATA_RIGHTS_PURPOSES = ['export', 'erasure'] as const;
export type DataRightsPurpose = (typeof DATA_RIGHTS_PURPOSES)[number];

/** POST /api/personal-data/requests: always answered `{ sent: true }`, whoever the address is. */
export const dataLinkRequestSchema = z.object({
  email: emailAddress,
  purpose: z.enum(DATA_RIGHTS_PURPOSES),
  language: languageCode.default('en'),
});
export type DataLinkRequest = z.infer<typeof dataLinkRequestSchema>;
export const dataLinkRequestAnswerSchema = z.object({ sent: z.literal(true) });

/** POST /api/personal-data/export and /erasure: the token of the e-mailed link. */
export const dataLinkOpenSchema = z.object({ token: z.string().min(20).max(100) });

const cents = z.number().int();

/** Everything held under an address (GET … /export): the machine-readable copy the page shows. */
export const personalDataExportSchema = z.object({
  email: z.string(),
  exportedAt: isoInstant,
  bookings: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      type: z.string(),
      status: z.string(),
      startsAt: isoInstant,
      endsAt: isoInstant,
      customer: z.object({
        name: z.string(),
        email: z.string(),
        phone: z.string().nullable(),
        // The postal address given for an invoice above the simplified-invoice limit; '' when none.
        address: z.string(),
      }),
      language: z.string(),
      party: z.object({ adults: z.number(), children50: z.number(), kidsFree: z.number() }),
      amountCents: cents,
      currency: z.string(),
      extras: z.unknown(),
      promoCode: z.string().nullable(),
      clientAddress: z.string().nullable(),
      createdAt: isoInstant,
      tickets: z.array(z.object({ code: z.string(), kind: z.string(), seatNo: z.number().nullable() })),
      payments: z.array(z.object({ amountCents: cents, status: z.string() })),
      refunds: z.array(z.object({ amountCents: cents, status: z.string(), reason: z.string().nullable() })),
      review: z.object({ stars: z.number(), text: z.string() }).nullable(),
    }),
  ),
  invoices: z.array(
    z.object({
      number: z.string(),
      invoiceType: z.enum(INVOICE_TYPES),
      bookingReference: z.string(),
      issuer: z.string(),
      recipient: invoicePartySchema.nullable(),
      totalCents: cents,
      issuedAt: isoInstant,
    }),
  ),
  emails: z.array(
    z.object({
      subject: z.string(),
      kind: z.string(),
      bookingReference: z.string().nullable(),
      status: z.string(),
      createdAt: isoInstant,
      sentAt: isoInstant.nullable(),
    }),
  ),
  messages: z.array(z.object({ createdAt: isoInstant, message: z.string() })),
  waitlist: z.array(z.object({ tripId: z.string(), seats: z.number(), createdAt: isoInstant })),
  giftVouchers: z.array(z.object({ code: z.string(), amountCents: cents, createdAt: isoInstant })),
});
export type PersonalDataExport = z.infer<typeof personalDataExportSchema>;
