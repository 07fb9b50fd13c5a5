// The back office's search (issue 31.9): a booking reference as the customer's e-mail prints it,
// or a phone number however it is spaced, finds the booking in any month, not only the one on
// screen; the export of a search lists the same bookings.
import { bookingReference } from '@boats/domain/booking-reference';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../helpers/admin-token';
import { addBookings, adminBookingsTestApp, at, listBookings, MONTH_QUERY } from './admin-bookings.fixtures';

describe('admin bookings: search by reference and phone, across months', async () => {
  const { t, admin, boat } = await adminBookingsTestApp();
  const { march, november } = await addBookings(t.ctx.db, boat, {
    march: { status: 'paid', start: at('2027-03-14'), name: 'Ana Lejos', phone: '+34 600 11 12 22' },
    november: { status: 'paid', start: at('2026-11-20'), name: 'Boris Cerca', phone: '+7 916 123-45-67' },
  });
  const search = async (q: string) =>
    (await listBookings(t, admin, `q=${encodeURIComponent(q)}`)).items.map((b) => b._id);

  it('finds a booking by its reference, with or without the #, in any case, from any month', async () => {
    const ref = bookingReference(march.booking.id);
    expect(await search(`#${ref}`)).toEqual([march.booking.id]);
    expect(await search(ref.toLowerCase())).toEqual([march.booking.id]);
    // The month on screen would have hidden it.
    const inNovember = await listBookings(t, admin, `${MONTH_QUERY}&q=${encodeURIComponent(ref)}`);
    expect(inNovember.items).toEqual([]);
  });

  it('finds a booking by phone whatever the spacing', async () => {
    expect(await search('600111222')).toEqual([march.booking.id]);
    expect(await search('600 11 12 22')).toEqual([march.booking.id]);
    expect(await search('916 1234567')).toEqual([november.booking.id]);
    expect(await search('999 99 99')).toEqual([]);
  });

  it('exports what the search found', async () => {
    const res = await t.app.inject({
      url: `/api/admin/bookings/export.csv?q=${bookingReference(november.booking.id)}`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Boris Cerca');
    expect(res.body).not.toContain('Ana Lejos');
  });
});
