// The customer's booking e-mails, in the booking's language, texts from email.json: a shared
// layout (greeting, the booking's facts, a link to it) around each kind's own lines.
import { boatPath, REQUESTED_BOOKINGS_PATH } from '@boats/domain/public-paths';
import { canaryTimeLabel, formatCanaryDate, formatCanaryDateTime } from '@boats/domain/canary-time';
import { licenceLineKey, requiredLicence } from '@boats/domain/licences';
import type { MinimumToReach } from '@boats/domain/trip-state';
import { effectivePolicy, sortedRules } from '@boats/domain/cancellation-policy';
import { GOODWILL_CAUSE } from '@boats/domain/goodwill-refund';
import { isUpcomingStatus } from '@boats/domain/booking-status';
import { formatMoney, formatNumber } from '@boats/domain/money';
import { priceLine } from '@boats/domain/pricing';
import { languageOf } from '@boats/domain/languages';
import { bookingReference } from '@boats/domain/booking-reference';
import { calendarEvent, meetingMapUrl } from '@boats/domain/calendar-event';
import type { TripCancelReason } from '@boats/domain/schemas/trip-cancellation';
import type { RequestDeclineReason } from '@boats/domain/schemas/request-to-book';
import { OWNER_SUSPENDED_CAUSE } from '@boats/domain/schemas/upcoming-bookings';
import { harbourOf } from '../boats/boat-mapper';
import type { boats, bookings, EmailAttachment, tickets } from '../../db/schema';
import { localeTexts } from '../../locale-texts';
import { emailTexts, labelled } from './email-i18n';
import { emailEnvelope, type RenderedBody } from './email-envelope';
import type { OutgoingEmail } from './outbox';
import { escapeHtml } from './html';

export type BookingEmailInput = {
  booking: typeof bookings.$inferSelect;
  boat: typeof boats.$inferSelect;
  tickets: (typeof tickets.$inferSelect)[];
  publicUrl: string;
  /** The manage-my-booking link with the customer's token (choices that need it). */
  manageUrl: string;
  /** The signed review link (the e-mail after the trip), valid REVIEW_LINK_DAYS from now. */
  reviewUrl: string;
  now: Date;
  /** Cents of the price a gift voucher pays (the rest by card); 0 or absent: none. */
  voucherCents?: number;
  /** Cents of the price the platform covers (a move to another owner's dearer trip); 0 or absent: none. */
  coverCents?: number;
  /** The minimum its shared trip has still to reach (domain minimumToReach); absent: none. */
  minimum?: MinimumToReach | null;
  /** A refund's e-mail: what the booking keeps once its refunds are out (the ledger's). */
  keptCents?: number;
  /**
   * The customer's invoices the e-mail carries (each its number and PDF): attached, and said in
   * its text (jobs/event-invoices.ts decides which).
   */
  invoices?: { number: string; pdf: EmailAttachment }[];
  /** The booking's security deposit (docs/payments.md#the-security-deposit); absent: none. */
  deposit?: { amountCents: number; holdAt: Date } | null;
};

/** A booking e-mail goes to the booking's customer and is filed under the booking. */
function toCustomer(
  input: BookingEmailInput,
  kind: string,
  subject: string,
  body: RenderedBody,
  attachments?: OutgoingEmail['attachments'],
): OutgoingEmail {
  const { booking } = input;
  const files = [...(attachments ?? []), ...(input.invoices ?? []).map((invoice) => invoice.pdf)];
  return emailEnvelope({ kind, to: booking.customerEmail, subject }, body, {
    bookingId: booking.id,
    language: booking.language,
    ...(files.length > 0 && { attachments: files }),
  });
}

/** A table cell: an address on the web (the map) becomes a link. */
function cell(value: string): string {
  const safe = escapeHtml(value);
  return /^https:\/\/\S+$/.test(value) ? `<a href="${safe}">${safe}</a>` : safe;
}

/** What every booking e-mail knows about its booking, in the booking's language. */
function facts(input: BookingEmailInput) {
  const { booking, boat } = input;
  const locale = languageOf(booking.language);
  const t = emailTexts(booking.language);
  const boatTitle = boat.title[locale] ?? boat.title.en;
  const date = formatCanaryDate(booking.startsAt, locale);
  const time = `${canaryTimeLabel(booking.startsAt)}–${canaryTimeLabel(booking.endsAt)}`;
  const texts = harbourOf(boat);
  const portName = texts.name[locale] ?? texts.name.en;
  const portAddress = texts.address[locale] ?? texts.address.en;
  // The address usually starts with the harbour's name; do not say it twice.
  const harbour = portAddress.startsWith(portName)
    ? portAddress
    : [portName, portAddress].filter(Boolean).join(', ');
  const passengers = [
    t('common.adults', { count: booking.adults }),
    ...(booking.children50 > 0 ? [t('common.children50', { count: booking.children50 })] : []),
    ...(booking.kidsFree > 0 ? [t('common.kidsFree', { count: booking.kidsFree })] : []),
  ].join(', ');
  const kind = t(booking.type === 'private' ? 'common.charter' : 'common.shared');
  return {
    t,
    locale,
    boatTitle,
    date,
    time,
    harbour,
    harbourNote: texts.note[locale] ?? texts.note.en,
    mapUrl: meetingMapUrl(portAddress, portName),
    passengers,
    kind,
    shortNo: bookingReference(booking.id),
    link: input.manageUrl,
    money: (cents: number) => formatMoney(cents, locale),
    licence: requiredLicence(boat),
    licenceKey: licenceLineKey('bringLicence', boat.foreignLicenceAccepted),
    common: commonTexts(booking.language),
    invoiceNumbers: (input.invoices ?? []).map((invoice) => invoice.number),
  };
}

