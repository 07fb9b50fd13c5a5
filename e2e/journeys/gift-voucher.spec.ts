// Issue 26, gift vouchers, at 390 px: a visitor buys a €150 voucher for a friend who reads
// German, with a message, and pays by the sandbox card; the friend's e-mail arrives in German
// with the code and the printable link; the printable voucher shows its balance. Then a charter
// dearer than the balance is booked with the voucher applied on the review step, the rest paid
// by card, and the confirmation shows both parts; the voucher's page then says it is spent, and
// the admin's list shows it with the booking it paid. A voucher kept by its buyer (no recipient
// address) pays a whole shared trip with "Pay with voucher" and no card.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { expectNoSeriousA11yIssues } from '../support/booking-axe';
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
  slotsAhead,
  type WireSlot,
} from '../support/booking-helpers';
import { waitForMail } from '../support/inbox';
import { DEMO_ADMIN } from '../support/api-booking';
import { signInOn } from '../support/operator';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: false });
test.describe.configure({ mode: 'serial' });

const suffix = Math.random().toString(36).slice(2, 8);
const RECIPIENT = `lena.${suffix}@example.com`;
const BUYER = `tom.${suffix}@example.com`;
const MESSAGE = 'Alles Gute zum Geburtstag, Lena! Ein Tag auf dem Meer für dich.';

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/** A start with at least `hours` free one-hour slots after it. */
function chainOf(slots: WireSlot[], hours: number): WireSlot | undefined {
  return slots.find((first) => {
    let last = first;
    for (let i = 1; i < hours; i++) {
      const next = slots.find((s) => s.start === last.end && s.isOpen && s.available !== false);
      if (!next) return false;
      last = next;
    }
    return first.isOpen && first.available !== false;
  });
}

let code = '';
let printable = '';

