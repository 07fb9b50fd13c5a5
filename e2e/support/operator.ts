// The operator's journeys set up their own boat, trips and paid bookings through the API (as
// the back office and a customer would make them), so no demo data is in the way; then a
// person drives the back office in the browser.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ADMIN } from './api-booking';

const HOUR = 3_600_000;
export type Headers = Record<string, string>;

/** The bearer of a staff account (the demo admin by default). */
export async function staffHeaders(
  request: APIRequestContext,
  who: { email: string; password: string } = DEMO_ADMIN,
): Promise<Headers> {
  const res = await request.post('/user/auth', { data: { ...who, remember: false } });
  expect(res.ok(), await res.text()).toBe(true);
  return { authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}` };
}

/** Signs in through the sign-in dialog the admin pages show, on `path`. */
export async function signInOn(
  page: Page,
  path: string,
  who: { email: string; password: string } = DEMO_ADMIN,
): Promise<void> {
  await page.goto(path);
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email').fill(who.email);
  await dialog.getByLabel('Password', { exact: true }).fill(who.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * A day key as a person types it in the English back office, 25/11/2026: date fields use the
 * app language's format, not the browser's.
 */
export const typedDay = (key: string) => key.split('-').reverse().join('/');

/** The Canary day of an instant, YYYY-MM-DD. */
export const canaryDay = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Atlantic/Canary',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);

/** The instant a Canary day shows `time` (HH:MM) on the harbour's clock (UTC+0 or UTC+1). */
export function canaryTime(day: string, time: string): Date {
  for (const offset of [0, 1]) {
    const d = new Date(`${day}T${time}:00Z`);
    d.setUTCHours(d.getUTCHours() - offset);
    const label = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Atlantic/Canary',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(d);
    if (label === time && canaryDay(d) === day) return d;
  }
  throw new Error(`no ${time} on ${day} in the Canaries`);
}

/** A boat of the journey's own, with shared trips at €20 a seat-hour. */
export async function journeyBoat(
  request: APIRequestContext,
  headers: Headers,
  input: {
    title: string;
    capacity?: number;
    minSeatsToDepart?: number;
    cutoffHours?: number;
    /** Request-to-book: the card is authorized and the owner accepts or declines. */
    bookingMode?: 'instant' | 'request';
    /** The security deposit in euros (docs/payments.md#the-security-deposit). */
    securityDeposit?: number;
    /** A self-drive boat: the customer skippers it with a licence (docs/decisions/0039). */
    requiresLicense?: boolean;
  },
): Promise<string> {
  const res = await request.post('/api/admin/boats', {
    headers,
    data: {
      title: input.title,
      description: 'Journey boat',
      images: [],
      port: { name: 'Puerto Colón', address: 'Costa Adeje' },
      capacity: input.capacity ?? 12,
      minDurationHours: 1,
      maxDurationHours: 8,
      verified: true,
      isActive: true,
      requiresLicense: input.requiresLicense ?? false,
      geoNote: '',
      inclusions: [],
      pricing: { perHour: 100, halfDay: null, perDay: null },
      ...(input.bookingMode ? { bookingMode: input.bookingMode } : {}),
      ...(input.securityDeposit ? { securityDeposit: input.securityDeposit } : {}),
      shared: {
        pricing: { perHour: 20 },
        minSeatsToDepart: input.minSeatsToDepart ?? 0,
        ...(input.cutoffHours === undefined ? {} : { cutoffHours: input.cutoffHours }),
      },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { boat: { _id: string } }).boat._id;
}

export type JourneyTrip = { boatId: string; slotId: string; start: Date; end: Date; seatPrice: number };

/** A shared trip of the boat at `start`. */
export async function sharedTrip(
  request: APIRequestContext,
  headers: Headers,
  boatId: string,
  input: { start: Date; hours?: number; seatsTotal?: number; seatsTaken?: number; isOpen?: boolean },
): Promise<JourneyTrip> {
  const start = new Date(input.start);
  start.setUTCSeconds(0, 0);
  const end = new Date(start.getTime() + (input.hours ?? 2) * HOUR);
  const res = await request.post(`/api/boats/slots/${boatId}`, {
    headers,
    data: {
      type: 'shared',
      start: start.toISOString(),
      end: end.toISOString(),
      isOpen: input.isOpen ?? true,
      seatPrice: 20,
      seatsTotal: input.seatsTotal ?? 10,
      seatsTaken: input.seatsTaken ?? 0,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return { boatId, slotId: ((await res.json()) as { _id: string })._id, start, end, seatPrice: 20 };
}

/** A customer pays for `adults` seats with the sandbox card; answers the booking and its ticket codes. */
export async function buySeats(
  request: APIRequestContext,
  trip: JourneyTrip,
  adults: number,
  customer: { name: string; email: string; phone: string },
  lang: 'en' | 'es' | 'ru' | 'fr' | 'de' | 'it' = 'en',
): Promise<{ bookingId: string; codes: string[] }> {
  const hours = (trip.end.getTime() - trip.start.getTime()) / HOUR;
  const total = adults * trip.seatPrice * hours;
  const intent = await request.post('/api/boat/payment-intent', {
    data: {
      currency: 'eur',
      amount: total * 100,
      booking: {
        boatId: trip.boatId,
        mode: 'shared',
        slotId: trip.slotId,
        dateISO: trip.start.toISOString(),
        durationHours: hours,
        tickets: { adults, children50: 0, kidsFree: 0 },
        priceBreakdown: { unitPerHour: trip.seatPrice, paidUnits: adults, hours, total },
      },
      customer,
      lang,
    },
  });
  expect(intent.ok(), await intent.text()).toBe(true);
  const { clientSecret, bookingId, checkoutKey } = (await intent.json()) as {
    clientSecret: string;
    bookingId: string;
    checkoutKey: string;
  };
  const paid = await request.post('/api/payments/sandbox/confirm', {
    data: {
      clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
      returnUrl: '/',
    },
  });
  expect(paid.ok()).toBe(true);
  const confirmed = await request.get(
    `/checkout/confirm?payment_intent=${clientSecret.split('_secret_')[0]}`,
  );
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const view = await request.get(`/checkout/booking/${bookingId}?key=${checkoutKey}`);
  const { booking } = (await view.json()) as { booking: { tickets: { code: string }[] } };
  return { bookingId, codes: booking.tickets.map((t) => t.code) };
}

/**
 * A screenshot for the documents: written to docs/screenshots when UPDATE_SCREENSHOTS is set,
 * else beside the test's results.
 */
export async function docShot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.screenshot({
    path: process.env.UPDATE_SCREENSHOTS ? `../docs/screenshots/${name}` : test.info().outputPath(name),
    fullPage,
    ...(name.endsWith('.jpg') ? { type: 'jpeg' as const, quality: 80 } : {}),
  });
}

/**
 * Waits until the background job `name` has finished a run that started after `since`, and
 * succeeded (the admin's system page, GET /api/admin/system): a journey that checks what a job
 * did not do waits for the job itself, not for a fixed time.
 */
export async function jobRanSince(
  request: APIRequestContext,
  headers: Headers,
  name: string,
  since: Date,
): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/admin/system', { headers });
        expect(res.ok(), await res.text()).toBe(true);
        const { jobs } = (await res.json()) as {
          jobs: { name: string; lastRun: { startedAt: string; outcome: string } | null }[];
        };
        const run = jobs.find((job) => job.name === name)?.lastRun;
        return run
          ? `${run.outcome}${Date.parse(run.startedAt) > since.getTime() ? ' since' : ' before'}`
          : 'none';
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe('succeeded since');
}
