// Issue 26: a family on a phone adds two bottles of prosecco and a hotel transfer for everyone
// to a shared trip, pays the total the review showed, and finds the extras on the confirmation.
import { expect, test } from '../support/test';
import {
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
} from '../support/booking-helpers';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: false });

test('a family adds prosecco and a transfer to a shared trip and pays the total shown', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const boat = await boatByTitle(request, 'Gigantes Explorer');
  // Prosecco needs 24 hours' notice: a trip three days ahead.
  const trip = await sharedTrip(request, boat._id, 3);
  const hours = (Date.parse(trip.end) - Date.parse(trip.start)) / 3_600_000;
  const seats = 2.5 * trip.seatPrice * hours;

  await openBooking(page, boat._id);
  await page.getByRole('button', { name: 'Tickets' }).click();
  await pickDay(page, dayKey(trip.start));
  await pickStart(page, trip);
  await addPassengers(page, { adults: 2, children: 1, kids: 1 });
  await expect(page.getByTestId('review-total')).toHaveText(euros(seats));

  const extras = page.getByRole('group', { name: 'Extras' });
  await expect(extras).toContainText('€15.00 per person');
  await expect(extras).toContainText('€35.00 each');
  // The boat's extras in its own order: the transfer, then the prosecco.
  for (let i = 0; i < 2; i++) await page.getByRole('button', { name: 'Add one: Bottle of prosecco' }).click();
  const transfer = page.getByRole('button', { name: 'Add one: Hotel transfer' });
  for (let i = 0; i < 4; i++) await transfer.click();
  // A transfer is per person: four people aboard, four at most.
  await expect(transfer).toBeDisabled();

  const total = seats + 2 * 35 + 4 * 15;
  await expect(page.getByTestId('review-extra')).toHaveText(['4 × €15.00 = €60.00', '2 × €35.00 = €70.00']);
  await expect(page.getByTestId('review-total')).toHaveText(euros(total));

  await continueToPayment(page);
  await expect(page.getByRole('button', { name: `Pay ${euros(total)}` })).toBeVisible();
  await fillContact(page);
  await fillCard(page, CARD_OK);
  await pay(page);

  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await expect(page.getByTestId('booking-extra')).toHaveText(['4 × €15.00 = €60.00', '2 × €35.00 = €70.00']);
  await expect(page.getByTestId('booking-total')).toHaveText(euros(total));
});
