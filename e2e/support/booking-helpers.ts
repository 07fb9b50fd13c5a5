// Shared steps of the booking journeys: find a demo boat and a free start time through the
// API (in Canary time), then drive the screens like a visitor, by role and label, in English or,
// given `lng`, in that language's texts from the locale files.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { formatCanaryMonthYear, formatDateKey } from '@boats/domain/canary-time';
import { localeText, type LanguageCode } from './locale-texts';

/** A text of the booking flow in `lng`, from its locale file (the steps below default to English). */
export const bookingText = (lng: LanguageCode, key: string, values?: Record<string, string | number>) =>
  localeText(lng, 'booking', key, values);

export type WireSlot = {
  _id: string;
  type: 'private' | 'shared';
  start: string;
  end: string;
  isOpen: boolean;
  seatPrice: number;
  seatsLeft: number;
  available?: boolean;
  minimum?: { seats: number; paidSeatsSold: number; cutoffAt: string | null };
};
export type WireBoat = { _id: string; title: string; shared: { minSeatsToDepart: number } };

const canaryDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Atlantic/Canary',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const canaryTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Atlantic/Canary',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export const dayKey = (iso: string | Date): string => canaryDay.format(new Date(iso));
export const timeLabel = (iso: string | Date): string => canaryTime.format(new Date(iso));
/** The calendar's accessible name of a day: dd/mm/yyyy (en-GB). */
export const dayName = (key: string): string => key.split('-').reverse().join('/');

export async function boatByTitle(request: APIRequestContext, title: string): Promise<WireBoat> {
  const res = await request.get('/api/boats');
  expect(res.ok()).toBe(true);
  const { items } = (await res.json()) as { items: WireBoat[] };
  const boat = items.find((b) => b.title.includes(title));
  if (!boat) throw new Error(`No demo boat titled ${title}`);
  return boat;
}

/** Slots of the boat from `daysAhead` days to 40 days ahead. */
export async function slotsAhead(
  request: APIRequestContext,
  boatId: string,
  daysAhead: number,
): Promise<{ private: WireSlot[]; shared: WireSlot[] }> {
  const start = new Date(Date.now() + daysAhead * 86_400_000);
  start.setUTCHours(0, 0, 0, 0);
  const end = new Date(start.getTime() + 40 * 86_400_000);
  const res = await request.get(`/api/boat/${boatId}?start=${start.toISOString()}&end=${end.toISOString()}`);
  expect(res.ok()).toBe(true);
  const { availability } = (await res.json()) as {
    availability: { private: WireSlot[]; shared: WireSlot[] };
  };
  const sort = (a: WireSlot, b: WireSlot) => Date.parse(a.start) - Date.parse(b.start);
  return { private: availability.private.sort(sort), shared: availability.shared.sort(sort) };
}

/**
 * The first open shared trip with at least `seats` seats, `daysAhead` days or more ahead;
 * `unsold`: one with no paid seat sold yet (its minimum to depart not met by anyone).
 */
export async function sharedTrip(
  request: APIRequestContext,
  boatId: string,
  daysAhead: number,
  seats = 4,
  { unsold = false } = {},
): Promise<WireSlot> {
  const { shared } = await slotsAhead(request, boatId, daysAhead);
  const slot = shared.find(
    (s) => s.isOpen && s.seatsLeft >= seats && (!unsold || s.minimum?.paidSeatsSold === 0),
  );
  if (!slot) throw new Error('No shared trip with enough seats');
  return slot;
}

