/**
 * Forms where people give their details. Messages are i18n keys attached to the field they
 * concern; "email or phone" is reported on both fields, since either one fixes it.
 */

import { z } from './zod';
import { blankToUndefined, isoInstant, languageCode, uuid } from './common';
import { emailAddress, optionalEmailAddress } from './email-address';
import { invoiceNamesRecipient } from '../customer-invoice';

const PHONE_INTL_RE = /^\+?\d{7,15}$/;

/** Keeps digits and '+': '+34 600-12-34-56' → '+34600123456'. */
export function normalizePhone(raw: string): string {
  return raw.replace(/[^\d+]/g, '');
}

const name = z.string().trim().min(2, 'validation.minChars2').max(200);

function requireEmailOrPhone(
  value: { email?: string | undefined; phone?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.email === undefined && value.phone === undefined) {
    for (const path of ['email', 'phone']) {
      ctx.addIssue({ code: 'custom', path: [path], message: 'validation.emailOrPhone' });
    }
  }
}

/** A phone, if given, normalised to digits with an optional '+'. */
const optionalPhone = z.preprocess(
  blankToUndefined,
  z
    .string()
    .max(40)
    .transform(normalizePhone)
    .refine((p) => PHONE_INTL_RE.test(p), 'validation.phoneIntl')
    .optional(),
);

/**
 * The customer's postal address, for the invoice of a booking above the simplified-invoice limit
 * (invoiceNamesRecipient); optional below it. Required by the seller's own check of the total:
 * the online contact (contactFor), staff's and agents' sales (their server, once priced).
 */
const invoiceAddress = z.preprocess(
  blankToUndefined,
  z.string().trim().max(300, 'validation.maxChars300').optional(),
);

/**
 * A booking the operator takes in person (a walk-in, a phone call) or an agent sells: an e-mail or
 * a phone, since the customer is standing there or on the line (docs/product.md §5); the address
 * above the simplified-invoice limit.
 */
export const bookingContactSchema = z
  .object({ name, email: optionalEmailAddress, phone: optionalPhone, address: invoiceAddress })
  .superRefine(requireEmailOrPhone);
export type BookingContact = z.infer<typeof bookingContactSchema>;

/**
 * Booking step two online (docs/product.md §5): the e-mail is required, because the tickets,
 * the confirmation and manage my booking all reach the customer through it; the phone is
 * optional. The payment form, the server's contact route and the hold's length use this one.
 */
export const onlineBookingContactSchema = z.object({
  name,
  email: emailAddress,
  phone: optionalPhone,
  address: invoiceAddress,
});
export type OnlineBookingContact = z.infer<typeof onlineBookingContactSchema>;

/**
 * The online contact for a booking of `totalCents`: above the simplified-invoice limit its invoice
 * is a full one, which names the customer and their address (RD 1619/2012 art. 6.1.c and e), so
 * the address is required (docs/invoicing.md#customers-invoices-in-the-owners-name). The payment form and the
 * server's contact route check with this one.
 */
export function contactFor(totalCents: number) {
  return onlineBookingContactSchema.superRefine((contact, ctx) => {
    if (invoiceNamesRecipient(totalCents) && !contact.address) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'validation.invoiceAddress' });
    }
  });
}

export const LEAD_SOURCES = ['landing', 'form', 'widget'] as const;
export const leadSource = z.enum(LEAD_SOURCES);
export type LeadSource = z.infer<typeof leadSource>;

const LEAD_PHONE_CHARS_RE = /^[\d\s\-()+]+$/;

/**
 * Landing contact section, POST /messages/messages. `website` is a honeypot: people never
 * see the field, so a value means a bot; the server accepts and silently drops such a lead.
 */
export const contactLeadSchema = z
  .object({
    name,
    email: optionalEmailAddress,
    phone: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(40)
        .refine((p) => LEAD_PHONE_CHARS_RE.test(p) && p.replace(/\D/g, '').length >= 7, 'validation.phone')
        .optional(),
    ),
    message: z.preprocess(
      blankToUndefined,
      z.string().trim().max(2000, 'validation.maxChars2000').optional(),
    ),
    source: leadSource.default('landing'),
    createdAt: isoInstant.optional(),
    /** The language the visitor used, so the operator answers in it. */
    language: languageCode.optional(),
    /** Sent from a boat's page: the message is about that boat and reaches its owner. */
    boatId: z.preprocess(blankToUndefined, uuid.optional()),
    website: z.string().max(500).optional(),
  })
  .superRefine(requireEmailOrPhone);
export type ContactLead = z.infer<typeof contactLeadSchema>;
export type ContactLeadInput = z.input<typeof contactLeadSchema>;

export function isHoneypotTripped(lead: { website?: string | undefined }): boolean {
  return (lead.website ?? '').trim() !== '';
}

/** POST /user/auth. */
export const loginSchema = z.object({
  email: emailAddress,
  password: z.string().min(6, 'validation.minChars6').max(200),
  remember: z.boolean().default(false),
  /** The site's language: the e-mail about a sign-in from a new device is written in it. */
  language: languageCode.optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;
