import { BOOKING_CHANNELS } from './booking-channel';
import { describe, expect, it } from 'vitest';
import deTexts from '../../../apps/web/public/locales/de/csv.json';
import enTexts from '../../../apps/web/public/locales/en/csv.json';
import esTexts from '../../../apps/web/public/locales/es/csv.json';
import frTexts from '../../../apps/web/public/locales/fr/csv.json';
import itTexts from '../../../apps/web/public/locales/it/csv.json';
import ruTexts from '../../../apps/web/public/locales/ru/csv.json';
import { BOOKING_STATUSES } from './booking-status';
import { LANGUAGES, type LanguageCode } from './languages';
import { PASSENGER_TYPES } from './passengers';
import { PAYMENT_METHODS } from './schemas/operator-booking';
import {
  type CsvBooking,
  type CsvLanguage,
  type CsvSeparator,
  type CsvTexts,
  BOOKINGS_CSV_COLUMNS,
  MANIFEST_CSV_COLUMNS,
  STATEMENT_CSV_COLUMNS,
  bookingCsvRow,
  bookingsCsvHeader,
  bookingsCsvFileName,
  defaultCsvSeparator,
  neutralizeFormula,
  toCsv,
} from './csv';

/**
 * The spreadsheet texts as the site ships them (apps/web/public/locales/{lang}/csv.json); typed
 * here, so a file that misses a column, a status or a passenger type fails the typecheck.
 */
const TEXTS: Record<LanguageCode, CsvTexts> = {
  en: enTexts,
  es: esTexts,
  ru: ruTexts,
  de: deTexts,
  fr: frTexts,
  it: itTexts,
};
const language = (lang: LanguageCode): CsvLanguage => ({ lang, texts: TEXTS[lang] });

/** The whole file as the server streams it (admin-booking-service.ts): the header, then the rows. */
const bookingsCsv = (
  bookings: readonly CsvBooking[],
  lang: CsvLanguage,
  separator: CsvSeparator = defaultCsvSeparator(lang.lang),
): string =>
  bookingsCsvHeader(lang, separator) +
  toCsv(
    bookings.map((b) => bookingCsvRow(b, lang, separator)),
    separator,
  );

describe('toCsv', () => {
  it('ends every row with CRLF and quotes only when needed', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c', ''],
      ]),
    ).toBe('a,b\r\nc,\r\n');
    expect(toCsv([['x,y', 'say "hi"', 'line\nbreak', 'cr\r', 'plain']])).toBe(
      '"x,y","say ""hi""","line\nbreak","cr\r",plain\r\n',
    );
    expect(toCsv([])).toBe('');
  });
});