/** The boat's booking page; in another language than English, opened with `?lng=`. */
export async function openBooking(page: Page, boatId: string, lng: LanguageCode = 'en'): Promise<void> {
  await page.goto(lng === 'en' ? `/booking/${boatId}` : `/booking/${boatId}?lng=${lng}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('group', { name: bookingText(lng, 'mode.label') })).toBeVisible();
}

/** The calendar heading of a day's month: 'December 2026'. */
export function monthLabel(key: string): string {
  const [y, m] = key.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(y, m - 1, 15),
  );
}

/** Moves the calendar to the day's month (waiting for each move), then picks the day. */
export async function pickDay(page: Page, key: string, lng: LanguageCode = 'en'): Promise<void> {
  const [year, month] = key.split('-').map(Number) as [number, number];
  const label = lng === 'en' ? monthLabel(key) : formatCanaryMonthYear(year, month, lng);
  const heading = page.locator('#booking-calendar-label');
  for (let i = 0; i < 3 && (await heading.textContent()) !== label; i++) {
    const before = (await heading.textContent()) ?? '';
    await page.getByRole('button', { name: bookingText(lng, 'calendar.next') }).click();
    await expect(heading).not.toHaveText(before);
  }
  await expect(heading).toHaveText(label);
  const name = lng === 'en' ? dayName(key) : formatDateKey(key, lng);
  const day = page.getByRole('button', { name, exact: true });
  await day.click();
  await expect(day).toHaveAttribute('aria-pressed', 'true');
}

export async function pickStart(page: Page, slot: WireSlot, lng: LanguageCode = 'en'): Promise<void> {
  const label =
    slot.type === 'private' ? timeLabel(slot.start) : `${timeLabel(slot.start)}–${timeLabel(slot.end)}`;
  const button = page
    .getByRole('group', { name: bookingText(lng, 'times.title') })
    .getByRole('button', { name: new RegExp(`^${label}`) });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

export async function addPassengers(
  page: Page,
  p: { adults?: number; children?: number; kids?: number },
  lng: LanguageCode = 'en',
): Promise<void> {
  const add = async (type: string, n = 0) => {
    const name = bookingText(lng, 'pax.add', { type: bookingText(lng, `bookingv2.pax.${type}`) });
    for (let i = 0; i < n; i++) await page.getByRole('button', { name }).click();
  };
  await add('adult', p.adults);
  await add('child_u13', p.children);
  await add('child_u6_free', p.kids);
}

/**
 * GET /checkout/booking/{id} of the checkout the page holds: its id and key from the tab's
 * checkout record (the key is never in the address mid-checkout).
 */
export async function heldCheckoutPath(page: Page): Promise<string> {
  const record = await page.evaluate(() => window.sessionStorage.getItem('booking.checkout'));
  const { intent } = JSON.parse(record ?? 'null') as { intent: { bookingId: string; checkoutKey: string } };
  return `/checkout/booking/${intent.bookingId}?key=${intent.checkoutKey}`;
}

export async function continueToPayment(page: Page, lng: LanguageCode = 'en'): Promise<void> {
  await page.getByRole('button', { name: bookingText(lng, 'review.continue') }).click();
  await expect(page.getByRole('heading', { name: bookingText(lng, 'payment.title') })).toBeVisible();
  await expect(page.getByLabel(bookingText(lng, 'card.number'))).toBeVisible();
}

/**
 * A tap on Continue while something is missing: it is only aria-disabled, so the tap reaches the
 * page, which then says what is missing (Playwright's click waits for an enabled button).
 */
export async function tryContinue(page: Page, lng: LanguageCode = 'en'): Promise<void> {
  await page.getByRole('button', { name: bookingText(lng, 'review.continue') }).click({ force: true });
}

export async function fillContact(
  page: Page,
  name = 'Alex Tester',
  email = 'alex.tester@example.com',
  lng: LanguageCode = 'en',
): Promise<void> {
  await page.getByLabel(bookingText(lng, 'contact.name')).fill(name);
  await page.getByLabel(bookingText(lng, 'contact.email'), { exact: true }).fill(email);
}

export async function fillCard(page: Page, number: string, lng: LanguageCode = 'en'): Promise<void> {
  await page.getByLabel(bookingText(lng, 'card.number')).fill(number);
  await page.getByLabel(bookingText(lng, 'card.expiry')).fill('12/34');
  await page.getByLabel(bookingText(lng, 'card.cvc')).fill('123');
}

/** Pay's button, whatever the amount: 'Pay €40.00', 'Pagar 40,00 €'. */
export async function pay(page: Page, lng: LanguageCode = 'en'): Promise<void> {
  const [before] = bookingText(lng, 'payment.pay').split('{{amount}}');
  const escaped = (before ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.getByRole('button', { name: new RegExp(`^${escaped}`) }).click();
}

export const CARD_OK = '4242 4242 4242 4242';
export const CARD_DECLINED = '4000 0000 0000 9995';
export const CARD_3DS = '4000 0027 6000 3184';

/** en-GB euros as the screens show them. */
export const euros = (n: number): string =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(n);
