// Manage my booking at 360 px: found by number and e-mail, cancelled 3 days ahead with the full
// price back, opened from the e-mail's link 30 hours ahead and cancelled with half back; the
// refund is shown before cancelling and recorded in the ledger. Axe-clean on every screen.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { boatByTitle } from '../support/booking-helpers';
import { adminToken, bookingNumber, openSharedTrip, paidSharedBooking } from '../support/api-booking';

test.use({ viewport: { width: 360, height: 780 } });

const axe = async (page: Page) => expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

async function ledgerOf(request: APIRequestContext, token: string, id: string) {
  const res = await request.get(`/api/admin/bookings/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()) as { status: string; refunds: { amount: number; status: string }[] };
}

test('find by number and e-mail, cancel 3 days ahead: everything back', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await adminToken(request);
  const boat = await boatByTitle(request, 'Gigantes Explorer');
  const trip = await openSharedTrip(request, admin, boat._id, 72, 20);
  const email = 'manage-full@example.com';
  const id = await paidSharedBooking(request, { boatId: boat._id, trip, seatPrice: 20, adults: 2, email });

  await page.goto('/booking/manage');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage my booking' })).toBeVisible();
  await axe(page);
  await page.getByLabel('Booking number').fill('ZZZZZZZZ');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Find my booking' }).click();
  await expect(page.getByText('Booking numbers have 8 letters and digits')).toBeVisible();
  await page.getByLabel('Booking number').fill(bookingNumber(id).toLowerCase());
  await page.getByRole('button', { name: 'Find my booking' }).click();
  await expect(page.getByTestId('booking-number')).toHaveText(bookingNumber(id));
  await expect(page).toHaveURL(new RegExp(`booking=${id}&token=`));
  await expect(page.getByTestId('ticket-card')).toHaveCount(2);
  await axe(page);

  // Reload keeps the booking open (the token is in the address).
  await page.reload();
  await expect(page.getByTestId('booking-number')).toHaveText(bookingNumber(id));

  await page.getByRole('button', { name: 'Cancel booking…' }).click();
  await expect(page.getByTestId('refund-quote')).toHaveText(
    'If you cancel now, you get back €80.00 of the €80.00 you paid (100 %).',
  );
  await expect(page.getByText('Up to 48 hours before departure: 100 % back')).toBeVisible();
  await axe(page);
  await page.getByRole('button', { name: 'Cancel booking and refund €80.00' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your booking is canceled.' })).toBeVisible();
  const ledger = await ledgerOf(request, admin, id);
  expect(ledger.status).toBe('refunded');
  expect(ledger.refunds).toEqual([expect.objectContaining({ amount: 80, status: 'succeeded' })]);
});

test('opened from the e-mail link 30 hours ahead: half back', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await adminToken(request);
  const boat = await boatByTitle(request, 'Gigantes Explorer');
  const trip = await openSharedTrip(request, admin, boat._id, 30, 20);
  const email = 'manage-half@example.com';
  const id = await paidSharedBooking(request, { boatId: boat._id, trip, seatPrice: 20, adults: 2, email });
  const found = await request.post('/api/bookings/lookup', { data: { reference: bookingNumber(id), email } });
  const { token } = (await found.json()) as { token: string };

  await page.goto(`/booking/manage?booking=${id}&token=${token}`);
  await expect(page.getByTestId('booking-number')).toHaveText(bookingNumber(id));
  await page.getByRole('button', { name: 'Cancel booking…' }).click();
  await expect(page.getByTestId('refund-quote')).toContainText(
    'you get back €40.00 of the €80.00 you paid (50 %)',
  );
  if (process.env.UPDATE_SCREENSHOTS) {
    // The README's picture: the refund shown before the customer confirms (360 × 740).
    await page.getByTestId('refund-quote').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: '../docs/screenshots/manage-360.png' });
  }
  await page.getByRole('button', { name: 'Cancel booking and refund €40.00' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your booking is canceled.' })).toBeVisible();
  const ledger = await ledgerOf(request, admin, id);
  expect(ledger.status).toBe('canceled');
  expect(ledger.refunds).toEqual([expect.objectContaining({ amount: 40, status: 'succeeded' })]);
});
