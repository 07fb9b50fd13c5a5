// The customer's booking e-mails, in the booking's language, texts from email.json: a shared
// layout (greeting, the booking's facts, a link to it) around each kind's own lines.
import { canaryTimeLabel, formatCanaryDate } from '@boats/domain/canary-time';
import { formatMoney } from '@boats/domain/money';
import type { boats, bookings, tickets } from '../../db/schema';
import { emailLocale, emailTexts } from './email-i18n';
import { calendarEvent } from './ics';
import type { OutgoingEmail } from './outbox';

export type BookingEmailInput = {
  booking: typeof bookings.$inferSelect;
  boat: typeof boats.$inferSelect;
  tickets: (typeof tickets.$inferSelect)[];
  publicUrl: string;
  now: Date;
};

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** What every booking e-mail knows about its booking, in the booking's language. */
function facts(input: BookingEmailInput) {
  const { booking, boat } = input;
  const locale = emailLocale(booking.language);
  const t = emailTexts(booking.language);
  const boatTitle = boat.title[locale] ?? boat.title.en;
  const date = formatCanaryDate(booking.startsAt, locale);
  const time = `${canaryTimeLabel(booking.startsAt)}–${canaryTimeLabel(booking.endsAt)}`;
  // The address usually starts with the harbour's name; do not say it twice.
  const harbour = boat.portAddress.startsWith(boat.portName)
    ? boat.portAddress
    : [boat.portName, boat.portAddress].filter(Boolean).join(', ');
  const passengers = [
    t('common.adults', { count: booking.adults }),
    ...(booking.childrenU13 > 0 ? [t('common.childrenU13', { count: booking.childrenU13 })] : []),
    ...(booking.childrenU6 > 0 ? [t('common.childrenU6', { count: booking.childrenU6 })] : []),
  ].join(', ');
  const kind = t(booking.type === 'private' ? 'common.charter' : 'common.shared');
  return {
    t,
    locale,
    boatTitle,
    date,
    time,
    harbour,
    passengers,
    kind,
    shortNo: booking.id.slice(-8).toUpperCase(),
    link: `${input.publicUrl}/booking?booking=${booking.id}`,
    money: (cents: number) => formatMoney(cents, locale),
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
    list?: { title: string; items: string[] };
    closing?: string;
  },
): { text: string; html: string } {
  const greeting = name ? f.t('common.greeting', { name }) : f.t('common.greetingNoName');
  const list = parts.list && parts.list.items.length > 0 ? parts.list : undefined;
  const text = [
    greeting,
    '',
    ...parts.paragraphs.flatMap((p) => [p, '']),
    ...parts.rows.map(([k, v]) => `${k}: ${v}`),
    ...(list ? ['', `${list.title}:`, ...list.items.map((l) => `- ${l}`)] : []),
    '',
    `${f.t('common.manage')}: ${f.link}`,
    ...(parts.closing ? ['', parts.closing] : []),
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...parts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    '<table>',
    ...parts.rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    ...(list
      ? [
          `<h3>${escapeHtml(list.title)}</h3><ul>`,
          ...list.items.map((l) => `<li>${escapeHtml(l)}</li>`),
          '</ul>',
        ]
      : []),
    `<p><a href="${escapeHtml(f.link)}">${escapeHtml(f.t('common.manage'))}</a></p>`,
    ...(parts.closing ? [`<p>${escapeHtml(parts.closing)}</p>`] : []),
  ].join('\n');
  return { text, html };
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

/** Booking confirmed (paid): facts, tickets and an .ics calendar attachment. */
export function confirmationEmail(input: BookingEmailInput): OutgoingEmail {
  const { booking } = input;
  const f = facts(input);
  const { t } = f;
  const ticketLines = input.tickets.map(
    (ticket) =>
      `${ticket.code} · ${t('confirmed.seat')} ${ticket.seatNo} · ${t(`pax.${ticket.passengerType}`)} · ${f.money(ticket.pricePaidCents)}`,
  );
  const body = layout(f, booking.customerName, {
    paragraphs: [t('confirmed.intro')],
    rows: [...tripRows(f), [t('confirmed.total'), f.money(booking.amountGrossCents)]],
    list: { title: t('confirmed.tickets'), items: ticketLines },
    closing: t('confirmed.closing'),
  });
  const ics = calendarEvent({
    uid: `${booking.id}@adboatrental`,
    start: booking.startsAt,
    end: booking.endsAt,
    stamp: input.now,
    summary: `${f.boatTitle} · ${f.kind}`,
    location: f.harbour,
    description: `${t('common.bookingNo')}: ${f.shortNo}\n${t('common.passengers')}: ${f.passengers}\n${f.link}`,
  });
  return {
    kind: 'booking_confirmation',
    to: booking.customerEmail,
    subject: t('confirmed.subject', { boat: f.boatTitle, date: f.date }),
    ...body,
    bookingId: booking.id,
    attachments: [
      {
        filename: `booking-${f.shortNo}.ics`,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: ics,
      },
    ],
  };
}

/** The operator canceled the booking; their reason, when given, is quoted as written. */
export function operatorCancellationEmail(input: BookingEmailInput, reason: string | null): OutgoingEmail {
  const f = facts(input);
  const { t } = f;
  const body = layout(f, input.booking.customerName, {
    paragraphs: [t('canceledByOperator.intro'), t('canceledByOperator.money')],
    rows: [
      ...tripRows(f),
      ...(reason ? ([[t('canceledByOperator.reason'), reason]] as [string, string][]) : []),
    ],
  });
  return {
    kind: 'booking_canceled',
    to: input.booking.customerEmail,
    subject: t('canceledByOperator.subject', { boat: f.boatTitle, date: f.date }),
    ...body,
    bookingId: input.booking.id,
  };
}

/** Money went back to the card: a refund the operator (or a policy) issued, or a late payment's. */
export function refundEmail(
  input: BookingEmailInput,
  amountCents: number,
  latePayment: boolean,
): OutgoingEmail {
  const f = facts(input);
  const { t } = f;
  const key = latePayment ? 'latePaymentRefunded' : 'refundIssued';
  const amount = f.money(amountCents);
  const body = layout(f, input.booking.customerName, {
    paragraphs: [t(`${key}.intro`, { amount })],
    rows: tripRows(f),
  });
  return {
    kind: latePayment ? 'late_payment_refunded' : 'refund_issued',
    to: input.booking.customerEmail,
    subject: t(`${key}.subject`, { amount }),
    ...body,
    bookingId: input.booking.id,
  };
}
