// A customer whose browser speaks Spanish changes the date of their own booking at 360 px from the
// e-mail's link (issue 39): the boat's rule shown before anything is chosen, the trips with their
// price and difference, a dearer one chosen, its seats held while the booking's card form pays the
// difference, the booking on the new date with new tickets and both payments in the ledger. Every
// text read from the Spanish locale files; axe-clean. (A cheaper trip's refund is covered by the
// API tests.)
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { formatMoney } from '@boats/domain/money';
import { expect, test } from '../support/test';
import { boatByTitle, CARD_OK, fillCard, pay } from '../support/booking-helpers';
import { adminToken, bookingNumber, openSharedTrip, paidSharedBooking } from '../support/api-booking';
import { localeText } from '../support/locale-texts';

test.use({ locale: 'es-ES', viewport: { width: 360, height: 780 } });

const axe = async (page: Page) => expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
const es = (ns: string, key: string, values: Record<string, string | number> = {}) =>
  localeText('es', ns, key, values);
const money = (euros: number) => formatMoney(Math.round(euros * 100), 'es');
/** A text inside an accessible name, whatever space (the euro's is a no-break one) it is read with. */
const spaced = (text: string) => new RegExp(text.replace(/\s/g, '\\s'));

test('moves a booking to a dearer trip four days ahead, in Spanish, and pays the difference by card', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await adminToken(request);
  const boat = await boatByTitle(request, 'Gigantes Explorer');
  const from = await openSharedTrip(request, admin, boat._id, 72, 20);
  const to = await openSharedTrip(request, admin, boat._id, 96, 30);
  const email = 'reschedule-es@example.com';
  const id = await paidSharedBooking(request, {
    boatId: boat._id,
    trip: from,
    seatPrice: 20,
    adults: 2,
    email,
  });
  const found = await request.post('/api/bookings/lookup', { data: { reference: bookingNumber(id), email } });
  const { token } = (await found.json()) as { token: string };

  await page.goto(`/booking/manage?booking=${id}&token=${token}`);
  await expect(page.getByTestId('booking-number')).toHaveText(bookingNumber(id));
  const oldCodes = await page.getByTestId('ticket-card').allTextContents();
  await page.getByRole('button', { name: es('manage', 'reschedule.open') }).click();
  // The rule comes first: the site default, up to 48 h before departure, once, free.
  await expect(page.getByTestId('reschedule-policy')).toHaveText(
    es('common', 'reschedulePolicy.rule', {
      hours: 48,
      count: 1,
      fee: es('common', 'reschedulePolicy.free'),
    }),
  );
  const trips = page.getByRole('list', { name: es('manage', 'reschedule.trips') });
  // Two adults, 2 h at €30 a seat: €120, so €40 more than the €80 paid.
  const dearer = trips.getByRole('button', {
    name: spaced(`${money(120)} · ${es('manage', 'reschedule.more', { amount: money(40) })}`),
  });
  await expect(dearer).toBeVisible();
  await axe(page);
  await dearer.click();
  await expect(page.getByTestId('reschedule-difference')).toHaveText(
    es('manage', 'reschedule.more', { amount: money(40) }),
  );
  await page
    .getByRole('button', { name: es('manage', 'reschedule.confirmDearer', { amount: money(40) }) })
    .click();
  // The seats are held while the booking's own card form pays the difference.
  await expect(page.getByTestId('reschedule-held')).toContainText(money(40));
  await fillCard(page, CARD_OK, 'es');
  await axe(page);
  await pay(page, 'es');
  await expect(page.getByText(es('manage', 'reschedule.donePaid', { amount: money(40) }))).toBeVisible();
  await axe(page);

  const booking = await request.get(`/api/admin/bookings/${id}`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  const details = (await booking.json()) as {
    start: string;
    payments: { amount: number; status: string }[];
    refunds: unknown[];
  };
  expect(details.start).toBe(to.start);
  expect(details.payments.map((p) => [p.amount, p.status])).toEqual([
    [80, 'succeeded'],
    [40, 'succeeded'],
  ]);
  expect(details.refunds).toEqual([]);
  await page.reload();
  await expect(page.getByTestId('ticket-card')).toHaveCount(2);
  const newCodes = await page.getByTestId('ticket-card').allTextContents();
  expect(newCodes).not.toEqual(oldCodes);
});
