/**
 * Bookings export. RFC 4180 text; the server adds the UTF-8 BOM so spreadsheet programs read
 * accented and Cyrillic names correctly.
 */

import type { InstantInput } from './canary-time';
import {
  canaryDateKey,
  canaryTimeLabel,
  formatCanaryDateTime,
  hoursBetween,
  roundHours,
} from './canary-time';
import type { BookingStatus } from './booking-status';
import type { KpiBooking } from './bookings-kpi';
import type { LocalizedText } from './schemas/boat';
import type { LanguageCode } from './languages';
import type { ManifestResponse } from './schemas/trips';
import type { PassengerType } from './passengers';
import { bookingMoney, bookingPeople } from './bookings-kpi';
import { bookingReference } from './booking-reference';

/** A field quoted only when it holds the separator, a quote or a line break; quotes doubled. */
function csvField(value: string, sep: string): string {
  const needsQuotes = value.includes(sep) || /["\r\n]/.test(value);
  return needsQuotes ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * How a spreadsheet splits the file: "comma" (fields by ",", decimals with ".") as English
 * spreadsheets read it, or "semicolon" (fields by ";", decimals with ",") as Spanish, Russian,
 * German, French and Italian ones do, where "," is the decimal mark.
 */
export const CSV_SEPARATORS = ['comma', 'semicolon'] as const;
export type CsvSeparator = (typeof CSV_SEPARATORS)[number];

/** The separator a spreadsheet in the operator's language expects. */
export function defaultCsvSeparator(lang: LanguageCode): CsvSeparator {
  return lang === 'en' ? 'comma' : 'semicolon';
}

const FIELD_SEPARATOR: Record<CsvSeparator, string> = { comma: ',', semicolon: ';' };
const DECIMAL_MARK: Record<CsvSeparator, string> = { comma: '.', semicolon: ',' };

/** Rows to CSV: fields quoted only when needed, quotes doubled, CRLF after every row. */
export function toCsv(rows: readonly (readonly string[])[], separator: CsvSeparator = 'comma'): string {
  const sep = FIELD_SEPARATOR[separator];
  return rows.map((row) => row.map((value) => csvField(value, sep)).join(sep) + '\r\n').join('');
}

/** A plain number (hours, a percentage) with the separator's decimal mark. */
export function decimalCell(n: number, separator: CsvSeparator): string {
  return String(n).replace('.', DECIMAL_MARK[separator]);
}

/** Euros as a spreadsheet number with two decimals and the separator's decimal mark. */
export function amountCell(euros: number, separator: CsvSeparator): string {
  return euros.toFixed(2).replace('.', DECIMAL_MARK[separator]);
}

/**
 * The column keys; each language names them in CSV_TEXTS. The spec's eleven first, in its
 * order (docs/product.md §9), then what reconciles the file with the card processor's payouts
 * (the reference printed in the customer's e-mail, the payment id) and the ledger's money.
 */
export const BOOKINGS_CSV_COLUMNS = [
  'date',
  'time',
  'boat',
  'type',
  'duration',
  'people/seats',
  'status',
  'total (EUR)',
  'customer',
  'email',
  'phone',
  'reference',
  'payment id',
  'received (EUR)',
  'refunded (EUR)',
  'fee (EUR)',
  'owner (EUR)',
] as const;

/** bookings_{YYYY-MM-DD}.csv, dated by the Canary day of `date` (or the day key itself). */
export function bookingsCsvFileName(date: InstantInput): string {
  const key = typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : canaryDateKey(date);
  return `bookings_${key}.csv`;
}

/**
 * A spreadsheet would run text starting with = + - @ as a formula; a leading apostrophe keeps
 * it text. Phone numbers are left alone when they are only phone characters, since "+34 600…"
 * is not a formula risk worth mangling the number for.
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function phoneCell(phone: string): string {
  return /^\+?[\d\s\-()]*$/.test(phone) ? phone : neutralizeFormula(phone);
}

/** The crew manifest's column keys (one line per ticket); each language names them in CSV_TEXTS. */
export const MANIFEST_CSV_COLUMNS = [
  'boat',
  'type',
  'reference',
  'customer',
  'phone',
  'email',
  'adults',
  'children 6-12',
  'children under 6',
  'ticket',
  'seat',
  'passenger type',
  'boarded at',
  'boarded by',
] as const;

type CsvTexts = {
  columns: Record<(typeof BOOKINGS_CSV_COLUMNS)[number], string>;
  manifest: Record<(typeof MANIFEST_CSV_COLUMNS)[number], string>;
  status: Record<BookingStatus, string>;
  type: Record<'private' | 'shared', string>;
  passenger: Record<PassengerType, string>;
};

/** The operator's spreadsheets in their language: headers, statuses, trip and passenger types. */
const CSV_TEXTS: Record<LanguageCode, CsvTexts> = {
  en: {
    columns: {
      date: 'date',
      time: 'time',
      boat: 'boat',
      type: 'type',
      duration: 'duration',
      'people/seats': 'people/seats',
      status: 'status',
      'total (EUR)': 'total (EUR)',
      'received (EUR)': 'received (EUR)',
      'refunded (EUR)': 'refunded (EUR)',
      'fee (EUR)': 'fee (EUR)',
      'owner (EUR)': 'owner (EUR)',
      customer: 'customer',
      email: 'email',
      phone: 'phone',
      reference: 'reference',
      'payment id': 'payment id',
    },
    status: {
      pending: 'pending',
      requested: 'requested',
      paid: 'paid',
      confirmed: 'confirmed',
      completed: 'completed',
      canceled: 'canceled',
      refunded: 'refunded',
    },
    type: { private: 'private', shared: 'shared' },
    manifest: {
      boat: 'boat',
      type: 'type',
      reference: 'reference',
      customer: 'customer',
      phone: 'phone',
      email: 'email',
      adults: 'adults',
      'children 6-12': 'children 6-12',
      'children under 6': 'children under 6',
      ticket: 'ticket',
      seat: 'seat',
      'passenger type': 'passenger type',
      'boarded at': 'boarded at (Canary time)',
      'boarded by': 'boarded by',
    },
    passenger: {
      adult: 'adult',
      child_u13: 'child 6-12',
      child_u6_paid: 'child under 6',
      child_u6_free: 'child under 6 (free)',
    },
  },
  es: {
    columns: {
      date: 'fecha',
      time: 'hora',
      boat: 'barco',
      type: 'tipo',
      duration: 'duración',
      'people/seats': 'personas/plazas',
      status: 'estado',
      'total (EUR)': 'total (EUR)',
      'received (EUR)': 'recibido (EUR)',
      'refunded (EUR)': 'reembolsado (EUR)',
      'fee (EUR)': 'comisión (EUR)',
      'owner (EUR)': 'propietario (EUR)',
      customer: 'cliente',
      email: 'correo',
      phone: 'teléfono',
      reference: 'referencia',
      'payment id': 'id del pago',
    },
    status: {
      pending: 'pendiente',
      requested: 'solicitada',
      paid: 'pagada',
      confirmed: 'confirmada',
      completed: 'completada',
      canceled: 'cancelada',
      refunded: 'reembolsada',
    },
    type: { private: 'privada', shared: 'compartida' },
    manifest: {
      boat: 'barco',
      type: 'tipo',
      reference: 'referencia',
      customer: 'cliente',
      phone: 'teléfono',
      email: 'correo',
      adults: 'adultos',
      'children 6-12': 'niños 6-12',
      'children under 6': 'niños menores de 6',
      ticket: 'billete',
      seat: 'plaza',
      'passenger type': 'tipo de pasajero',
      'boarded at': 'embarcó (hora de Canarias)',
      'boarded by': 'registrado por',
    },
    passenger: {
      adult: 'adulto',
      child_u13: 'niño 6-12',
      child_u6_paid: 'niño menor de 6',
      child_u6_free: 'niño menor de 6 (gratis)',
    },
  },
  ru: {
    columns: {
      date: 'дата',
      time: 'время',
      boat: 'лодка',
      type: 'тип',
      duration: 'часы',
      'people/seats': 'люди/места',
      status: 'статус',
      'total (EUR)': 'сумма (EUR)',
      'received (EUR)': 'получено (EUR)',
      'refunded (EUR)': 'возвращено (EUR)',
      'fee (EUR)': 'комиссия (EUR)',
      'owner (EUR)': 'владельцу (EUR)',
      customer: 'клиент',
      email: 'эл. почта',
      phone: 'телефон',
      reference: 'бронь',
      'payment id': 'id платежа',
    },
    status: {
      pending: 'ожидает оплаты',
      requested: 'запрос владельцу',
      paid: 'оплачено',
      confirmed: 'подтверждено',
      completed: 'завершено',
      canceled: 'отменено',
      refunded: 'возвращено',
    },
    type: { private: 'частная', shared: 'групповая' },
    manifest: {
      boat: 'лодка',
      type: 'тип',
      reference: 'бронь',
      customer: 'клиент',
      phone: 'телефон',
      email: 'эл. почта',
      adults: 'взрослые',
      'children 6-12': 'дети 6-12',
      'children under 6': 'дети до 6',
      ticket: 'билет',
      seat: 'место',
      'passenger type': 'пассажир',
      'boarded at': 'посадка (канарское время)',
      'boarded by': 'отметил',
    },
    passenger: {
      adult: 'взрослый',
      child_u13: 'ребёнок 6-12',
      child_u6_paid: 'ребёнок до 6',
      child_u6_free: 'ребёнок до 6 (бесплатно)',
    },
  },
  de: {
    columns: {
      date: 'Datum',
      time: 'Uhrzeit',
      boat: 'Boot',
      type: 'Art',
      duration: 'Stunden',
      'people/seats': 'Personen/Plätze',
      status: 'Status',
      'total (EUR)': 'Gesamt (EUR)',
      'received (EUR)': 'eingegangen (EUR)',
      'refunded (EUR)': 'erstattet (EUR)',
      'fee (EUR)': 'Gebühr (EUR)',
      'owner (EUR)': 'Eigner (EUR)',
      customer: 'Kunde',
      email: 'E-Mail',
      phone: 'Telefon',
      reference: 'Buchungsnummer',
      'payment id': 'Zahlungs-ID',
    },
    status: {
      pending: 'ausstehend',
      requested: 'angefragt',
      paid: 'bezahlt',
      confirmed: 'bestätigt',
      completed: 'abgeschlossen',
      canceled: 'storniert',
      refunded: 'erstattet',
    },
    type: { private: 'privat', shared: 'Gruppe' },
    manifest: {
      boat: 'Boot',
      type: 'Art',
      reference: 'Buchungsnummer',
      customer: 'Kunde',
      phone: 'Telefon',
      email: 'E-Mail',
      adults: 'Erwachsene',
      'children 6-12': 'Kinder 6-12',
      'children under 6': 'Kinder unter 6',
      ticket: 'Ticket',
      seat: 'Platz',
      'passenger type': 'Passagier',
      'boarded at': 'an Bord um (kanarische Zeit)',
      'boarded by': 'eingecheckt von',
    },
    passenger: {
      adult: 'Erwachsener',
      child_u13: 'Kind 6-12',
      child_u6_paid: 'Kind unter 6',
      child_u6_free: 'Kind unter 6 (gratis)',
    },
  },
  fr: {
    columns: {
      date: 'date',
      time: 'heure',
      boat: 'bateau',
      type: 'type',
      duration: 'heures',
      'people/seats': 'personnes/places',
      status: 'statut',
      'total (EUR)': 'total (EUR)',
      'received (EUR)': 'reçu (EUR)',
      'refunded (EUR)': 'remboursé (EUR)',
      'fee (EUR)': 'commission (EUR)',
      'owner (EUR)': 'propriétaire (EUR)',
      customer: 'client',
      email: 'e-mail',
      phone: 'téléphone',
      reference: 'réservation',
      'payment id': 'id du paiement',
    },
    status: {
      pending: 'en attente',
      requested: 'demandée',
      paid: 'payée',
      confirmed: 'confirmée',
      completed: 'terminée',
      canceled: 'annulée',
      refunded: 'remboursée',
    },
    type: { private: 'privée', shared: 'partagée' },
    manifest: {
      boat: 'bateau',
      type: 'type',
      reference: 'réservation',
      customer: 'client',
      phone: 'téléphone',
      email: 'e-mail',
      adults: 'adultes',
      'children 6-12': 'enfants 6-12 ans',
      'children under 6': 'enfants de moins de 6 ans',
      ticket: 'billet',
      seat: 'place',
      'passenger type': 'passager',
      'boarded at': 'embarqué à (heure des Canaries)',
      'boarded by': 'embarqué par',
    },
    passenger: {
      adult: 'adulte',
      child_u13: 'enfant 6-12 ans',
      child_u6_paid: 'enfant de moins de 6 ans',
      child_u6_free: 'enfant de moins de 6 ans (gratuit)',
    },
  },
  it: {
    columns: {
      date: 'data',
      time: 'ora',
      boat: 'barca',
      type: 'tipo',
      duration: 'ore',
      'people/seats': 'persone/posti',
      status: 'stato',
      'total (EUR)': 'totale (EUR)',
      'received (EUR)': 'ricevuto (EUR)',
      'refunded (EUR)': 'rimborsato (EUR)',
      'fee (EUR)': 'commissione (EUR)',
      'owner (EUR)': 'proprietario (EUR)',
      customer: 'cliente',
      email: 'email',
      phone: 'telefono',
      reference: 'prenotazione',
      'payment id': 'id pagamento',
    },
    status: {
      pending: 'in attesa',
      requested: 'richiesta',
      paid: 'pagata',
      confirmed: 'confermata',
      completed: 'conclusa',
      canceled: 'cancellata',
      refunded: 'rimborsata',
    },
    type: { private: 'privata', shared: 'condivisa' },
    manifest: {
      boat: 'barca',
      type: 'tipo',
      reference: 'prenotazione',
      customer: 'cliente',
      phone: 'telefono',
      email: 'email',
      adults: 'adulti',
      'children 6-12': 'bambini 6-12',
      'children under 6': 'bambini sotto i 6',
      ticket: 'biglietto',
      seat: 'posto',
      'passenger type': 'passeggero',
      'boarded at': 'a bordo alle (ora delle Canarie)',
      'boarded by': 'imbarcato da',
    },
    passenger: {
      adult: 'adulto',
      child_u13: 'bambino 6-12',
      child_u6_paid: 'bambino sotto i 6',
      child_u6_free: 'bambino sotto i 6 (gratis)',
    },
  },
};

export interface CsvBooking extends KpiBooking {
  providerPaymentId?: string | null;
  start: InstantInput;
  end: InstantInput;
  boat?: string | { _id?: string; title?: string; titleI18n?: LocalizedText } | null;
  customer?: { name?: string | null; email?: string | null; phone?: string | null } | null;
}

/** One row per booking in BOOKINGS_CSV_COLUMNS order; date and time in Canary time. */
export function bookingCsvRow(
  b: CsvBooking,
  lang: LanguageCode = 'en',
  separator: CsvSeparator = 'comma',
): string[] {
  const texts = CSV_TEXTS[lang];
  const boat =
    typeof b.boat === 'string' ? b.boat : b.boat?.titleI18n?.[lang] || b.boat?.title || b.boat?._id || '';
  const money = bookingMoney(b);
  const amount = (euros: number) => amountCell(euros, separator);
  return [
    canaryDateKey(b.start),
    canaryTimeLabel(b.start),
    neutralizeFormula(boat),
    b.type ? texts.type[b.type] : '',
    decimalCell(roundHours(hoursBetween(b.start, b.end)), separator),
    String(bookingPeople(b)),
    b.status ? texts.status[b.status] : '',
    amount(b.amountGross ?? b.payment?.total ?? 0),
    neutralizeFormula(b.customer?.name ?? ''),
    neutralizeFormula(b.customer?.email ?? ''),
    phoneCell(b.customer?.phone ?? ''),
    b._id ? bookingReference(b._id) : '',
    neutralizeFormula(b.providerPaymentId ?? ''),
    // The same figures as the back office: the money the ledger received and refunded (an
    // unpaid booking has received 0.00, never the owner's share), and the split of what was
    // kept: fee + owner = received − refunded.
    amount(money.received),
    amount(money.refunded),
    amount(money.fee),
    amount(money.owner),
  ];
}

/** Header plus one row per booking, in the operator's language, ready for a spreadsheet. */
export function bookingsCsv(
  bookings: readonly CsvBooking[],
  lang: LanguageCode = 'en',
  separator: CsvSeparator = defaultCsvSeparator(lang),
): string {
  const header = BOOKINGS_CSV_COLUMNS.map((column) => CSV_TEXTS[lang].columns[column]);
  return toCsv([header, ...bookings.map((b) => bookingCsvRow(b, lang, separator))], separator);
}

/**
 * The crew's manifest in the operator's language: one line per ticket (a booking without
 * tickets gets one line), with the boat's title in that language and boarding in Canary time.
 */
export function manifestCsv(manifest: ManifestResponse, lang: LanguageCode = 'en'): string {
  const texts = CSV_TEXTS[lang];
  const { trip } = manifest;
  const boat = neutralizeFormula(trip.boatTitleI18n[lang] || trip.boatTitle);
  const rows: string[][] = [];
  for (const b of manifest.bookings) {
    const lines = b.tickets.length > 0 ? b.tickets : [undefined];
    for (const t of lines) {
      rows.push([
        boat,
        texts.type[trip.type],
        neutralizeFormula(b.ref),
        neutralizeFormula(b.customerName),
        phoneCell(b.customerPhone),
        neutralizeFormula(b.customerEmail),
        String(b.adults),
        String(b.childrenU13),
        String(b.childrenU6),
        t?.code ?? '',
        t ? String(t.seatNo) : '',
        t ? texts.passenger[t.passengerType] : '',
        t?.checkedInAt ? formatCanaryDateTime(t.checkedInAt, lang) : '',
        neutralizeFormula(t?.checkedInBy ?? ''),
      ]);
    }
  }
  const header = MANIFEST_CSV_COLUMNS.map((column) => texts.manifest[column]);
  return toCsv([header, ...rows]);
}
