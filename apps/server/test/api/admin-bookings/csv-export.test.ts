import { parse } from 'csv-parse/sync';
import { BOOKINGS_CSV_COLUMNS } from '@boats/domain/csv';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../helpers/admin-token';
import { addBooking, adminBookingsTestApp, at, MONTH_QUERY } from './admin-bookings.fixtures';

describe('bookings CSV export', async () => {
  const { t, admin, boat } = await adminBookingsTestApp({ en: 'Sea "Star", Tenerife', ru: 'Морская звезда' });
  const awkward = {
    name: 'Ñoño "El Capitán", Jr.\nSegunda línea',
    email: 'nono@example.es',
    phone: '+34 612 345 678',
  };
  await addBooking(t.ctx.db, boat, {
    status: 'paid',
    start: at('2026-11-10', '10:00'),
    hours: 3,
    grossCents: 30_050,
    ...awkward,
  });
  await addBooking(t.ctx.db, boat, {
    status: 'confirmed',
    type: 'shared',
    start: at('2026-11-12', '16:30'),
    hours: 2,
    receivedCents: 0,
    ticketCents: [5_000, 5_000, 2_500],
    name: 'Дмитрий Соколов',
    email: 'dmitry@example.ru',
    phone: '+79161234567',
  });
  await addBooking(t.ctx.db, boat, {
    status: 'pending',
    start: at('2026-11-20', '09:00'),
    name: '=HYPERLINK("http://evil")',
  });
  // Outside the month: must not be exported.
  await addBooking(t.ctx.db, boat, { status: 'paid', start: at('2026-12-02', '09:00') });

  it('exports every booking of the filter as UTF-8 CSV with a BOM and a dated file name', async () => {
    const res = await t.app.inject({
      url: `/api/admin/bookings/export.csv?${MONTH_QUERY}&limit=1`,
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename=bookings_2026-11-15.csv');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const rows = parse(res.body, { bom: true, relax_column_count: false }) as string[][];
    expect(rows[0]).toEqual([...BOOKINGS_CSV_COLUMNS]);
    // All three November bookings, not only the first page of one.
    expect(rows).toHaveLength(4);
    expect(rows[1]).toEqual([
      '2026-11-10',
      '10:00',
      'Sea "Star", Tenerife',
      'private',
      '3',
      '2',
      'paid',
      '300.50',
      awkward.name,
      awkward.email,
      awkward.phone,
      rows[1]?.[11],
      rows[1]?.[12],
      '300.50',
      '0.00',
      // The fee and the owner's share of what was kept, adding up to it: 45.08 + 255.42.
      '45.08',
      '255.42',
      // Sold through the site (docs/channels.md#channels).
      'site',
      // The platform's own boat: its name and tax id; paid by card; no invoice issued here (nor
      // a rectifying one), no IGIC.
      rows[1]?.[18],
      rows[1]?.[19],
      'card',
      '',
      '',
      '',
    ]);
    expect(rows[1]?.[18]).toBeTruthy();
    expect(rows[1]?.[11]).toMatch(/^[0-9A-F]{8}$/);
    expect(rows[2]).toEqual([
      '2026-11-12',
      '16:30',
      'Sea "Star", Tenerife',
      'shared',
      '2',
      '3',
      'confirmed',
      // The price, and the ledger's money: nothing received (the tickets' prices are not money).
      '100.00',
      'Дмитрий Соколов',
      'dmitry@example.ru',
      '+79161234567',
      rows[2]?.[11],
      rows[2]?.[12],
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      'site',
      rows[2]?.[18],
      rows[2]?.[19],
      '',
      '',
      '',
      '',
    ]);
    // A name that a spreadsheet would run as a formula stays text.
    expect(rows[3]?.[8]).toBe(`'=HYPERLINK("http://evil")`);
  });

  it("writes the operator's language when asked (lang=ru)", async () => {
    const res = await t.app.inject({
      url: `/api/admin/bookings/export.csv?${MONTH_QUERY}&lang=ru`,
      headers: bearer(admin),
    });
    // A Russian spreadsheet splits by ";" and reads "," as the decimal mark.
    const rows = parse(res.body, { bom: true, delimiter: ';' }) as string[][];
    expect(rows[0]?.slice(0, 3)).toEqual(['дата', 'время', 'лодка']);
    expect(rows[1]?.[7]).toBe('300,50');
    expect(rows[1]?.[6]).toBe('оплачено');
    expect(
      (
        await t.app.inject({
          url: `/api/admin/bookings/export.csv?${MONTH_QUERY}&lang=nl`,
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('applies the same filters as the list', async () => {
    const res = await t.app.inject({
      url: `/api/admin/bookings/export.csv?${MONTH_QUERY}&q=${encodeURIComponent('дмитрий')}`,
      headers: bearer(admin),
    });
    const rows = parse(res.body, { bom: true }) as string[][];
    expect(rows.map((r) => r[8])).toEqual(['customer', 'Дмитрий Соколов']);
  });

  it('exports only the header when nothing matches', async () => {
    const res = await t.app.inject({
      url: `/api/admin/bookings/export.csv?${MONTH_QUERY}&status=refunded`,
      headers: bearer(admin),
    });
    expect(parse(res.body, { bom: true })).toEqual([[...BOOKINGS_CSV_COLUMNS]]);
  });
});
