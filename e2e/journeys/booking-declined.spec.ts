// A declined card shows the provider's message; another card then pays, with the selection
// and the contact details still in place.
import { expect, test } from '../support/test';
import {
  CARD_DECLINED,
  CARD_OK,
  addPassengers,
  boatByTitle,
  continueToPayment,
  dayKey,
  euros,
  fillCard,
  fillContact,
  openBooking,
  pay,
  pickDay,
  pickStart,
  sharedTrip,
  timeLabel,
} from '../support/booking-helpers';

test('declined card, then another card, without losing the selection', async ({ page, request }) => {
  test.setTimeout(120_000);
  const boat = await boatByTitle(request, 'Gigantes Explorer');
  const trip = await sharedTrip(request, boat._id, 6, 3);
  const hours = (Date.parse(trip.end) - Date.parse(trip.start)) / 3_600_000;

  let intents = 0;
  let releases = 0;
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (r.method() === 'POST' && path === '/api/boat/payment-intent') intents += 1;
    if (r.method() === 'POST' && path.endsWith('/release')) releases += 1;
  });
  await openBooking(page, boat._id);
  await page.getByRole('button', { name: 'Tickets' }).click();
  await pickDay(page, dayKey(trip.start));
  await pickStart(page, trip);
  await addPassengers(page, { adults: 3 });
  const total = euros(3 * trip.seatPrice * hours);
  await expect(page.getByTestId('review-total')).toHaveText(total);

  // Back from payment returns to the same selection and gives the hold up.
  await continueToPayment(page);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByTestId('pax-adults')).toHaveText('3');
  await expect(page.getByTestId('review-total')).toHaveText(total);

  await continueToPayment(page);
  // The second Continue holds the seats again, once: the first hold was released on Back.
  expect(intents).toBe(2);
  expect(releases).toBe(1);
  await fillContact(page);
  await fillCard(page, CARD_DECLINED);
  await pay(page);
  await expect(page.getByTestId('card-error')).toHaveText('Your card was declined.');
  await expect(page.getByLabel('Name')).toHaveValue('Alex Tester');
  await expect(page.getByTestId('payment-total')).toHaveText(total);

  await page.getByLabel('Card number').fill(CARD_OK);
  await pay(page);
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await expect(page.getByTestId('ticket-card')).toHaveCount(3);
  await expect(page.getByTestId('booking-when')).toContainText(timeLabel(trip.start));
});
