// Request-to-book (issue 24, docs/payments.md#request-to-book): on a boat booked on request a
// customer pays with the good card and reads "Requested — your card is not charged until the
// owner accepts"; the owner accepts it in the back office's requests and the customer's page and
// e-mail carry the tickets. A second customer's request (in Spanish) is declined with a reason code:
// the ledger shows the authorization canceled and nothing received, and the customer gets one
// e-mail in Spanish saying the card was not charged. A third request lapses at its deadline,
// brought forward by the sandbox for that one request (the journeys' server keeps the real clock;
// test/api/booking-requests/request-to-book.test.ts moves a frozen one). A trip canceled for the
// weather with a request waiting on it is the weather dialog's component test
// (apps/web/src/features/trips/weather-cancel-dialog.test.tsx) and, for the authorization let go
// and the customer told in their language,
// apps/server/test/api/trip-cancellation/request-trip-cancellation.test.ts.
import { expect, test } from '../support/test';
import {
  CARD_OK,
  addPassengers,
  continueToPayment,
  dayKey,
  fillCard,
  fillContact,
  openBooking,
  pickDay,
  pickStart,
} from '../support/booking-helpers';
import { bookingNumber } from '../support/api-booking';
import { mailsTo, waitForMail } from '../support/inbox';
import { buySeats, journeyBoat, sharedTrip, signInOn, staffHeaders } from '../support/operator';

const HOUR = 3_600_000;

test('request to book: authorized, not charged; the owner accepts (tickets), declines and lets one lapse (nothing charged)', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const headers = await staffHeaders(request);
  const boatId = await journeyBoat(request, headers, {
    title: `Request Boat ${stamp}`,
    capacity: 10,
    bookingMode: 'request',
  });
  // Three days ahead, on the hour: far enough to be requested (the owner has a day to answer).
  const start = new Date(Math.ceil((Date.now() + 72 * HOUR) / HOUR) * HOUR);
  const trip = await sharedTrip(request, headers, boatId, { start });
  const first = `request-${stamp}@example.com`;
  const second = `solicitud-${stamp}@example.com`;

  // The first customer books two seats and pays with the good card: requested, not charged.
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
  await continueToPayment(page);
  const { bookingId, checkoutKey } = (await (await intent).json()) as {
    bookingId: string;
    checkoutKey: string;
  };
  await fillContact(page, 'Ana Request', first);
  await fillCard(page, CARD_OK);
  // Said before paying (issue 40): a request, authorized and not charged, and the button says so.
  await expect(
    page.getByText(/^This is a request: your card is authorized now, not charged\./),
  ).toBeVisible();
  await page.getByRole('button', { name: /^Request to book · €\d+\.\d\d authorized$/ }).click();
  await expect(
    page.getByRole('heading', { name: 'Requested — your card is not charged until the owner accepts' }),
  ).toBeVisible();
  await expect(page.getByTestId('ticket-card')).toHaveCount(0);
  await waitForMail(first, /Requested — your card is not charged until the owner accepts/);

  // The second customer's request, in Spanish.
  const declinedId = (
    await buySeats(request, trip, 1, { name: 'Lucía', email: second, phone: '+34600111222' }, 'es')
  ).bookingId;

  // The owner's back office opens with the requests to answer: accept the first.
  await signInOn(page, '/admin/bookings');
  const firstCard = page.getByLabel(`Requested #${bookingNumber(bookingId)}`);
  await expect(firstCard).toBeVisible();
  await firstCard.getByRole('button', { name: 'Accept' }).click();
  await expect(firstCard).toBeHidden();

  // Decline the second with a reason code the customer reads in Spanish; the note stays with staff.
  const secondCard = page.getByLabel(`Requested #${bookingNumber(declinedId)}`);
  await secondCard.getByRole('button', { name: 'Decline' }).click();
  await secondCard.getByRole('radio', { name: 'The boat is not available' }).check();
  await secondCard
    .getByLabel("Note for the booking's history (optional)")
    .fill('The engine is in for repair that week');
  await secondCard.getByRole('button', { name: 'Decline the request' }).click();
  await expect(secondCard).toBeHidden();

  // The first customer: charged now, with two tickets on the page and in the e-mail.
  await waitForMail(first, /Your payment has been received and your trip is booked/);
  await page.goto(`/booking?booking=${bookingId}&key=${checkoutKey}`);
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await expect(page.getByTestId('ticket-card')).toHaveCount(2);

  // The second: the authorization canceled, nothing received, one e-mail in Spanish.
  const details = await request.get(`/api/admin/bookings/${declinedId}`, { headers });
  expect(details.ok()).toBe(true);
  const ledger = (await details.json()) as {
    status: string;
    payments: { status: string }[];
    payment: { received: number };
  };
  expect(ledger.status).toBe('canceled');
  expect(ledger.payments.map((p) => p.status)).toEqual(['canceled']);
  expect(ledger.payment.received).toBe(0);
  const declined = await waitForMail(second, /No se ha cobrado nada en tu tarjeta/);
  expect(declined.text).toContain('El barco no está disponible ese día.');
  expect(declined.text).not.toContain('The engine is in for repair');
  // One e-mail for the request (not charged yet), one for the answer.
  expect(await mailsTo(second)).toHaveLength(2);

  // A third request nobody answers, in French. The journeys' server keeps the real clock, so the
  // sandbox brings this one request to its deadline: it lapses as the job lapses it.
  const third = `demande-${stamp}@example.com`;
  const lapsedId = (
    await buySeats(request, trip, 1, { name: 'Chloé', email: third, phone: '+34600111333' }, 'fr')
  ).bookingId;
  const lapse = await request.post(`/api/admin/bookings/${lapsedId}/lapse`, { headers });
  expect(lapse.ok(), await lapse.text()).toBe(true);
  const lapsed = (await (await request.get(`/api/admin/bookings/${lapsedId}`, { headers })).json()) as {
    status: string;
    payments: { status: string }[];
    payment: { received: number };
  };
  expect(lapsed.status).toBe('canceled');
  expect(lapsed.payments.map((p) => p.status)).toEqual(['canceled']);
  expect(lapsed.payment.received).toBe(0);
  const told = await waitForMail(third, /le propriétaire n'a pas répondu à temps à votre demande/);
  expect(told.text).toContain("Votre carte n'a pas été débitée");
  expect(await mailsTo(third)).toHaveLength(2);
});