type Facts = ReturnType<typeof facts>;

/** Greeting, paragraphs, a table of facts, a list, the link and a closing line; text and HTML. */
function layout(
  f: Facts,
  name: string,
  parts: {
    paragraphs: string[];
    rows: [string, string][];
    lists?: { title: string; items: string[] }[];
    /** The e-mail's one thing to do, as a link before the manage link. */
    action?: { label: string; url: string };
    closing?: string;
    /** Leave out the manage link (an offer not yet paid is no booking to manage). */
    noManage?: boolean;
  },
): { text: string; html: string } {
  const manage = !parts.noManage;
  const greeting = name ? f.t('common.greeting', { name }) : f.t('common.greetingNoName');
  const paragraphs = [...parts.paragraphs, ...invoicesAttached(f)];
  const lists = (parts.lists ?? []).filter((l) => l.items.length > 0);
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...parts.rows.map(([k, v]) => labelled(f.locale, k, v)),
    ...lists.flatMap((list) => ['', labelled(f.locale, list.title), ...list.items.map((l) => `- ${l}`)]),
    ...(parts.action ? ['', labelled(f.locale, parts.action.label, parts.action.url)] : []),
    ...(manage ? ['', labelled(f.locale, f.t('common.manage'), f.link)] : []),
    ...(parts.closing ? ['', parts.closing] : []),
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    '<table>',
    ...parts.rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${cell(v)}</td></tr>`),
    '</table>',
    ...lists.flatMap((list) => [
      `<h3>${escapeHtml(list.title)}</h3><ul>`,
      ...list.items.map((l) => `<li>${escapeHtml(l)}</li>`),
      '</ul>',
    ]),
    ...(parts.action
      ? [`<p><a href="${escapeHtml(parts.action.url)}">${escapeHtml(parts.action.label)}</a></p>`]
      : []),
    ...(manage ? [`<p><a href="${escapeHtml(f.link)}">${escapeHtml(f.t('common.manage'))}</a></p>`] : []),
    ...(parts.closing ? [`<p>${escapeHtml(parts.closing)}</p>`] : []),
  ].join('\n');
  return { text, html };
}

/**
 * The sentence of an e-mail that carries invoices: "Your invoices RC2027-000001 and RC2027-000002
 * are attached to this e-mail as PDFs.", the numbers listed the language's way.
 */
function invoicesAttached(f: Facts): string[] {
  const count = f.invoiceNumbers.length;
  if (count === 0) return [];
  const numbers = new Intl.ListFormat(f.locale, { type: 'conjunction' }).format(f.invoiceNumbers);
  return [f.t('invoices.attached', { count, numbers })];
}

function tripRows(f: Facts): [string, string][] {
  return [
    [f.t('common.bookingNo'), f.shortNo],
    [f.t('common.boat'), `${f.boatTitle} (${f.kind})`],
    [f.t('common.harbour'), f.harbour],
    [f.t('common.date'), f.date],
    [f.t('common.time'), f.time],
    [f.t('common.passengers'), f.passengers],
  ];
}

// The price line in the review step's own words (booking.json), so the e-mail says it as the
// customer read it before paying; the minimum's sentence likewise.
const reviewTexts = localeTexts('booking');
// The site's shared words (common.json): the licences' names, Canary time.
const commonTexts = localeTexts('common');

/** A moment as every customer reads it: "25/11/2026 22:00 (Canary time)". */
function canaryMoment(f: Facts, instant: Date): string {
  return f.common('canaryTime', { when: formatCanaryDateTime(instant, f.locale) });
}

/**
 * A shared trip still below its minimum, said again after paying as the review said it: it runs
 * from N paid seats, else it is canceled and refunded in full at the cutoff (Canary time).
 */
function minimumParagraphs(f: Facts, input: BookingEmailInput): string[] {
  if (!input.minimum) return [];
  const t = reviewTexts(input.booking.language);
  return [
    t('review.minimumUntilCutoff', {
      count: input.minimum.seats,
      time: canaryMoment(f, input.minimum.cutoffAt),
    }),
  ];
}

/**
 * The trip's price before its extras and promo code, as the review showed it ("3 h × €180.00",
 * "2 adults × €50.00, 1 child 6–12 × €25.00"), so the total under it can be checked. A booking
 * stored without its breakdown (the demo's seeded ones) has no line.
 */
function priceRows(f: Facts, booking: BookingEmailInput['booking']): [string, string][] {
  if (!booking.priceBreakdown) return [];
  const t = reviewTexts(booking.language);
  const line = priceLine(booking.type, booking.priceBreakdown, booking);
  const hours = 'hours' in line ? formatNumber(line.hours, f.locale) : '';
  const text =
    line.kind === 'hourly'
      ? t('review.rate.hourly', { hours, unit: f.money(line.unitCents) })
      : line.kind === 'fares'
        ? line.parts
            .map((part) => t(`review.fare.${part.who}`, { count: part.count, price: f.money(part.cents) }))
            .join(', ')
        : t(`review.rate.${line.kind}`, { hours });
  return [[t('review.price'), text]];
}

/** The extras bought with the trip, one row each: "Bottle of prosecco · 2 × €35.00 = €70.00". */
function extraRows(f: Facts, booking: BookingEmailInput['booking']): [string, string][] {
  return booking.extras.map((line) => [
    line.name[f.locale] || line.name.en,
    `${line.quantity} × ${f.money(line.unitCents)} = ${f.money(line.totalCents)}`,
  ]);
}

/** The promo code the booking was sold with and what it took off: "Promo code SUMMER-10 · −€13.50". */
function promoRows(f: Facts, booking: BookingEmailInput['booking']): [string, string][] {
  if (!booking.promoCode || booking.discountCents <= 0) return [];
  return [[f.t('common.promoCode', { code: booking.promoCode }), `−${f.money(booking.discountCents)}`]];
}

/** Where to meet (harbour, the boat's note, a map link), when to be there and what to bring. */
function meetingParts(f: Facts, startsAt: Date) {
  const { t } = f;
  return {
    arrive: t('reminder.arrive', { time: canaryTimeLabel(startsAt) }),
    rows: [
      [t('common.meetingPoint'), [f.harbour, f.harbourNote].filter(Boolean).join(' — ')],
      [t('common.map'), f.mapUrl],
    ] as [string, string][],
    bring: {
      title: t('reminder.bringTitle'),
      items: [
        // A self-drive boat: the skipper's licence first, the one thing without which nobody sails.
        ...(f.licence ? [f.common(f.licenceKey, { licence: f.common(`licences.${f.licence}`) })] : []),
        ...['sun', 'swim', 'layer', 'tickets'].map((k) => t(`reminder.bring.${k}`)),
      ],
    },
  };
}

/**
 * Booking confirmed (paid): facts, the meeting point (a booking made the day before gets no
 * reminder), tickets and an .ics calendar attachment.
 */
export function confirmationEmail(
  input: BookingEmailInput,
  texts: 'confirmed' | 'tripMoved' | 'rescheduled' = 'confirmed',
): OutgoingEmail {
  const { booking } = input;
  const f = facts(input);
  const { t } = f;
  const ticketLines = input.tickets.map((ticket) =>
    ticket.kind === 'boarding_pass'
      ? `${ticket.code} · ${t('confirmed.boardingPass')} · ${f.passengers}`
      : `${ticket.code} · ${t('confirmed.seat')} ${ticket.seatNo} · ${t(`pax.${ticket.passengerType}`)} · ${f.money(ticket.pricePaidCents)}`,
  );
  const meeting = meetingParts(f, booking.startsAt);
  const body = layout(f, booking.customerName, {
    paragraphs: [
      t(`${texts}.intro`),
      ...minimumParagraphs(f, input),
      ...depositParagraphs(f, input),
      meeting.arrive,
    ],
    rows: [
      ...tripRows(f),
      ...priceRows(f, booking),
      ...extraRows(f, booking),
      ...promoRows(f, booking),
      ...paidRows(f, input),
      ...meeting.rows,
    ],
    lists: [{ title: t('confirmed.tickets'), items: ticketLines }, meeting.bring, policyList(f, input.boat)],
    closing: t('confirmed.closing'),
  });
  const ics = calendarEvent({
    uid: `${booking.id}@adboatrental`,
    start: booking.startsAt,
    end: booking.endsAt,
    stamp: input.now,
    summary: `${f.boatTitle} · ${f.kind}`,
    location: f.harbour,
    description: `${labelled(f.locale, t('common.bookingNo'), f.shortNo)}\n${labelled(f.locale, t('common.passengers'), f.passengers)}\n${f.link}`,
  });
  return toCustomer(
    input,
    'booking_confirmation',
    t(`${texts}.subject`, { boat: f.boatTitle, date: f.date }),
    body,
    [
      {
        filename: `booking-${f.shortNo}.ics`,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: ics,
      },
    ],
  );
}

/**
 * The operator canceled the booking; their message to the customer, when they wrote one, is
 * quoted as written (their internal note never is).
 */
export function operatorCancellationEmail(
  input: BookingEmailInput,
  message: string | null,
  /** The platform took the boat's owner off the site (a suspension): the customer is told so. */
  boatWithdrawn = false,
): OutgoingEmail {
  const f = facts(input);
  const { t } = f;
  const body = layout(f, input.booking.customerName, {
    paragraphs: [
      t('canceledByOperator.intro'),
      ...(boatWithdrawn ? [t('canceledByOperator.boatWithdrawn')] : []),
      t('canceledByOperator.money'),
    ],
    rows: [...tripRows(f), ...messageRows(f, message)],
  });
  return toCustomer(
    input,
    'booking_canceled',
    t('canceledByOperator.subject', { boat: f.boatTitle, date: f.date }),
    body,
  );
}

/**
 * Crew refused the departure at the harbour (decision 39): the skipper's licence did not cover
 * the boat. The customer reads crew's reason, that the booking is canceled and that, under the
 * policy stated at booking, nothing is refunded; nothing of a deposit is kept.
 */
export function licenceRefusedEmail(input: BookingEmailInput, reason: string): OutgoingEmail {
  const f = facts(input);
  const { t } = f;
  const body = layout(f, input.booking.customerName, {
    paragraphs: [
      t('licenceRefused.intro'),
      t('licenceRefused.policy'),
      ...(input.deposit ? [t('licenceRefused.deposit', { amount: f.money(input.deposit.amountCents) })] : []),
    ],
    rows: [...tripRows(f), ...(reason ? ([[t('licenceRefused.reason'), reason]] as [string, string][]) : [])],
  });
  return toCustomer(
    input,
    'booking_canceled',
    t('licenceRefused.subject', { boat: f.boatTitle, date: f.date }),
    body,
  );
}

/**
 * Money went back to the card (or the gift voucher): a refund the operator issued, a late
 * payment's, a cheaper date's difference, or a goodwill gesture on a booking that sails. It says
 * why the rest, if any, is kept, and never in the cancellation policy's name: a refund that is
 * the policy's own is told by the customer's cancellation e-mail, not here.
 */
export function refundEmail(
  input: BookingEmailInput,
  amountCents: number,
  latePayment: boolean,
  /** A gift voucher's share: back on the voucher, not to a card. */
  toVoucher = false,
  /** Why the money went back (the refund's cause): says why the rest, if any, is kept. */
  cause = 'operator',
  /** The refund's reason as the operator wrote it: a goodwill refund tells it to the customer. */
  reason = '',
): OutgoingEmail {
  if (cause === GOODWILL_CAUSE) return goodwillRefundEmail(input, amountCents, toVoucher, reason);
  const f = facts(input);
  const { t } = f;
  const key = toVoucher ? 'refundToVoucher' : latePayment ? 'latePaymentRefunded' : 'refundIssued';
  const amount = f.money(amountCents);
  // How much went back and how much the booking keeps, and why (a late payment's is all of it).
  const kept = latePayment ? 0 : (input.keptCents ?? 0);
  const why =
    kept === 0
      ? t('refundTerms.nothingKept')
      : cause === 'reschedule'
        ? t('refundTerms.reschedule', { kept: f.money(kept) })
        : t('refundTerms.partial', { kept: f.money(kept) });
  const body = layout(f, input.booking.customerName, {
    paragraphs: [t(`${key}.intro`, { amount }), ...(latePayment ? [] : [why])],
    rows: [
      ...tripRows(f),
      ...(latePayment
        ? []
        : ([
            [t('refundTerms.refunded'), amount],
            [t('refundTerms.kept'), f.money(kept)],
          ] as [string, string][])),
    ],
  });
  return toCustomer(
    input,
    toVoucher ? 'refund_to_voucher' : latePayment ? 'late_payment_refunded' : 'refund_issued',
    t(`${key}.subject`, { amount }),
    body,
  );
}

/**
 * What the customer paid: the price, less what the platform covers of a dearer boat it moved them
 * to (never the customer's money, so never "paid"), and how a gift voucher shared it.
 */
function paidRows(f: Facts, input: BookingEmailInput): [string, string][] {
  const coverCents = input.coverCents ?? 0;
  const paidCents = input.booking.amountGrossCents - coverCents;
  return [
    ...(coverCents > 0
      ? [[f.t('confirmed.platformCover'), `−${f.money(coverCents)}`] as [string, string]]
      : []),
    [f.t('confirmed.total'), f.money(paidCents)],
    ...voucherRows(f, paidCents, input.voucherCents ?? 0),
  ];
}

/**
 * A goodwill gesture (docs/payments.md#goodwill-refunds): how much went back and why, in the
 * operator's words; before the trip, that the booking stands with its tickets.
 */
function goodwillRefundEmail(
  input: BookingEmailInput,
  amountCents: number,
  toVoucher: boolean,
  reason: string,
): OutgoingEmail {
  const f = facts(input);
  const { t } = f;
  const amount = f.money(amountCents);
  const told = reason.trim();
  // The operator's words end a sentence of ours: closed with a full stop unless they are.
  const why = /[.!?…]$/.test(told) ? told : `${told}.`;
  const body = layout(f, input.booking.customerName, {
    paragraphs: [
      t(toVoucher ? 'goodwill.voucher' : 'goodwill.card', { amount, reason: why }),
      ...(isUpcomingStatus(input.booking.status) ? [t('goodwill.stands')] : []),
      ...(toVoucher ? [] : [t('goodwill.bank')]),
    ],
    rows: [
      ...tripRows(f),
      [t('refundTerms.refunded'), amount],
      [t('goodwill.paid'), f.money(input.keptCents ?? 0)],
    ],
  });
  return toCustomer(
    input,
    toVoucher ? 'refund_to_voucher' : 'refund_issued',
    t('goodwill.subject', { amount }),
    body,
  );
}

/** How the total was paid when a gift voucher paid part of it: by voucher, and by card. */
function voucherRows(f: Facts, totalCents: number, voucherCents: number): [string, string][] {
  if (voucherCents <= 0) return [];
  return [
    [f.t('voucherPaid.voucher'), f.money(voucherCents)],
    [f.t('voucherPaid.card'), f.money(totalCents - voucherCents)],
  ];
}

/** The operator's own words to the customer, when there are any. */
function messageRows(f: Facts, message: string | null): [string, string][] {
  return message ? [[f.t('common.operatorMessage'), message]] : [];
}

/**
 * The whole trip was canceled: by the operator (a standard reason, in the customer's language,
 * and their message when they wrote one) or by the minimum-to-depart cutoff. With a deadline,
 * the customer may move to another trip or take a refund through the manage link until then;
 * otherwise the refund follows in its own e-mail.
 */
export function tripCanceledEmail(
  input: BookingEmailInput,
  {
    reasonCode,
    message,
    cause,
    deadline,
    notCharged = false,
  }: {
    reasonCode: TripCancelReason | null;
    message: string | null;
    cause: string;
    deadline: string | null;
    /** A request-to-book: nothing was charged, so nothing is refunded or offered. */
    notCharged?: boolean;
  },
): OutgoingEmail {
  const base = facts(input);
  const f = deadline ? { ...base, link: input.manageUrl } : base;
  const { t } = f;
  const why =
    cause === 'minimum'
      ? 'tripCanceled.minimum'
      : reasonCode === 'technical_fault'
        ? 'tripCanceled.technical'
        : reasonCode === 'boat_unavailable'
          ? 'tripCanceled.unavailable'
          : 'tripCanceled.weather';
  const money = notCharged
    ? [t('tripCanceled.notCharged')]
    : deadline
      ? [
          // A suspended owner's boat offers none of its own trips: only other boats'.
          t(cause === OWNER_SUSPENDED_CAUSE ? 'tripCanceled.choiceOtherBoats' : 'tripCanceled.choice'),
          t('tripCanceled.choiceDeadline', {
            deadline: formatCanaryDateTime(deadline, f.locale),
          }),
        ]
      : [t('tripCanceled.money')];
  const rows: [string, string][] =
    reasonCode && cause !== 'minimum'
      ? [[t('tripCanceled.reason'), t(`tripCanceled.reasons.${reasonCode}`)]]
      : [];
  const body = layout(f, input.booking.customerName, {
    paragraphs: [t(why), ...money],
    rows: [...tripRows(f), ...rows, ...messageRows(f, message)],
  });
  return toCustomer(
    input,
    'trip_canceled',
    t('tripCanceled.subject', { boat: f.boatTitle, date: f.date }),
    body,
  );
}

/** The boat's cancellation rules in words, most generous first. */
function policyList(f: Facts, boat: BookingEmailInput['boat']): { title: string; items: string[] } {
  const rules = sortedRules(effectivePolicy(boat.cancellationPolicy));
  return {
    title: f.t('common.policyTitle'),
    items: [
      ...rules.map((r) => f.t('common.policyRule', { count: r.hoursBefore, percent: r.refundPercent })),
      f.t('common.policyNone'),
    ],
  };
}

/** Before the trip (REMINDER_HOURS_BEFORE): when, the meeting point with a map link, what to bring. */
export function reminderEmail(input: BookingEmailInput): OutgoingEmail {
  const f = facts(input);
  const { t } = f;
  const start = canaryTimeLabel(input.booking.startsAt);
  const meeting = meetingParts(f, input.booking.startsAt);
  const body = layout(f, input.booking.customerName, {
    paragraphs: [t('reminder.intro'), meeting.arrive],
    rows: [...tripRows(f), ...meeting.rows],
    lists: [meeting.bring],
    closing: t('reminder.closing'),
  });
  return toCustomer(
    input,
    'trip_reminder',
    t('reminder.subject', { boat: f.boatTitle, date: f.date, time: start }),
    body,
  );
}

/**
 * At the cutoff of a shared trip with a minimum to depart, the trip reached it (or the operator
 * waived it): it runs. Once per booking (bookings.trip_runs_sent_at); a trip below it is canceled
 * and refunded instead, with the trip-canceled e-mail.
 */
export function tripRunsEmail(input: BookingEmailInput): OutgoingEmail {
  const f = facts(input);
  const { t } = f;
  const meeting = meetingParts(f, input.booking.startsAt);
  const body = layout(f, input.booking.customerName, {
    paragraphs: [t('tripRuns.intro'), meeting.arrive],
    rows: [...tripRows(f), ...meeting.rows],
    lists: [meeting.bring],
  });
  return toCustomer(input, 'trip_runs', t('tripRuns.subject', { boat: f.boatTitle, date: f.date }), body);
}

/**
 * After the trip: one request for a review, with the signed link (REVIEW_LINK_DAYS). Sent only
 * for a completed booking, so never for a canceled or refunded one.
 */
export function reviewRequestEmail(input: BookingEmailInput): OutgoingEmail {
  const f = facts(input);
  const { t } = f;
  const body = layout(f, input.booking.customerName, {
    paragraphs: [t('reviewRequest.intro', { boat: f.boatTitle }), t('reviewRequest.how')],
    rows: tripRows(f),
    action: { label: t('reviewRequest.action'), url: input.reviewUrl },
    closing: t('reviewRequest.closing'),
  });
  return toCustomer(input, 'review_request', t('reviewRequest.subject', { boat: f.boatTitle }), body);
}

/**
 * Freed seats held for a waitlisted visitor (docs/public-site.md#waitlist): how many, until when,
 * and the link to the hold's payment step. To the address they left on the waitlist.
 */
export function waitlistOfferEmail(input: BookingEmailInput, offerUrl: string): OutgoingEmail {
  const f = facts(input);
  const { t } = f;
  const { booking } = input;
  const until = booking.holdExpiresAt ?? input.now;
  const body = layout(f, '', {
    paragraphs: [
      t('waitlistOffer.intro', { count: booking.seats }),
      t('waitlistOffer.until', {
        time: canaryTimeLabel(until),
        date: formatCanaryDate(until, f.locale),
      }),
    ],
    rows: [
      [t('common.boat'), `${f.boatTitle} (${f.kind})`],
      [t('common.harbour'), f.harbour],
      [t('common.date'), f.date],
      [t('common.time'), f.time],
      [t('common.passengers'), f.passengers],
      ...priceRows(f, booking),
      [t('waitlistOffer.total'), f.money(booking.amountGrossCents)],
    ],
    action: { label: t('waitlistOffer.action'), url: offerUrl },
    closing: t('waitlistOffer.closing'),
    noManage: true,
  });
  return toCustomer(input, 'waitlist_offer', t('waitlistOffer.subject', { boat: f.boatTitle }), body);
}

/**
 * Staff booked the customer and e-mailed them a link to pay (docs/payments.md#operator-taken-bookings):
 * the trip, the people, the price, until when the seats are held, and the link. The manage
 * link is left out: an unpaid hold is no booking to manage yet.
 */
export function paymentLinkEmail(input: BookingEmailInput, payUrl: string): OutgoingEmail {
  const f = facts(input);
  const { t } = f;
  const { booking } = input;
  const until = booking.holdExpiresAt ?? input.now;
  const body = layout(f, booking.customerName, {
    paragraphs: [
      t('paymentLink.intro', { boat: f.boatTitle }),
      t('paymentLink.until', {
        time: canaryTimeLabel(until),
        date: formatCanaryDate(until, f.locale),
      }),
    ],
    rows: [
      ...tripRows(f),
      ...priceRows(f, booking),
      ...extraRows(f, booking),
      // Nothing is paid yet: the total is what the link asks.
      [t('paymentLink.total'), f.money(booking.amountGrossCents)],
    ],
    action: { label: t('paymentLink.action'), url: payUrl },
    closing: t('paymentLink.closing'),
    noManage: true,
  });
  return toCustomer(
    input,
    'payment_link',
    t('paymentLink.subject', { boat: f.boatTitle, date: f.date }),
    body,
  );
}

/** The customer moved to another trip after a cancellation: the new trip and its new tickets. */
export function tripMovedEmail(input: BookingEmailInput): OutgoingEmail {
  const mail = confirmationEmail(input, 'tripMoved');
  return { ...mail, kind: 'trip_moved' };
}

/** The customer changed the date on manage my booking: the new trip and its new tickets. */
export function rescheduledEmail(input: BookingEmailInput): OutgoingEmail {
  const mail = confirmationEmail(input, 'rescheduled');
  return { ...mail, kind: 'rescheduled' };
}

/** The customer canceled on manage my booking: what the policy refunds. */
/** A customer's cancellation: its refund, and what the booking held when it was canceled. */
export type CustomerRefund = {
  cents: number;
  percent: number;
  toVoucherCents?: number;
  /** What the booking held (received less refunded) when canceled; the price when not known. */
  heldCents?: number;
  /** Refunded before the cancellation (a goodwill gesture): the policy applied to the rest. */
  refundedBeforeCents?: number;
};

/**
 * Where the refund goes, said once: to the card, or shared between a gift voucher and the card
 * (refundShares), or all on the voucher.
 */
function refundSentence(f: ReturnType<typeof facts>, refund: CustomerRefund, toVoucherCents: number): string {
  const { t } = f;
  if (refund.cents === 0) return t('canceledByCustomer.noRefund');
  const amounts = { amount: f.money(refund.cents), percent: refund.percent };
  if (toVoucherCents === 0) return t('canceledByCustomer.refund', amounts);
  if (toVoucherCents === refund.cents) return t('canceledByCustomer.refundToVoucher', amounts);
  return t('canceledByCustomer.refundToVoucherAndCard', {
    ...amounts,
    voucher: f.money(toVoucherCents),
    card: f.money(refund.cents - toVoucherCents),
  });
}

export function customerCancellationEmail(input: BookingEmailInput, refund: CustomerRefund): OutgoingEmail {
  const f = facts(input);
  const { t } = f;
  const toVoucher = refund.toVoucherCents ?? 0;
  const held = refund.heldCents ?? input.booking.amountGrossCents;
  const kept = Math.max(held - refund.cents, 0);
  const before = refund.refundedBeforeCents ?? 0;
  const body = layout(f, input.booking.customerName, {
    paragraphs: [
      t('canceledByCustomer.intro'),
      ...(before > 0
        ? [t('canceledByCustomer.earlier', { earlier: f.money(before), held: f.money(held) })]
        : []),
      refundSentence(f, refund, toVoucher),
      // What the policy keeps, in its own words below.
      ...(kept > 0 ? [t('canceledByCustomer.kept', { amount: f.money(kept) })] : []),
    ],
    rows: tripRows(f),
    ...(kept > 0 && { lists: [policyList(f, input.boat)] }),
  });
  return toCustomer(
    input,
    'booking_canceled_by_customer',
    t('canceledByCustomer.subject', { boat: f.boatTitle, date: f.date }),
    body,
  );
}

/**
 * Invoices issued where their event sends the customer no e-mail of its own (a company's full
 * invoice; a cancellation's rectifying invoice settled after the cancellation's e-mail went
 * out): "Your invoice for booking X", saying it is attached, with the booking's facts.
 */
export function invoicesEmail(input: BookingEmailInput): OutgoingEmail {
  const f = facts(input);
  const body = layout(f, input.booking.customerName, { paragraphs: [], rows: tripRows(f) });
  return toCustomer(
    input,
    'customer_invoice',
    f.t('invoices.subject', { count: f.invoiceNumbers.length, reference: f.shortNo }),
    body,
  );
}

/** The deadline of a request in the reader's language, Canary time. */
/** The security deposit: how much, when it is held on the card and when it is released. */
function depositParagraphs(f: Facts, input: BookingEmailInput): string[] {
  if (!input.deposit) return [];
  return [
    f.t('deposit.held', {
      amount: f.money(input.deposit.amountCents),
      holdAt: deadlineLabel(f, input.deposit.holdAt),
    }),
  ];
}

/**
 * The security deposit's e-mails to the customer (docs/payments.md#the-security-deposit): the
 * card refused it (with the link to give another card, or the harbour), it was released in full,
 * or part of it was kept for damage (how much and why).
 */
export function depositEmail(
  input: BookingEmailInput,
  outcome: 'failed' | 'released' | 'captured' | 'released_after_claim',
  capture?: { amountCents: number; reason: string },
): OutgoingEmail {
  const f = facts(input);
  const { t } = f;
  const amount = f.money(input.deposit?.amountCents ?? 0);
  const rows: [string, string][] = [...tripRows(f), [t('deposit.amount'), amount]];
  if (outcome === 'failed') {
    const body = layout(f, input.booking.customerName, {
      paragraphs: [t('deposit.failedIntro', { amount }), t('deposit.failedFix')],
      rows,
      action: { label: t('deposit.failedAction'), url: input.manageUrl },
      noManage: true,
    });
    return toCustomer(
      input,
      'deposit_failed',
      t('deposit.failedSubject', { boat: f.boatTitle, date: f.date }),
      body,
    );
  }
  if (outcome === 'released' || outcome === 'released_after_claim') {
    const body = layout(f, input.booking.customerName, {
      paragraphs: [
        t(outcome === 'released' ? 'deposit.releasedIntro' : 'deposit.releasedAfterClaim', { amount }),
      ],
      rows,
    });
    return toCustomer(
      input,
      'deposit_released',
      t('deposit.releasedSubject', { boat: f.boatTitle, date: f.date }),
      body,
    );
  }
  const kept = f.money(capture?.amountCents ?? 0);
  const body = layout(f, input.booking.customerName, {
    paragraphs: [t('deposit.capturedIntro', { amount, kept }), t('deposit.capturedQuestions')],
    rows: [...rows, [t('deposit.capturedKept'), kept], [t('deposit.capturedReason'), capture?.reason ?? '']],
  });
  return toCustomer(
    input,
    'deposit_captured',
    t('deposit.capturedSubject', { boat: f.boatTitle, date: f.date }),
    body,
  );
}

/**
 * A damage claim against the deposit (docs/decisions/0040), to the customer: how much of the
 * deposit, the owner's note, until when they may accept or dispute it on manage my booking, and
 * what happens without an answer.
 */
export function depositClaimEmail(
  input: BookingEmailInput,
  claim: { amountCents: number; note: string; answerBy: Date },
): OutgoingEmail {
  const f = facts(input);
  const { t } = f;
  const amount = f.money(input.deposit?.amountCents ?? 0);
  const claimed = f.money(claim.amountCents);
  const body = layout(f, input.booking.customerName, {
    paragraphs: [
      t('deposit.claimIntro', { amount, claimed }),
      t('deposit.claimAnswer', { answerBy: deadlineLabel(f, claim.answerBy) }),
    ],
    rows: [
      ...tripRows(f),
      [t('deposit.amount'), amount],
      [t('deposit.claimClaimed'), claimed],
      [t('deposit.claimNote'), claim.note],
    ],
    action: { label: t('deposit.claimAction'), url: input.manageUrl },
    noManage: true,
  });
  return toCustomer(
    input,
    'deposit_claimed',
    t('deposit.claimSubject', { boat: f.boatTitle, date: f.date }),
    body,
  );
}

/**
 * To the boat's owner, in the owner's language: their claim is settled (accepted, unanswered, or
 * decided by the platform), how much was captured and why.
 */
export function ownerClaimOutcomeEmail(
  input: BookingEmailInput,
  owner: { email: string; language: string; name: string },
  bookingUrl: string,
  outcome: { keptCents: number; reason: string; how: 'accepted' | 'expired' | 'decided' },
): OutgoingEmail {
  const f = facts({ ...input, booking: { ...input.booking, language: owner.language } });
  const { t } = f;
  const amount = f.money(input.deposit?.amountCents ?? 0);
  const paragraphs =
    outcome.keptCents > 0
      ? [
          t('deposit.ownerOutcomeKept', {
            kept: f.money(outcome.keptCents),
            amount,
            how: t(`deposit.ownerOutcomeHow_${outcome.how}`),
          }),
        ]
      : [t('deposit.ownerOutcomeReleased', { amount })];
  const greeting = owner.name ? t('common.greeting', { name: owner.name }) : t('common.greetingNoName');
  return emailEnvelope(
    {
      kind: 'owner_claim_outcome',
      to: owner.email,
      subject: t('deposit.ownerOutcomeSubject', { boat: f.boatTitle, date: f.date }),
    },
    ownerNotice(f, greeting, paragraphs, [...tripRows(f), [t('deposit.capturedReason'), outcome.reason]], {
      label: t('deposit.ownerOpen'),
      href: bookingUrl,
    }),
    { bookingId: input.booking.id, language: owner.language },
  );
}

/**
 * To the platform's operator, in the platform's language: the customer disputes a damage claim,
 * and the admin decides it (from nothing to the claim) before the card's authorisation lapses,
 * after which nothing can be taken (decideBy; null: a deposit taken at the harbour, no lapse).
 */
export function claimDisputedEmail(
  input: BookingEmailInput,
  operator: { email: string; language: string },
  bookingsUrl: string,
  claim: { amountCents: number; note: string; answer: string; decideBy: Date | null },
): OutgoingEmail {
  const f = facts({ ...input, booking: { ...input.booking, language: operator.language } });
  const { t } = f;
  const paragraphs = [
    t('deposit.disputedIntro', {
      claimed: f.money(claim.amountCents),
      amount: f.money(input.deposit?.amountCents ?? 0),
    }),
    ...(claim.decideBy
      ? [t('deposit.disputedDecideBy', { deadline: deadlineLabel(f, claim.decideBy) })]
      : []),
  ];
  const rows: [string, string][] = [
    ...tripRows(f),
    [t('deposit.claimClaimed'), f.money(claim.amountCents)],
    [t('deposit.claimNote'), claim.note],
    [t('deposit.disputedAnswer'), claim.answer],
  ];
  return emailEnvelope(
    {
      kind: 'claim_disputed',
      to: operator.email,
      subject: t('deposit.disputedSubject', { boat: f.boatTitle, date: f.date }),
    },
    ownerNotice(f, t('common.greetingNoName'), paragraphs, rows, {
      label: t('deposit.disputedOpen'),
      href: bookingsUrl,
    }),
    { bookingId: input.booking.id, language: operator.language },
  );
}

/** To the boat's owner, in the owner's language: the customer's card refused the deposit. */
export function ownerDepositFailedEmail(
  input: BookingEmailInput,
  owner: { email: string; language: string; name: string },
  bookingUrl: string,
): OutgoingEmail {
  const f = facts({ ...input, booking: { ...input.booking, language: owner.language } });
  const { t } = f;
  const amount = f.money(input.deposit?.amountCents ?? 0);
  const paragraphs = [
    t('deposit.ownerFailedIntro', { amount, boat: f.boatTitle }),
    t('deposit.ownerFailedFix'),
  ];
  const greeting = owner.name ? t('common.greeting', { name: owner.name }) : t('common.greetingNoName');
  return emailEnvelope(
    {
      kind: 'owner_deposit_failed',
      to: owner.email,
      subject: t('deposit.ownerFailedSubject', { boat: f.boatTitle, date: f.date }),
    },
    ownerNotice(f, greeting, paragraphs, tripRows(f), { label: t('deposit.ownerOpen'), href: bookingUrl }),
    { bookingId: input.booking.id, language: owner.language },
  );
}

/** An owner's notice about a booking: the greeting, what happened, the trip's facts and a link. */
function ownerNotice(
  f: Facts,
  greeting: string,
  paragraphs: string[],
  rows: [string, string][],
  link: { label: string; href: string },
): { text: string; html: string } {
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...rows.map(([k, v]) => labelled(f.locale, k, v)),
    '',
    labelled(f.locale, link.label, link.href),
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    '<table>',
    ...rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`,
  ].join('\n');
  return { text, html };
}

