// The rental agreement of a self-drive booking (docs/decisions/0039): the platform's template
// (agreement.json, in every site language) or the owner's own terms for the boat
// (`boats.agreement_terms`), filled with the booking, the skipper's licence, the security deposit
// and the boat's condition at departure, in the customer's language. Accepted at booking (the
// review step's licence box says so), signed at departure (the departure's signature). A PDF
// drawn like the invoices (invoices/invoice-pdf.ts documentPdf).
import { formatCanaryDateTime } from '@boats/domain/canary-time';
import { checklistOf, type ChecklistItem, type ConditionValue } from '@boats/domain/condition-checklist';
import { languageOf, type LanguageCode } from '@boats/domain/languages';
import { formatMoney } from '@boats/domain/money';
import { bookingReference } from '@boats/domain/booking-reference';
import { localized } from '@boats/domain/boat-card';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { emailEnvelope } from '../mail/email-envelope';
import type { OutgoingEmail } from '../mail/outbox';
import { notFound } from '../../http/errors';
import { localeTexts } from '../../locale-texts';
import { boatOfBooking, type BookingRow } from '../bookings/booking-repository';
import { documentPdf, type PrintableDocument } from '../invoices/invoice-pdf';
import { operatorIdentity } from '../operator/operator-identity';
import { agreementDepositCents, ownerOfBoat } from './agreement-repository';
import { conditionsOfBookings } from './condition-repository';
import { findLicence } from './licence-repository';

const texts = localeTexts('agreement');
const selfDriveTexts = localeTexts('self-drive');
const commonTexts = localeTexts('common');
const CLAUSES = 6;

function valueText(item: ChecklistItem, value: ConditionValue | undefined, lang: LanguageCode): string {
  const t = selfDriveTexts(lang);
  if (value === undefined) return '—';
  if (item.kind === 'level') return t(`condition.level.${String(value)}`);
  if (item.kind === 'present') return value ? t('condition.present') : t('condition.missing');
  return String(value) || '—';
}

/** What the agreement's PDF draws, in the customer's language. */
export async function agreementDocument(
  ctx: AppContext,
  db: Db,
  booking: BookingRow,
): Promise<PrintableDocument> {
  const boat = await boatOfBooking(db, booking.boatId);
  const owner = boat && (await ownerOfBoat(db, boat.ownerId));
  if (!boat || !owner) throw notFound('Booking');
  const lang = languageOf(booking.language);
  const t = texts(lang);
  const [licence, conditions] = await Promise.all([
    findLicence(db, booking.id),
    conditionsOfBookings(db, [booking.id]),
  ]);
  const departure = conditions.get(booking.id)?.find((c) => c.phase === 'departure');
  // The booking's security deposit (docs/payments.md#the-security-deposit).
  const deposit = await agreementDepositCents(db, booking, boat);
  const boatTitle = localized(boat.title, boat.title.en, lang);
  const operator = operatorIdentity(ctx.config);
  const ownerParty = owner.isPlatform
    ? { name: operator.legalName, taxId: operator.taxId, address: operator.address }
    : { name: owner.legalName || owner.displayName, taxId: owner.taxId, address: owner.address };
  // The owner's terms in the customer's language, else in English, else the platform's template.
  const terms = boat.agreementTerms?.[lang] || boat.agreementTerms?.en;
  const clauses = terms
    ? terms
        .split(/\n\s*\n/)
        .map((c) => c.trim())
        .filter(Boolean)
    : Array.from({ length: CLAUSES }, (_, i) => `${i + 1}. ${t(`clauses.c${i + 1}`)}`);
  const checklist = checklistOf(boat);
  const skipper =
    licence?.licenceType && licence.status !== 'refused'
      ? `${licence.skipperName}`
      : t('facts.skipperToCome');
  const licenceText =
    licence?.licenceType && licence.status !== 'refused'
      ? `${licence.licenceType === 'foreign' ? selfDriveTexts(lang)('form.foreign') : commonTexts(lang)(`licences.${licence.licenceType}`)} · ${licence.licenceNumber} · ${licence.issuingCountry}`
      : t('facts.skipperToCome');
  return {
    language: lang,
    issuedAt: (departure?.recordedAt ?? booking.createdAt).toISOString(),
    title: t('title'),
    subject: t('subject', { boat: boatTitle, ref: bookingReference(booking.id) }),
    facts: [
      [t('facts.booking'), bookingReference(booking.id)],
      [t('facts.boat'), boatTitle],
      [t('facts.harbour'), boat.portName],
      [t('facts.from'), formatCanaryDateTime(booking.startsAt, lang)],
      [t('facts.until'), formatCanaryDateTime(booking.endsAt, lang)],
      [t('facts.customer'), booking.customerName],
      [t('facts.skipper'), skipper],
      [t('facts.licence'), licenceText],
      [t('facts.deposit'), deposit === null ? t('facts.depositNone') : formatMoney(deposit, lang)],
    ],
    parties: [
      { heading: t('parties.owner'), party: ownerParty },
      {
        heading: t('parties.customer'),
        party: {
          name: booking.customerName,
          taxId: '',
          address: [booking.customerEmail, booking.customerPhone].filter(Boolean).join('\n'),
        },
      },
    ],
    mentions: clauses,
    columns: [t('checklist.item'), t('checklist.value')],
    amountColumns: 1,
    rows: departure
      ? checklist.map((item) => [
          item.label || selfDriveTexts(lang)(`condition.items.${item.key}`, { defaultValue: item.key }),
          valueText(item, departure.values[item.key], lang),
        ])
      : [[t('checklist.none'), '']],
    totals: [],
    note: [
      t('accepted', { date: formatCanaryDateTime(booking.createdAt, lang) }),
      departure
        ? t('signed', { name: departure.signedBy, date: formatCanaryDateTime(departure.recordedAt, lang) })
        : t('notSigned'),
    ].join(' '),
    qrUrl: null,
  };
}

/** The agreement as an A4 PDF (read through `db`: the transaction that records the departure). */
export async function agreementPdf(ctx: AppContext, db: Db, booking: BookingRow): Promise<Uint8Array> {
  return documentPdf(await agreementDocument(ctx, db, booking));
}

/**
 * The customer's e-mail once the departure is signed: the agreement as signed, attached. Queued
 * in the transaction that records the departure (mail/outbox.ts), so it goes once.
 */
export async function agreementEmail(
  ctx: AppContext,
  db: Db,
  booking: BookingRow,
): Promise<OutgoingEmail | null> {
  if (!booking.customerEmail) return null;
  const boat = await boatOfBooking(db, booking.boatId);
  const lang = languageOf(booking.language);
  const t = texts(lang);
  const boatTitle = boat ? localized(boat.title, boat.title.en, lang) : '';
  const ref = bookingReference(booking.id);
  const pdf = await agreementPdf(ctx, db, booking);
  return emailEnvelope(
    { kind: 'rental_agreement', to: booking.customerEmail, subject: t('email.subject', { boat: boatTitle }) },
    { text: t('email.body', { name: booking.customerName, ref }) },
    {
      bookingId: booking.id,
      language: lang,
      attachments: [
        {
          filename: `${t('title')} ${ref}.pdf`,
          contentType: 'application/pdf',
          content: Buffer.from(pdf).toString('base64'),
          encoding: 'base64',
        },
      ],
    },
  );
}
