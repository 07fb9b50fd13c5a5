// Spec §8 errors on the public flow: payment-intent creation and confirm failures, with Back
// and Retry. The selection's reasons and passengers in Spanish are the selection step's component
// test (apps/web/src/features/booking/selection-step.test.tsx).
import { expect, test } from '../support/test';
import {
  CARD_OK,
  addPassengers,
  boatByTitle,
  continueToPayment,
  dayKey,
  fillCard,
  fillContact,
  openBooking,
  pay,
  pickDay,
  pickStart,
  sharedTrip,
} from '../support/booking-helpers';

test('payment-intent failure, then a confirm failure with Back and a Retry that succeeds', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const boat = await boatByTitle(request, 'Gigantes Explorer');
  const trip = await sharedTrip(request, boat._id, 12, 2);
  await openBooking(page, boat._id);
  await page.getByRole('button', { name: 'Tickets' }).click();
  await pickDay(page, dayKey(trip.start));
  await pickStart(page, trip);
  await addPassengers(page, { adults: 2 });

  await page.route('**/api/boat/payment-intent', (route) => route.fulfill({ status: 503, body: '' }));
  await page.getByRole('button', { name: 'Continue' }).click();
  // A plain sentence first; the spec's text follows as the detail.
  await expect(page.getByRole('alert')).toHaveText(
    'We could not reserve this trip for you. Please try again. (PI create failed: 503)',
  );
  await page.unroute('**/api/boat/payment-intent');

  await continueToPayment(page);
  await fillContact(page);
  await fillCard(page, CARD_OK);
  await page.route('**/checkout/confirm?**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Upstream timeout"}' }),
  );
  await pay(page);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Your payment could not be confirmed yet.');
  await expect(alert).toContainText('error confirming payment: Confirm failed: 500 Upstream timeout');
  await expect(alert.getByRole('button', { name: 'Back' })).toBeVisible();
  await page.unroute('**/checkout/confirm?**');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await expect(page.getByTestId('ticket-card')).toHaveCount(2);
});
