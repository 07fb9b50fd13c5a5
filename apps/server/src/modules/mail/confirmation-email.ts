// The booking confirmation in the customer's language (en, es, ru): boat, harbour, Canary date
// and time, passengers, total, tickets, and an .ics calendar attachment.
import { canaryTimeLabel, formatCanaryDate, type Locale } from '@boats/domain/canary-time';
import { bookingReference } from '@boats/domain/booking-reference';
import { formatMoney } from '@boats/domain/money';
import type { PassengerType } from '@boats/domain/passengers';
import type { boats, bookings, tickets } from '../../db/schema';
import { calendarEvent } from './ics';
import type { OutgoingEmail } from './outbox';

type Texts = {
  subject: (boat: string, date: string) => string;
  greeting: (name: string) => string;
  intro: string;
  boat: string;
  harbour: string;
  date: string;
  time: string;
  passengers: string;
  total: string;
  tickets: string;
  seat: string;
  bookingNo: string;
  manage: string;
  closing: string;
  charter: string;
  shared: string;
  pax: Record<PassengerType, string>;
  counts: { adults: string; child_u13: string; child_u6: string };
};

const TEXTS: Record<Locale, Texts> = {
  en: {
    subject: (boat, date) => `Booking confirmed: ${boat}, ${date}`,
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    intro: 'Thank you for your booking. Your payment has been received and your trip is booked.',
    boat: 'Boat',
    harbour: 'Harbour',
    date: 'Date',
    time: 'Time (Canary Islands)',
    passengers: 'Passengers',
    total: 'Total paid',
    tickets: 'Tickets',
    seat: 'seat',
    bookingNo: 'Booking number',
    manage: 'View your booking',
    closing: 'Please be at the harbour 15 minutes before departure. See you on board!',
    charter: 'Private charter',
    shared: 'Shared trip',
    pax: {
      adult: 'Adult',
      child_u13: 'Child 6–12',
      child_u6_paid: 'Child under 6',
      child_u6_free: 'Child under 6 (free)',
    },
    counts: { adults: 'adults', child_u13: 'children 6–12', child_u6: 'children under 6' },
  },
  es: {
    subject: (boat, date) => `Reserva confirmada: ${boat}, ${date}`,
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    intro: 'Gracias por tu reserva. Hemos recibido el pago y tu salida está reservada.',
    boat: 'Barco',
    harbour: 'Puerto',
    date: 'Fecha',
    time: 'Hora (Islas Canarias)',
    passengers: 'Pasajeros',
    total: 'Total pagado',
    tickets: 'Billetes',
    seat: 'asiento',
    bookingNo: 'Número de reserva',
    manage: 'Ver tu reserva',
    closing: 'Preséntate en el puerto 15 minutos antes de la salida. ¡Nos vemos a bordo!',
    charter: 'Alquiler privado',
    shared: 'Salida compartida',
    pax: {
      adult: 'Adulto',
      child_u13: 'Niño de 6 a 12 años',
      child_u6_paid: 'Niño menor de 6 años',
      child_u6_free: 'Niño menor de 6 años (gratis)',
    },
    counts: { adults: 'adultos', child_u13: 'niños de 6 a 12 años', child_u6: 'niños menores de 6 años' },
  },
  ru: {
    subject: (boat, date) => `Бронирование подтверждено: ${boat}, ${date}`,
    greeting: (name) => (name ? `Здравствуйте, ${name}!` : 'Здравствуйте!'),
    intro: 'Спасибо за бронирование. Оплата получена, ваша поездка забронирована.',
    boat: 'Лодка',
    harbour: 'Порт',
    date: 'Дата',
    time: 'Время (Канарские острова)',
    passengers: 'Пассажиры',
    total: 'Оплачено',
    tickets: 'Билеты',
    seat: 'место',
    bookingNo: 'Номер бронирования',
    manage: 'Посмотреть бронирование',
    closing: 'Пожалуйста, приходите в порт за 15 минут до отправления. До встречи на борту!',
    charter: 'Частная аренда',
    shared: 'Групповая поездка',
    pax: {
      adult: 'Взрослый',
      child_u13: 'Ребёнок 6–12 лет',
      child_u6_paid: 'Ребёнок до 6 лет',
      child_u6_free: 'Ребёнок до 6 лет (бесплатно)',
    },
    counts: { adults: 'взрослых', child_u13: 'детей 6–12 лет', child_u6: 'детей до 6 лет' },
  },
};