test('a €150 voucher for a German-speaking friend, paid by card, e-mailed in German', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Main menu' }).getByRole('link', { name: 'Gift vouchers' }).click();
  await expect(page.getByRole('heading', { name: 'Give a boat trip', level: 1 })).toBeVisible();
  await noSidewaysScroll(page);

  // A bad amount and a missing name are said at their fields.
  await page.getByLabel('Other amount (€)').fill('5');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('The smallest voucher is €20.00')).toBeVisible();
  await expect(page.getByLabel('Their name')).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('button', { name: '€150', exact: true }).click();
  await expect(page.getByRole('button', { name: '€150', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByLabel('Their name').fill('Lena Schmidt');
  await page.getByLabel('Their e-mail (optional)').fill(RECIPIENT);
  await page.getByLabel('Their language').selectOption('de');
  await page.getByLabel('Your message (optional)').fill(MESSAGE);
  await page.getByLabel('Your name').fill('Tom Baker');
  await page.getByLabel('Your e-mail').fill(BUYER);
  await expectNoSeriousA11yIssues(page, 'Gift page at 390 px');
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(page.getByTestId('gift-total')).toHaveText(euros(150));
  await fillCard(page, CARD_OK);
  await page.getByRole('button', { name: `Pay ${euros(150)}` }).click();

  await expect(page.getByRole('heading', { name: 'Your gift voucher is ready' })).toBeVisible();
  const voucher = page.getByTestId('voucher');
  await expect(voucher).toContainText('Gift voucher of €150.00');
  await expect(voucher).toContainText('For Lena Schmidt, from Tom Baker');
  await expect(voucher).toContainText(MESSAGE);
  await expect(voucher.getByRole('img', { name: /QR code of voucher GV-/ })).toBeVisible();
  await expect(page.getByTestId('voucher-balance')).toContainText(
    /^€150\.00 left of €150\.00, valid until \d\d\/\d\d\/\d{4}$/,
  );
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  code = (await page.getByTestId('voucher-code').textContent()) ?? '';
  expect(code).toMatch(/^GV-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
  await noSidewaysScroll(page);

  // The friend's e-mail, in German, with the message, the code and the printable link.
  const mail = await waitForMail(RECIPIENT, new RegExp(code));
  expect(mail.text).toContain('Gutschein');
  expect(mail.text).toContain(MESSAGE);
  expect(mail.text).not.toContain('Gift voucher');
  const link = /https?:\/\/[^\s"'<>]+\/gift\/voucher\?[^\s"'<>]+/.exec(mail.text)?.[0];
  expect(link, 'the printable link in the e-mail').toBeTruthy();
  printable = new URL(link!.replace(/&amp;/g, '&')).pathname + new URL(link!.replace(/&amp;/g, '&')).search;

  await page.goto(printable);
  await expect(page.getByTestId('voucher-code')).toHaveText(code);
  await expect(page.getByTestId('voucher-balance')).toContainText(/150,00 €|€150\.00/);
  await noSidewaysScroll(page);
});

test('the voucher pays part of a charter, the card the rest; then it is spent, and the admin finds it so with the booking it paid', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  expect(code, 'the voucher of the first journey').not.toBe('');
  const boat = await boatByTitle(request, 'Sea Breeze');
  const { private: slots } = await slotsAhead(request, boat._id, 4);
  const start = chainOf(slots, 2);
  if (!start) throw new Error('No 2-hour charter start found');

  await openBooking(page, boat._id);
  await pickDay(page, dayKey(start.start));
  await pickStart(page, start);
  await expect(page.getByTestId('duration-value')).toHaveText('2 hours');
  await page
    .getByRole('group', { name: 'Who is coming' })
    .getByRole('button', { name: 'Add one: Adult' })
    .click();
  const total = 2 * 180;
  await expect(page.getByTestId('review-total')).toHaveText(euros(total));

  // Typed as people do: lower case, no dashes.
  await page.getByLabel('Gift voucher').fill(code.toLowerCase().replace(/-/g, ''));
  await page.getByTestId('voucher-field').getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('voucher-applied')).toContainText(`Gift voucher ${code} applied`);
  await expect(page.getByTestId('voucher-part')).toHaveText(`−${euros(150)}`);
  await expect(page.getByTestId('card-part')).toHaveText(euros(total - 150));
  await expect(page.getByTestId('review-total')).toHaveText(euros(total));
  await noSidewaysScroll(page);
  await expectNoSeriousA11yIssues(page, 'review with a gift voucher at 390 px');

  await continueToPayment(page);
  await expect(page.getByTestId('voucher-part')).toHaveText(`−${euros(150)}`);
  await expect(page.getByRole('button', { name: `Pay ${euros(total - 150)}` })).toBeVisible();
  await fillContact(page, 'Tom Baker', BUYER);
  await fillCard(page, CARD_OK);
  await pay(page);

  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await expect(page.getByTestId('booking-total')).toHaveText(euros(total));
  await expect(page.getByTestId('voucher-part')).toHaveText(`−${euros(150)}`);
  await expect(page.getByTestId('card-part')).toHaveText(euros(total - 150));
  await expect(page.getByTestId('voucher-lines')).toContainText('Paid by card');
  await noSidewaysScroll(page);

  // The voucher's page: nothing left.
  await page.goto(printable);
  await expect(page.getByTestId('voucher-balance')).toHaveText(/Spent|Aufgebraucht/);

  // The admin finds the voucher, spent, with the booking it paid (its own journey until
  // 2026-11-29).
  await signInOn(page, '/admin/gift-vouchers', DEMO_ADMIN);
  await expect(page.getByRole('heading', { name: 'Gift vouchers', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('gift-voucher-row')).toHaveCount(1);
  const row = page.getByTestId('gift-voucher-row');
  await expect(row).toContainText(code);
  await expect(row).toContainText('Tom Baker');
  await expect(row).toContainText(RECIPIENT);
  await expect(row).toContainText('Spent');
  await expect(row).toContainText(`: ${euros(150)} on `);
  await page.getByLabel('Status').selectOption('active');
  await expect(page.getByTestId('gift-voucher-row')).toHaveCount(0);
  await noSidewaysScroll(page);
  await expectNoSeriousA11yIssues(page, 'gift-voucher list at 390 px');
});

test('a voucher kept by its buyer pays a whole shared trip: Pay with voucher, no card', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const buyer = `mia.${suffix}@example.com`;
  await page.goto('/gift');
  await page.getByRole('button', { name: '€250', exact: true }).click();
  await page.getByLabel('Their name').fill('Mia Keeps');
  await page.getByLabel('Your name').fill('Mia Keeps');
  await page.getByLabel('Your e-mail').fill(buyer);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await fillCard(page, CARD_OK);
  await page.getByRole('button', { name: `Pay ${euros(250)}` }).click();
  await expect(page.getByRole('heading', { name: 'Your gift voucher is ready' })).toBeVisible();
  const own = (await page.getByTestId('voucher-code').textContent()) ?? '';
  // No recipient address: the voucher comes to the buyer.
  await waitForMail(buyer, new RegExp(own));
  const ownPage = (await page
    .getByRole('link', { name: 'Open the printable voucher' })
    .getAttribute('href'))!;

  const boat = await boatByTitle(request, 'Gigantes Explorer');
  const trip = await sharedTrip(request, boat._id, 5);
  const hours = (Date.parse(trip.end) - Date.parse(trip.start)) / 3_600_000;
  const price = trip.seatPrice * hours;
  expect(price, 'one seat within the voucher').toBeLessThanOrEqual(250);
  await openBooking(page, boat._id);
  await page.getByRole('button', { name: 'Tickets' }).click();
  await pickDay(page, dayKey(trip.start));
  await pickStart(page, trip);
  await addPassengers(page, { adults: 1 });
  await page.getByLabel('Gift voucher').fill(own);
  await page.getByTestId('voucher-field').getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('voucher-part')).toHaveText(`−${euros(price)}`);
  await expect(page.getByTestId('card-part')).toHaveText(euros(0));

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Contact and payment' })).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await fillContact(page, 'Mia Keeps', buyer);
  await page.getByRole('button', { name: 'Pay with voucher' }).click();

  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await expect(page.getByTestId('booking-total')).toHaveText(euros(price));
  await expect(page.getByTestId('voucher-part')).toHaveText(`−${euros(price)}`);
  await expect(page.getByTestId('card-part')).toHaveText(euros(0));

  await page.goto(ownPage);
  await expect(page.getByTestId('voucher-balance')).toContainText(
    `${euros(250 - price)} left of ${euros(250)}`,
  );
});
