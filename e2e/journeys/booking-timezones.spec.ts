// Visitors abroad see and book Canary times, whatever their own time zone.
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
  timeLabel,
} from '../support/booking-helpers';

for (const [timezoneId, daysAhead] of [
  ['America/New_York', 9],
  ['Asia/Tokyo', 10],
] as const) {
  test.describe(`browser in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test('shows and books the trip at its Canary time', async ({ page, request }) => {
      test.setTimeout(120_000);
      const boat = await boatByTitle(request, 'Gigantes Explorer');
      const trip = await sharedTrip(request, boat._id, daysAhead, 2);
      const canary = `${timeLabel(trip.start)}–${timeLabel(trip.end)}`;

      await openBooking(page, boat._id);
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);
      await page.getByRole('button', { name: 'Tickets' }).click();
      await pickDay(page, dayKey(trip.start));
      await expect(
        page
          .getByRole('group', { name: 'Start time' })
          .getByRole('button', { name: new RegExp(`^${canary}`) }),
      ).toBeVisible();
      await pickStart(page, trip);
      await addPassengers(page, { adults: 2 });
      await expect(page.getByTestId('review-when')).toContainText(canary);
      await continueToPayment(page);
      await fillContact(page);
      await fillCard(page, CARD_OK);
      await pay(page);
      await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
      const day = dayKey(trip.start).split('-').reverse().join('/');
      await expect(page.getByTestId('booking-when')).toHaveText(`${day} ${canary} (Canary time)`);
    });
  });
}