export function emailLocale(language: string): Locale {
  return language === 'es' || language === 'ru' ? language : 'en';
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function confirmationEmail(input: {
  booking: typeof bookings.$inferSelect;
  boat: typeof boats.$inferSelect;
  tickets: (typeof tickets.$inferSelect)[];
  publicUrl: string;
  now: Date;
}): OutgoingEmail {
  const { booking, boat } = input;
  const locale = emailLocale(booking.language);
  const t = TEXTS[locale];
  const boatTitle = boat.title[locale] ?? boat.title.en;
  const date = formatCanaryDate(booking.startsAt, locale);
  const time = `${canaryTimeLabel(booking.startsAt)}–${canaryTimeLabel(booking.endsAt)}`;
  // The address usually starts with the harbour's name; do not say it twice.
  const harbour = boat.portAddress.startsWith(boat.portName)
    ? boat.portAddress
    : [boat.portName, boat.portAddress].filter(Boolean).join(', ');
  const passengers = [
    `${booking.adults} ${t.counts.adults}`,
    ...(booking.childrenU13 > 0 ? [`${booking.childrenU13} ${t.counts.child_u13}`] : []),
    ...(booking.childrenU6 > 0 ? [`${booking.childrenU6} ${t.counts.child_u6}`] : []),
  ].join(', ');
  const total = formatMoney(booking.amountGrossCents, locale);
  const shortNo = bookingReference(booking.id);
  const link = `${input.publicUrl}/booking?booking=${booking.id}`;
  const ticketLines = input.tickets.map(
    (ticket) =>
      `${ticket.code} · ${t.seat} ${ticket.seatNo} · ${t.pax[ticket.passengerType]} · ${formatMoney(ticket.pricePaidCents, locale)}`,
  );

  const rows: [string, string][] = [
    [t.bookingNo, shortNo],
    [t.boat, `${boatTitle} (${booking.type === 'private' ? t.charter : t.shared})`],
    [t.harbour, harbour],
    [t.date, date],
    [t.time, time],
    [t.passengers, passengers],
    [t.total, total],
  ];
  const text = [
    t.greeting(booking.customerName),
    '',
    t.intro,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    ...(ticketLines.length > 0 ? ['', `${t.tickets}:`, ...ticketLines.map((l) => `- ${l}`)] : []),
    '',
    `${t.manage}: ${link}`,
    '',
    t.closing,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(t.greeting(booking.customerName))}</p>`,
    `<p>${escapeHtml(t.intro)}</p>`,
    '<table>',
    ...rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    ...(ticketLines.length > 0
      ? [
          `<h3>${escapeHtml(t.tickets)}</h3><ul>`,
          ...ticketLines.map((l) => `<li>${escapeHtml(l)}</li>`),
          '</ul>',
        ]
      : []),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.manage)}</a></p>`,
    `<p>${escapeHtml(t.closing)}</p>`,
  ].join('\n');

  const ics = calendarEvent({
    uid: `${booking.id}@adboatrental`,
    start: booking.startsAt,
    end: booking.endsAt,
    stamp: input.now,
    summary: `${boatTitle} · ${booking.type === 'private' ? t.charter : t.shared}`,
    location: harbour,
    description: `${t.bookingNo}: ${shortNo}\n${t.passengers}: ${passengers}\n${link}`,
  });

  return {
    kind: 'booking_confirmation',
    to: booking.customerEmail,
    subject: t.subject(boatTitle, date),
    text,
    html,
    bookingId: booking.id,
    attachments: [
      {
        filename: `booking-${shortNo}.ics`,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: ics,
      },
    ],
  };
}
