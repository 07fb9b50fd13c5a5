// A visitor who changes their mind after Continue gives the first hold back at once, and the
// confirmation's own address (/booking?booking={id}&key={key}) shows the booking and tickets
// again; the id without its key opens nothing.
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

test('a changed choice releases the first hold; the e-mail link opens the booking', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const boat = await boatByTitle(request, 'Gigantes Explorer');
  const trip = await sharedTrip(request, boat._id, 9, 4);

  // Each hold's id and checkout key, as the start of the checkout answers them.
  const holds: { bookingId: string; checkoutKey: string }[] = [];
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname === '/api/boat/payment-intent' && response.ok()) {
      holds.push((await response.json()) as { bookingId: string; checkoutKey: string });
    }
  });
  await openBooking(page, boat._id);
  await page.getByRole('button', { name: 'Tickets' }).click();
  await pickDay(page, dayKey(trip.start));
  await pickStart(page, trip);
  await addPassengers(page, { adults: 2 });
  await continueToPayment(page);
  await page.getByRole('button', { name: 'Back' }).click();
  await addPassengers(page, { adults: 1 });
  await continueToPayment(page);

  await expect.poll(() => holds.length).toBe(2);
  const first = await request.get(`/checkout/booking/${holds[0]!.bookingId}?key=${holds[0]!.checkoutKey}`);
  expect(((await first.json()) as { booking: { status: string } }).booking.status).toBe('canceled');

  await fillContact(page);
  await fillCard(page, CARD_OK);
  const confirmed = page.waitForResponse((r) => new URL(r.url()).pathname === '/checkout/confirm');
  await pay(page);
  const bookingId = ((await (await confirmed).json()) as { booking: { booking: { _id: string } } }).booking
    .booking._id;
  await expect(page.getByTestId('ticket-card')).toHaveCount(3);

  const confirmation = page.url();
  expect(confirmation).toContain(`booking=${bookingId}&key=${holds[1]!.checkoutKey}`);
  await page.goto('/');
  await page.goto(confirmation);
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await expect(page.getByTestId('ticket-card')).toHaveCount(3);

  // The id alone (seen by crew, owners, agents) opens nothing: the page points to manage my booking.
  await page.goto(`/booking?booking=${bookingId}`);
  await expect(
    page.getByText('We could not find this booking. Please check the link in your e-mail.'),
  ).toBeVisible();
  await expect(page.getByTestId('ticket-card')).toHaveCount(0);

  await page.goto('/booking?booking=00000000-0000-4000-8000-000000000000');
  // An unknown booking says so in words and offers the ways on, never a status code.
  await expect(
    page.getByText('We could not find this booking. Please check the link in your e-mail.'),
  ).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Find your booking with its number and e-mail' }),
  ).toHaveAttribute('href', '/booking/manage');
  await expect(page.getByText('404')).toHaveCount(0);
});
