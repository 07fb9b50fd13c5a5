// A tourist's invoices above 400 € at 390 px (issue 54, done when): four seats on a Marlin
// Charters boat for 480 €, so the payment step asks for the postal address the full invoice names;
// the confirmation e-mail carries that invoice (an F2 without the recipient's tax id); from the
// e-mail's link the tourist changes the date to a dearer trip and pays the difference, and its
// rectifying invoice shows under "Your invoices" without a reload and comes with the change's
// e-mail; then a company's full invoice replaces both, comes by e-mail of its own, and its
// printable page (the owner's copy) tells the sale and the change line by line, adding up to what
// was paid; the admin, told the company was the wrong one, cancels that full invoice as issued by
// mistake from its record, and the tourist's "Your invoices" shows it cancelled, the two documents
// it replaced standing again and the request offered anew.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { adminToken, openSharedTrip } from '../support/api-booking';
import {
  addPassengers,
  boatByTitle,
  CARD_OK,
  continueToPayment,
  dayKey,
  fillCard,
  fillContact,
  openBooking,
  pay,
  pickDay,
  pickStart,
  timeLabel,
  type WireSlot,
} from '../support/booking-helpers';
import { waitForMail } from '../support/inbox';
import { localeText } from '../support/locale-texts';
import { signInOn } from '../support/operator';

test.use({ viewport: { width: 390, height: 844 } });

const OWNER = { email: 'owner@adboatrental.example', password: 'boats-owner-2026' };
const en = (ns: string, key: string, values: Record<string, string | number> = {}) =>
  localeText('en', ns, key, values);

const fitsThePhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

const attached = (mail: { attachments: { filename: string }[] }, pattern: RegExp) =>
  mail.attachments.map((a) => a.filename.replace(/\.pdf$/, '')).find((name) => pattern.test(name));

