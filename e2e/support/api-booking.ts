// Bookings made through the API for journeys that start after the payment (manage my booking):
// the demo admin opens a shared trip at a chosen distance from now, and a customer pays for it
// with the sandbox card.
import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_BASE_URL } from './server';

export const DEMO_ADMIN = { email: 'admin@adboatrental.example', password: 'boats-demo-2026' };
const HOUR = 3_600_000;

export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/user/auth', { data: { ...DEMO_ADMIN, remember: false } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** A 2-hour shared trip of `boatId` starting at least `hoursAhead` hours from now, on the first free hour. */
export async function openSharedTrip(
  request: APIRequestContext,
  token: string,
  boatId: string,
  hoursAhead: number,
  seatPrice: number,
): Promise<{ _id: string; start: string; end: string }> {
  const first = Math.ceil((Date.now() + hoursAhead * HOUR) / HOUR) * HOUR;
  for (let k = 0; k < 18; k++) {
    const start = new Date(first + k * HOUR);
    const res = await request.post(`/api/boats/slots/${boatId}`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        type: 'shared',
        start: start.toISOString(),
        end: new Date(start.getTime() + 2 * HOUR).toISOString(),
        seatPrice,
        seatsTotal: 10,
      },
    });
    if (res.ok()) return (await res.json()) as { _id: string; start: string; end: string };
  }
  throw new Error('No free two hours for a shared trip');
}

// The checkout key each booking paid here was answered (POST /api/boat/payment-intent's
// checkoutKey): a booking id alone opens nothing (docs/security.md#customers-data).
const checkoutKeys = new Map<string, string>();

/** The checkout key of a booking paid through paidSharedBooking in this test. */
function checkoutKeyOf(bookingId: string): string {
  const key = checkoutKeys.get(bookingId);
  if (!key) throw new Error(`No checkout key kept for booking ${bookingId}`);
  return key;
}

/** The booking's confirmation page as the browser that paid lands on it (`query`: '&lng=es'…). */
export const confirmationPath = (bookingId: string, query = '') =>
  `/booking?booking=${bookingId}&key=${checkoutKeyOf(bookingId)}${query}`;

/** Pays for `adults` seats on a trip (2 hours unless its end says otherwise); answers the booking id. */
export async function paidSharedBooking(
  request: APIRequestContext,
  input: {
    boatId: string;
    trip: { _id: string; start: string; end?: string };
    seatPrice: number;
    adults: number;
    email: string;
  },
): Promise<string> {
  const hours = input.trip.end ? (Date.parse(input.trip.end) - Date.parse(input.trip.start)) / HOUR : 2;
  const total = input.seatPrice * input.adults * hours;
  const intent = await request.post('/api/boat/payment-intent', {
    data: {
      currency: 'eur',
      amount: Math.round(total * 100),
      lang: 'en',
      customer: { name: 'Journey Customer', email: input.email },
      booking: {
        boatId: input.boatId,
        mode: 'shared',
        slotId: input.trip._id,
        dateISO: input.trip.start,
        durationHours: hours,
        tickets: { adults: input.adults, children50: 0, kidsFree: 0 },
        priceBreakdown: { unitPerHour: input.seatPrice, paidUnits: input.adults, hours, total },
      },
    },
  });
  expect(intent.ok(), await intent.text()).toBe(true);
  const { clientSecret, bookingId, checkoutKey } = (await intent.json()) as {
    clientSecret: string;
    bookingId: string;
    checkoutKey: string;
  };
  checkoutKeys.set(bookingId, checkoutKey);
  const paid = await request.post('/api/payments/sandbox/confirm', {
    data: {
      clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
      returnUrl: `${E2E_BASE_URL}/booking`,
    },
  });
  expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
  const confirmed = await request.get(
    `/checkout/confirm?payment_intent=${clientSecret.split('_secret_')[0]}`,
  );
  expect(confirmed.ok()).toBe(true);
  return bookingId;
}

export const bookingNumber = (id: string) => id.slice(-8).toUpperCase();
