// @vitest-environment node
// A link is only as good as the route that answers it: every address a `paths` entry makes must
// be matched by that entry's own route pattern, with the parameters it was given.
import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('the app paths', () => {
  it('each link lands on its own route, with the id it names', () => {
    const cases: [{ path: string }, string, Record<string, string>][] = [
      [paths.bookingOfBoat, paths.bookingOfBoat.getHref('b1'), { boatId: 'b1' }],
      [paths.legal, paths.legal.getHref('terms'), { document: 'terms' }],
      [paths.admin.editBoat, paths.admin.editBoat.getHref('b2'), { boatId: 'b2' }],
      [paths.admin.trip, paths.admin.trip.getHref('s1'), { slotId: 's1' }],
      [paths.admin.invoice, paths.admin.invoice.getHref('i1'), { invoiceId: 'i1' }],
      [paths.admin.statement, paths.admin.statement.getHref('2026-10', 'o1'), { month: '2026-10' }],
    ];
    for (const [entry, href, params] of cases) {
      expect(matchPath(entry.path, href.split('?')[0]!)?.params, href).toEqual(params);
    }
    for (const entry of [
      paths.booking,
      paths.manageBooking,
      paths.gift,
      paths.listYourBoat,
      paths.admin.bookings,
    ]) {
      expect(matchPath(entry.path, entry.getHref()), entry.path).not.toBeNull();
    }
  });

  it('puts only the query parameters that have a value', () => {
    expect(paths.booking.getHref()).toBe('/booking');
    expect(paths.booking.getHref({ mode: 'tickets' })).toBe('/booking?mode=tickets');
    expect(paths.bookingConfirmation.getHref('bk 1', 'k-1')).toBe('/booking?booking=bk+1&key=k-1');
    expect(paths.admin.trips.getHref()).toBe('/admin/trips');
    expect(paths.admin.trips.getHref('2026-11-26')).toBe('/admin/trips?date=2026-11-26');
    expect(paths.admin.checkin.getHref('s1')).toBe('/admin/checkin?trip=s1');
    expect(paths.admin.statement.getHref('2026-10', null)).toBe('/admin/earnings/statement/2026-10');
    expect(paths.giftVoucher.getHref('v1', 't&k')).toBe('/gift/voucher?id=v1&token=t%26k');
    expect(paths.home.getHref('contact')).toBe('/#contact');
  });
});