test('a tourist above 400 € gives an address, changes the date and asks a company invoice; each document comes by e-mail', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await adminToken(request);
  const boat = await boatByTitle(request, 'San Miguel sunset catamaran');
  // Four adults for 2 h: 4 × 2 × 60 € = 480 €; the later trip at 70 €: 560 €, 80 € more.
  const from = await openSharedTrip(request, admin, boat._id, 72, 60);
  const to = await openSharedTrip(request, admin, boat._id, 100, 70);
  const email = `above-400-${Date.now()}@example.com`;

  await openBooking(page, boat._id);
  await page.getByRole('button', { name: 'Tickets' }).click();
  await pickDay(page, dayKey(from.start));
  await pickStart(page, { ...from, type: 'shared' } as unknown as WireSlot);
  await addPassengers(page, { adults: 4 });
  await continueToPayment(page);
  await fillContact(page, 'Ana Pérez', email);
  // Above 400 € the invoice names the customer: the address is asked, and why.
  await expect(page.getByText('Above €400 your invoice is a full invoice')).toBeVisible();
  await page.getByLabel('Postal address').fill('Calle La Hoya 5, 38650 Los Cristianos');
  await fillCard(page, CARD_OK);
  await pay(page);
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await fitsThePhone(page);

  // The confirmation e-mail carries the sale's invoice and says so.
  const confirmation = await waitForMail(email, /Subject: Booking confirmed/);
  const sale = attached(confirmation, /^S\d{4}-\d{6}$/);
  expect(sale, 'the sale’s invoice attached').toBeDefined();
  expect(confirmation.plain).toContain(en('email', 'invoices.attached_one', { numbers: sale! }));

  // From the e-mail's link: a dearer date, its difference paid by card.
  const manage = /https?:\/\/\S+\/booking\/manage\?booking=[^\s"&]+&(?:amp;)?token=[^\s"<]+/.exec(
    confirmation.plain,
  )![0];
  await page.goto(manage.replace(/^https?:\/\/[^/]+/, '').replace('&amp;', '&'));
  const invoices = page.getByTestId('booking-invoices');
  await expect(invoices.getByText(`Invoice ${sale!}`)).toBeVisible();
  await page.getByRole('button', { name: en('manage', 'reschedule.open') }).click();
  const trips = page.getByRole('list', { name: en('manage', 'reschedule.trips') });
  // The trip opened above, by its start: a journey tried again finds the first try's trips too.
  await trips.getByRole('button', { name: new RegExp(`${timeLabel(to.start)}–.*€80\\.00 more`) }).click();
  await page
    .getByRole('button', { name: en('manage', 'reschedule.confirmDearer', { amount: '€80.00' }) })
    .click();
  await fillCard(page, CARD_OK);
  await pay(page);
  await expect(page.getByText(en('manage', 'reschedule.donePaid', { amount: '€80.00' }))).toBeVisible();
  // The rectifying invoice for the 80 € shows at once, and comes with the change's e-mail.
  await expect(invoices.getByText(/^Rectifying invoice RC\d{4}-\d{6}/)).toBeVisible();
  const changed = await waitForMail(email, /Subject: Date changed/);
  const rectifying = attached(changed, /^RC\d{4}-\d{6}$/);
  expect(rectifying, 'the rectifying invoice attached').toBeDefined();
  await fitsThePhone(page);

  // A company's full invoice replaces both, and comes by an e-mail of its own.
  await invoices.getByRole('button', { name: 'Ask for a full invoice' }).click();
  await invoices.getByLabel('Company name').fill('Acme Eventos S.L.');
  await invoices.getByLabel(/^Tax ID/).fill('B-3811111-8');
  await invoices.getByLabel('Company address').fill('Calle Mayor 1, 38001 Santa Cruz de Tenerife');
  await invoices.getByRole('button', { name: 'Issue the full invoice' }).click();
  await expect(
    invoices.getByRole('status').filter({ hasText: /^Full invoice F\d{4}-\d{6} issued/ }),
  ).toBeVisible();
  const full = /Full invoice (F\d{4}-\d{6})/.exec(
    (await invoices.getByRole('status').textContent()) ?? '',
  )![1]!;
  await expect(invoices.getByText(/replaced by the full invoice/)).toHaveCount(2);
  const fullMail = await waitForMail(
    email,
    new RegExp(`Subject: ${en('email', 'invoices.subject_one', { reference: '' }).trim()}`),
  );
  expect(attached(fullMail, /^F\d{4}-\d{6}$/)).toBe(full);
  await fitsThePhone(page);

  // The owner's copy is the same document: the sale and the change, line by line, 560 € in all.
  await signInOn(page, '/admin/earnings', OWNER);
  const list = page.getByRole('list', { name: 'Your customers’ invoices' });
  await list.getByRole('link', { name: `Full invoice ${full}` }).click();
  await expect(page.getByTestId('invoice-number')).toHaveText(full);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.filter({ hasText: /4 seats on the shared trip aboard .*€480\.00$/ })).toHaveCount(1);
  await expect(rows.filter({ hasText: /Difference for the change of date to .*€80\.00$/ })).toHaveCount(1);
  await expect(page.getByTestId('invoice-total')).toHaveText('€560.00');
  await fitsThePhone(page);

  // The company was the wrong one: the admin cancels the full invoice from its record.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signInOn(page, '/admin/invoicing');
  const records = (await (
    await request.get('/api/admin/invoicing/records', { headers: { authorization: `Bearer ${admin}` } })
  ).json()) as { records: { _id: string; numSerie: string; kind: string; position: number }[] };
  const record = records.records.find((r) => r.numSerie === full && r.kind === 'alta')!;
  const row = page.locator(`#record-${record._id}`);
  await row.getByRole('button', { name: `Cancel ${full} as issued by mistake` }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel invoice ${full}` });
  await expect(dialog).toContainText('the wrong company (Acme Eventos S.L.)');
  await dialog.getByRole('button', { name: 'Cancel the invoice' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('link', { name: new RegExp(`^Canceled by ${full}`) })).toBeVisible();
  await fitsThePhone(page);

  // The tourist sees it cancelled; the sale and the change stand again, and may be replaced anew.
  await page.goto(manage.replace(/^https?:\/\/[^/]+/, '').replace('&amp;', '&'));
  await expect(invoices.getByText(/canceled: issued by mistake/)).toHaveCount(1);
  await expect(invoices.getByText(/replaced by the full invoice/)).toHaveCount(0);
  await expect(invoices.getByRole('button', { name: 'Ask for a full invoice' })).toBeVisible();
  await fitsThePhone(page);
});
