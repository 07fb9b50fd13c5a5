// Shared steps of the booking journeys: find a demo boat and a free start time through the
// API (in Canary time), then drive the screens like a visitor, by role and label.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

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

export async function openBooking(page: Page, boatId: string): Promise<void> {
  await page.goto(`/booking/${boatId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Kind of trip' })).toBeVisible();
}

/** The calendar heading of a day's month: 'December 2026'. */
export function monthLabel(key: string): string {
  const [y, m] = key.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(y, m - 1, 15),
  );
}

/** Moves the calendar to the day's month (waiting for each move), then picks the day. */
export async function pickDay(page: Page, key: string): Promise<void> {
  const heading = page.locator('#booking-calendar-label');
  for (let i = 0; i < 3 && (await heading.textContent()) !== monthLabel(key); i++) {
    const before = (await heading.textContent()) ?? '';
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(heading).not.toHaveText(before);
  }
  await expect(heading).toHaveText(monthLabel(key));
  const day = page.getByRole('button', { name: dayName(key), exact: true });
  await day.click();
  await expect(day).toHaveAttribute('aria-pressed', 'true');
}

export async function pickStart(page: Page, slot: WireSlot): Promise<void> {
  const label =
    slot.type === 'private' ? timeLabel(slot.start) : `${timeLabel(slot.start)}–${timeLabel(slot.end)}`;
  const button = page
    .getByRole('group', { name: 'Start time' })
    .getByRole('button', { name: new RegExp(`^${label}`) });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

export async function addPassengers(
  page: Page,
  p: { adults?: number; children?: number; kids?: number },
): Promise<void> {
  const add = async (type: string, n = 0) => {
    for (let i = 0; i < n; i++) await page.getByRole('button', { name: `Add one: ${type}` }).click();
  };
  await add('Adult', p.adults);
  await add('Child 6–12', p.children);
  await add('Child under 6 (free)', p.kids);
}

export async function continueToPayment(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Contact and payment' })).toBeVisible();
  await expect(page.getByLabel('Card number')).toBeVisible();
}

export async function fillContact(
  page: Page,
  name = 'Alex Tester',
  email = 'alex.tester@example.com',
): Promise<void> {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('E-mail').fill(email);
}

export async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

export async function pay(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Pay / }).click();
}

export const CARD_OK = '4242 4242 4242 4242';
export const CARD_DECLINED = '4000 0000 0000 9995';
export const CARD_3DS = '4000 0027 6000 3184';

/** en-GB euros as the screens show them. */
export const euros = (n: number): string =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(n);
