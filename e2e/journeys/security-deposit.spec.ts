// The security deposit (issue 60, docs/payments.md#the-security-deposit) at 390 px: a boat asks
// €300; the tourist reads it on the review step, cannot continue before agreeing, pays with the
// good card (which is saved for the deposit) and reads it again on the confirmation. The trip
// leaves in a few hours, so the deposits job holds it on the card at once; manage my booking says
// it is held. What becomes of it after the return (a damage claim with a return photo, the
// customer's answer, the capture and the release of the rest) is the self-drive charter's
// journey (self-drive-charter.spec.ts).
import { expect, test } from '../support/test';
import {
  CARD_OK,
  addPassengers,
  continueToPayment,
  dayKey,
  fillCard,
  fillContact,
  openBooking,
  pay,
  pickDay,
  pickStart,
  tryContinue,
} from '../support/booking-helpers';
import { bookingNumber } from '../support/api-booking';
import { journeyBoat, sharedTrip, staffHeaders } from '../support/operator';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: false });

const HOUR = 3_600_000;

test('a deposit stated and agreed to, held on the saved card before departure', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const headers = await staffHeaders(request);
  const boatId = await journeyBoat(request, headers, {
    title: `Deposit Boat ${stamp}`,
    securityDeposit: 300,
  });
  // A few hours ahead, on the hour: inside the 24 hours before departure, so held at once.
  const start = new Date(Math.ceil((Date.now() + 5 * HOUR) / HOUR) * HOUR);
  const trip = await sharedTrip(request, headers, boatId, { start });
  const email = `deposit-${stamp}@example.com`;

  const intent = page.waitForResponse((r) => r.url().endsWith('/api/boat/payment-intent') && r.ok());
  await openBooking(page, boatId);
  await page.getByRole('button', { name: 'Tickets' }).click();
  await pickDay(page, dayKey(trip.start));
  await pickStart(page, {
    _id: trip.slotId,
    type: 'shared',
    start: trip.start.toISOString(),
    end: trip.end.toISOString(),
    isOpen: true,
    seatPrice: trip.seatPrice,
    seatsLeft: 10,
  });
  await addPassengers(page, { adults: 2 });
  await expect(page.getByTestId('deposit-terms')).toContainText(
    'This boat asks a security deposit of €300.00.',
  );
  await tryContinue(page);
  await expect(page.getByText('Agree to the security deposit to continue.')).toBeVisible();
  await page
    .getByRole('checkbox', {
      name: 'I agree that my card is saved and a security deposit of €300.00 is held on it before departure.',
    })
    .check();
  await continueToPayment(page);
  const { bookingId } = (await (await intent).json()) as { bookingId: string };
  await fillContact(page, 'Dana Deposit', email);
  await fillCard(page, CARD_OK);
  await pay(page);
  await expect(page.getByTestId('deposit-note')).toContainText(
    "Security deposit: €300.00, held on your card (not charged) the day before departure and released after the boat's return",
  );

  // The deposits job holds it on the saved card; manage my booking says so.
  const found = await request.post('/api/bookings/lookup', {
    data: { reference: bookingNumber(bookingId), email },
  });
  const { token } = (await found.json()) as { token: string };
  await expect
    .poll(
      async () =>
        (
          (await (
            await request.get(`/api/bookings/${bookingId}/deposit?token=${encodeURIComponent(token)}`)
          ).json()) as { deposit: { status: string } }
        ).deposit.status,
      { timeout: 30_000 },
    )
    .toBe('authorised');
  await page.goto(`/booking/manage?booking=${bookingId}&token=${token}`);
  await expect(page.getByTestId('deposit-panel')).toContainText('€300.00 is held (not charged).');
});
