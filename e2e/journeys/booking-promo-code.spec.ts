// Issue 26: on a phone, a visitor types a promo code that has expired and is told so, then a
// valid one the admin made on the back office's promo-code page: the review shows the discount,
// the card is charged the discounted total, the confirmation names the code, and the page's
// report counts the use and the discount.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test';
import { adminToken, DEMO_ADMIN } from '../support/api-booking';
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
import { expectNoSeriousA11yIssues } from '../support/booking-axe';
import { signInOn } from '../support/operator';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: false });

const suffix = Math.random().toString(36).slice(2, 7).toUpperCase();
const EXPIRED = `OLD-${suffix}`;
const VALID = `SUMMER-${suffix}`;

/** A code straight through the API (the expired one: the form is for codes in use). */
async function createCode(request: APIRequestContext, code: string, validUntil: string) {
  const token = await adminToken(request);
  const res = await request.post('/api/admin/promo-codes', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      code,
      kind: 'percent',
      value: 10,
      validFrom: null,
      validUntil,
      boatIds: [],
      minSpend: 0,
      maxUses: null,
      maxUsesPerEmail: null,
      firstBookingOnly: false,
      active: true,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test.describe.configure({ mode: 'serial' });

test('the admin makes a 15 % code on the promo-code page', async ({ page, request }) => {
  await createCode(request, EXPIRED, '2020-12-31');
  await signInOn(page, '/admin/promo-codes', DEMO_ADMIN);
  await expect(page.getByRole('heading', { name: 'Promo codes', level: 1 })).toBeVisible();
  const form = page.getByRole('region', { name: 'New promo code' });
  await form.getByLabel('Code', { exact: true }).fill(VALID.toLowerCase());
  await form.getByLabel('Discount').selectOption('percent');
  await form.getByLabel('Percent off').fill('15');
  await form.getByLabel('Uses in total').fill('5');
  await form.getByRole('button', { name: 'Create code' }).click();
  await expect(form.getByText(`Code ${VALID} saved.`)).toBeVisible();
  const card = page.getByRole('listitem', { name: VALID });
  await expect(card).toContainText('15 % off');
  await expect(card.getByTestId('promo-report')).toContainText('0 of 5');
  await expectNoSeriousA11yIssues(page, 'promo-code page at 390 px');
});

test('a refused code says why; a valid one takes its discount off what the card pays', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const boat = await boatByTitle(request, 'Gigantes Explorer');
  const trip = await sharedTrip(request, boat._id, 3);
  const hours = (Date.parse(trip.end) - Date.parse(trip.start)) / 3_600_000;
  const subtotal = 2 * trip.seatPrice * hours;

  await openBooking(page, boat._id);
  await page.getByRole('button', { name: 'Tickets' }).click();
  await pickDay(page, dayKey(trip.start));
  await pickStart(page, trip);
  await addPassengers(page, { adults: 2 });
  await expect(page.getByTestId('review-total')).toHaveText(euros(subtotal));

  const field = page.getByLabel('Promo code');
  await field.fill(EXPIRED.toLowerCase());
  await page.getByTestId('promo-field').getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'expired' })).toHaveText(
    'This promo code has expired.',
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('review-total')).toHaveText(euros(subtotal));

  await field.fill(VALID);
  await page.getByTestId('promo-field').getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('promo-applied')).toContainText(`Code ${VALID} applied`);
  // 15 % off, rounded half up to the cent once (the domain's promoDiscountCents).
  const discountCents = Math.floor((2 * Math.round(subtotal * 100) * 1500 + 10_000) / 20_000);
  const total = (Math.round(subtotal * 100) - discountCents) / 100;
  await expect(page.getByTestId('review-discount')).toHaveText(`−${euros(discountCents / 100)}`);
  await expect(page.getByTestId('review-total')).toHaveText(euros(total));
  await expectNoSeriousA11yIssues(page, 'review with a promo code at 390 px');

  await continueToPayment(page);
  await expect(page.getByRole('button', { name: `Pay ${euros(total)}` })).toBeVisible();
  await fillContact(page, 'Pia Promo', `pia.${suffix.toLowerCase()}@example.com`);
  await fillCard(page, CARD_OK);
  await pay(page);

  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await expect(page.getByTestId('booking-discount')).toHaveText(`−${euros(discountCents / 100)}`);
  await expect(page.getByTestId('booking-total')).toHaveText(euros(total));

  // The ledger has what the card paid: the discounted total.
  const bookingId = new URL(page.url()).searchParams.get('booking');
  const details = await request.get(`/api/admin/bookings/${bookingId}`, {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(details.ok()).toBe(true);
  expect(await details.json()).toMatchObject({
    amountGross: total,
    promo: { code: VALID, discount: discountCents / 100 },
    payments: [{ amount: total, status: 'succeeded' }],
  });

  // The report on the back office's page: one use sold, its discount.
  await signInOn(page, '/admin/promo-codes', DEMO_ADMIN);
  const report = page.getByRole('listitem', { name: VALID }).getByTestId('promo-report');
  await expect(report).toContainText('1 of 5');
  await expect(report).toContainText(euros(discountCents / 100));
});