describe('bookings CSV', () => {
  it('has the spec columns and file name', () => {
    expect([...BOOKINGS_CSV_COLUMNS]).toEqual([
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
      'channel',
      'owner name',
      'owner tax id',
      'payment method',
      'invoice',
      'rectifying invoices',
      'IGIC (EUR)',
    ]);
    expect(bookingsCsvFileName('2027-10-31')).toBe('bookings_2027-10-31.csv');
    expect(bookingsCsvFileName(new Date('2027-07-31T23:30:00Z'))).toBe('bookings_2027-08-01.csv');
  });

  it('writes a booking in Canary time across the October change', () => {
    const row = bookingCsvRow(
      {
        _id: '3f1c2a8e-5b7d-4c1e-9a2b-1d2e3f4a5b6c',
        providerPaymentId: 'pi_3Q0abc',
        start: '2027-10-30T23:30:00Z', // 00:30 summer time on the 31st
        end: '2027-10-31T02:30:00Z', // 02:30 winter time: three real hours
        boat: { _id: 'b1', title: 'Brisa, "Marina"' },
        type: 'private',
        status: 'paid',
        passengers: { adults: 2, child_u13: 1, child_u6: 0 },
        amountGross: 300,
        platformFee: 26.93,
        ownerAmount: 152.57,
        payment: { received: 300, refunded: 120.5, total: 300 },
        customer: { name: '=HYPERLINK("x")', email: 'ana@mar.es', phone: '+34 600 12 34 56' },
        channel: { kind: 'agent', name: 'Hotel Mar desk' },
        owner: { name: 'Mar Azul S.L.', taxId: 'B76543210' },
        paymentMethods: ['card', 'voucher'],
        invoice: { number: 'S2027-000042', rectifying: ['R2027-000007', 'R2027-000009'], igic: 11.71 },
      },
      language('en'),
    );
    expect(row).toEqual([
      '2027-10-31',
      '00:30',
      'Brisa, "Marina"',
      'private',
      '3',
      '3',
      'paid',
      '300.00',
      `'=HYPERLINK("x")`,
      'ana@mar.es',
      '+34 600 12 34 56',
      '3F4A5B6C',
      'pi_3Q0abc',
      '300.00',
      '120.50',
      '26.93',
      '152.57',
      'agent · Hotel Mar desk',
      'Mar Azul S.L.',
      'B76543210',
      // Part paid with a gift voucher, the rest by card: both methods.
      'card + gift voucher',
      'S2027-000042',
      // Its refunds' rectifying invoices, named beside it (issue 58).
      'R2027-000007 + R2027-000009',
      '11.71',
    ]);
  });

  it('builds the whole file with a header', () => {
    const csv = bookingsCsv(
      [
        {
          start: '2027-06-10T09:00:00Z',
          end: '2027-06-10T10:30:00Z',
          boat: 'b1',
          type: 'shared',
          status: 'confirmed',
          amountGross: 19.99,
          payment: { received: 0, total: 19.99 },
          tickets: [{ pricePaid: 19.99 }],
          customer: { name: 'Олег', email: null, phone: null },
        },
      ],
      language('en'),
    );
    expect(csv).toBe(
      'date,time,boat,type,duration,people/seats,status,total (EUR),customer,email,phone,reference,payment id,received (EUR),refunded (EUR),fee (EUR),owner (EUR),channel,owner name,owner tax id,payment method,invoice,rectifying invoices,IGIC (EUR)\r\n' +
        // Not paid and not invoiced: no method, no invoice and no IGIC (not 0.00).
        '2027-06-10,10:00,b1,shared,1.5,1,confirmed,19.99,Олег,,,,,0.00,0.00,0.00,0.00,,,,,,,\r\n',
    );
  });

  it("writes the operator's language: headers, status, type and the boat's title", () => {
    const csv = bookingsCsv(
      [
        {
          start: '2027-06-10T09:00:00Z',
          end: '2027-06-10T11:00:00Z',
          boat: {
            _id: 'b1',
            title: 'Sunset cat',
            titleI18n: { en: 'Sunset cat', es: 'Catamarán al atardecer' },
          },
          type: 'private',
          status: 'refunded',
          amountGross: 200,
          payment: { received: 200, refunded: 200, total: 200 },
          customer: { name: 'Ana', email: 'ana@mar.es', phone: '' },
          channel: { kind: 'walk_in', name: null },
          paymentMethods: ['terminal'],
        },
      ],
      language('es'),
    );
    expect(csv).toBe(
      'fecha;hora;barco;tipo;duración;personas/plazas;estado;total (EUR);cliente;correo;teléfono;referencia;id del pago;recibido (EUR);reembolsado (EUR);comisión (EUR);propietario (EUR);canal;propietario;NIF del propietario;forma de pago;factura;facturas rectificativas;IGIC (EUR)\r\n' +
        '2027-06-10;10:00;Catamarán al atardecer;privada;2;0;reembolsada;200,00;Ana;ana@mar.es;;;;200,00;200,00;0,00;0,00;venta en el puerto;;;datáfono;;;\r\n',
    );
  });

  it("splits the way the operator's spreadsheet does: ';' and ',' decimals unless asked for ','", () => {
    const booking = {
      start: '2027-06-10T09:00:00Z',
      end: '2027-06-10T11:30:00Z',
      boat: 'Brisa; la nueva',
      type: 'private' as const,
      status: 'paid' as const,
      amountGross: 100.5,
      payment: { received: 100.5, refunded: 0, total: 100.5 },
    };
    const [, ru] = bookingsCsv([booking], language('ru')).split('\r\n');
    expect(ru).toBe(
      '2027-06-10;10:00;"Brisa; la nueva";частная;2,5;0;оплачено;100,50;;;;;;100,50;0,00;0,00;0,00;;;;;;;',
    );
    const [, es] = bookingsCsv([booking], language('es'), 'comma').split('\r\n');
    expect(es).toBe(
      '2027-06-10,10:00,Brisa; la nueva,privada,2.5,0,pagada,100.50,,,,,,100.50,0.00,0.00,0.00,,,,,,,',
    );
    expect(defaultCsvSeparator('en')).toBe('comma');
    expect(defaultCsvSeparator('es')).toBe('semicolon');
  });

  it('neutralises formulas', () => {
    expect(neutralizeFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutralizeFormula('-1')).toBe("'-1");
    expect(neutralizeFormula('Ana')).toBe('Ana');
  });
});

describe('spreadsheet texts', () => {
  it('name every column, status, trip and passenger type in every language, the statement’s too', () => {
    for (const lng of LANGUAGES) {
      const { texts } = language(lng);
      for (const column of BOOKINGS_CSV_COLUMNS)
        expect(texts.columns[column], `${lng} ${column}`).toBeTruthy();
      for (const column of MANIFEST_CSV_COLUMNS)
        expect(texts.manifest[column], `${lng} ${column}`).toBeTruthy();
      for (const status of BOOKING_STATUSES) expect(texts.status[status], `${lng} ${status}`).toBeTruthy();
      for (const channel of BOOKING_CHANNELS)
        expect(texts.channel[channel], `${lng} ${channel}`).toBeTruthy();
      for (const type of ['private', 'shared'] as const) expect(texts.type[type]).toBeTruthy();
      for (const type of PASSENGER_TYPES) expect(texts.passenger[type], `${lng} ${type}`).toBeTruthy();
      for (const method of PAYMENT_METHODS) expect(texts.method[method], `${lng} ${method}`).toBeTruthy();
      for (const column of STATEMENT_CSV_COLUMNS)
        expect(texts.statement.columns[column], `${lng} ${column}`).toBeTruthy();
    }
  });
});