function deadlineLabel(f: Facts, at: Date | null): string {
  return at ? formatCanaryDateTime(at, f.locale) : '';
}

/**
 * Request-to-book sent (docs/payments.md#request-to-book): requested, the card authorized and not
 * charged until the owner accepts; the owner's deadline.
 */
export function requestReceivedEmail(input: BookingEmailInput): OutgoingEmail {
  const f = facts(input);
  const { t } = f;
  const body = layout(f, input.booking.customerName, {
    paragraphs: [
      t('requested.intro'),
      t('requested.deadline', { deadline: deadlineLabel(f, input.booking.requestDecideBy) }),
      t('requested.next'),
    ],
    rows: [
      ...tripRows(f),
      ...priceRows(f, input.booking),
      ...extraRows(f, input.booking),
      ...promoRows(f, input.booking),
      // Authorized, not paid: nothing is charged until the owner accepts.
      [t('requested.authorized'), f.money(input.booking.amountGrossCents)],
    ],
  });
  return toCustomer(
    input,
    'booking_requested',
    t('requested.subject', { boat: f.boatTitle, date: f.date }),
    body,
  );
}

/**
 * The request was declined (its reason code said in the customer's language) or lapsed
 * unanswered: nothing charged, and a link to the boat's other dates.
 */
export function requestClosedEmail(
  input: BookingEmailInput,
  outcome: 'declined' | 'expired',
  reasonCode: RequestDeclineReason | null,
): OutgoingEmail {
  const f = facts(input);
  const { t } = f;
  const key = outcome === 'declined' ? 'requestDeclined' : 'requestExpired';
  const rows: [string, string][] =
    reasonCode && outcome === 'declined'
      ? [[t('requestDeclined.reason'), t(`requestDeclined.reasons.${reasonCode}`)]]
      : [];
  const body = layout(f, input.booking.customerName, {
    paragraphs: [t(`${key}.intro`), t(`${key}.money`)],
    rows: [...tripRows(f), ...rows],
    action: { label: t(`${key}.otherDates`), url: `${input.publicUrl}${boatPath(input.boat.id)}` },
  });
  return toCustomer(
    input,
    outcome === 'declined' ? 'request_declined' : 'request_expired',
    t(`${key}.subject`, { boat: f.boatTitle, date: f.date }),
    body,
  );
}

/**
 * To the boat's owner, in the owner's language: a new request to accept or decline by its
 * deadline, with a link to the back office's requests.
 */
export function ownerRequestEmail(
  input: BookingEmailInput,
  owner: { email: string; language: string; name: string },
): OutgoingEmail {
  const f = facts({ ...input, booking: { ...input.booking, language: owner.language } });
  const { t } = f;
  const link = `${input.publicUrl}${REQUESTED_BOOKINGS_PATH}`;
  const paragraphs = [
    t('ownerRequest.intro', { boat: f.boatTitle }),
    t('ownerRequest.deadline', { deadline: deadlineLabel(f, input.booking.requestDecideBy) }),
  ];
  const rows: [string, string][] = [
    ...tripRows(f),
    [t('ownerRequest.amount'), f.money(input.booking.amountGrossCents)],
  ];
  const greeting = t('ownerRequest.greeting', { name: owner.name });
  return emailEnvelope(
    {
      kind: 'owner_request',
      to: owner.email,
      subject: t('ownerRequest.subject', { boat: f.boatTitle, date: f.date }),
    },
    ownerNotice(f, greeting, paragraphs, rows, { label: t('ownerRequest.open'), href: link }),
    { bookingId: input.booking.id, language: owner.language },
  );
}
