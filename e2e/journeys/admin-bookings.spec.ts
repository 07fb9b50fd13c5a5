// The back office's bookings page: an admin signs in, finds a booking by the customer's name,
// opens it, confirms it and gives part of it back as a goodwill gesture, cancels and refunds
// another (through the sandbox card provider), and downloads the CSV of the month. The two bookings are bought through the public API first,
// so the journey depends on no other journey's data.
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { boatByTitle, sharedTrip, type WireSlot } from '../support/booking-helpers';
import { waitForMail } from '../support/inbox';
import { docShot } from '../support/operator';

const ADMIN = { email: 'admin@adboatrental.example', password: 'boats-demo-2026' };
const canaryMonth = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Atlantic/Canary',
  month: 'long',
  year: 'numeric',
});
/** Money as the English back office writes it, to the cent: €100.50. */
const eur = (euros: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(euros);
const canaryYearMonth = (d: Date) => {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Atlantic/Canary',
    year: 'numeric',
    month: '2-digit',
  })
    .format(d)
    .split('-')
    .map(Number);
  return (year ?? 0) * 12 + (month ?? 0);
};

/** Buys 4 adult seats on the trip with the sandbox's succeeding card; answers the booking id. */
async function buySeats(
  request: APIRequestContext,
  boatId: string,
  trip: WireSlot,
  name: string,
  email: string,
) {
  const hours = (Date.parse(trip.end) - Date.parse(trip.start)) / 3_600_000;
  const total = 4 * trip.seatPrice * hours;
  const intent = await request.post('/api/boat/payment-intent', {
    data: {
      currency: 'eur',
      amount: Math.round(total * 100),
      booking: {
        boatId,
        mode: 'shared',
        slotId: trip._id,
        dateISO: trip.start,
        durationHours: hours,
        tickets: { adults: 4, children50: 0, kidsFree: 0 },
        priceBreakdown: { unitPerHour: trip.seatPrice, paidUnits: 4, hours, total },
      },
      customer: { name, email, phone: '+34600111222' },
      lang: 'en',
    },
  });
  expect(intent.ok(), await intent.text()).toBe(true);
  const { clientSecret, bookingId } = (await intent.json()) as { clientSecret: string; bookingId: string };
  const paid = await request.post('/api/payments/sandbox/confirm', {
    data: {
      clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
      returnUrl: '/',
    },
  });
  expect(await paid.json()).toMatchObject({ status: 'succeeded' });
  const intentId = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
  const confirm = await request.get(`/checkout/confirm?payment_intent=${intentId}`);
  expect(confirm.ok(), await confirm.text()).toBe(true);
  return { bookingId, total };
}

async function signInAsAdmin(page: Page, path: string): Promise<void> {
  await page.goto(path);
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill(ADMIN.email);
  await dialog.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
}

async function searchFor(page: Page, text: string): Promise<void> {
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(text);
  await search.press('Enter');
}

// At 390 px, the harbour's phone: the desktop table is read by bookings-table.test.tsx; the same
// path at 1440 px ran it twice (until 2026-11-27).
for (const width of [390]) {
  test(`at ${width} px: admin finds and confirms a booking, gives part back as a gesture, cancels and refunds another, exports the month`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await confirmCancelRefundAndExport(page, request);
  });
}

async function confirmCancelRefundAndExport(page: Page, request: APIRequestContext): Promise<void> {
  const boat = await boatByTitle(request, 'San Miguel');
  const trip = await sharedTrip(request, boat._id, 20, 8);
  const stamp = Date.now().toString(36);
  const first = { name: `Zoë Confirm ${stamp}`, email: `zoe.${stamp}@example.com` };
  const second = { name: `Ñandú Refund ${stamp}`, email: `nandu.${stamp}@example.com` };
  const bought = await buySeats(request, boat._id, trip, first.name, first.email);
  await buySeats(request, boat._id, trip, second.name, second.email);

  await signInAsAdmin(page, '/admin/bookings');
  await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();

  // To the trip's month, in Canary time.
  const steps = canaryYearMonth(new Date(trip.start)) - canaryYearMonth(new Date());
  for (let i = 0; i < steps; i++) await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByText(canaryMonth.format(new Date(trip.start)), { exact: true })).toBeVisible();

  // Find the first booking by the customer's name and open it.
  await searchFor(page, first.name.toUpperCase());
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(first.email);
  await expect(rows.first()).toContainText('Paid');
  await rows.first().getByRole('button', { name: 'Details' }).click();
  const details = page.getByRole('dialog', { name: /^Booking #/ });
  await expect(details).toBeVisible();
  await expect(details).toContainText(first.name);
  await expect(details).toContainText('+34600111222');
  await expect(details).toContainText('4 of 4 seats');
  await expect(details.getByRole('list', { name: 'Money' })).toContainText('Received');
  await expect(details.locator('table', { hasText: 'Ticket' }).locator('tbody tr')).toHaveCount(4);
  const ledger = details.getByRole('region', { name: 'Payments and refunds' });
  await expect(ledger).toContainText('Payment · card');
  await expect(ledger).toContainText('Succeeded');
  await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');
  await details.getByRole('button', { name: 'Confirm' }).click();
  await expect(details).toContainText(`Confirmed by the operator · ${ADMIN.email}`);
  // A goodwill gesture on the trip that still sails (issue 56): part of the money back with the
  // reason the customer reads; the booking stays confirmed with its tickets.
  await details.getByRole('button', { name: 'Refund part as a goodwill gesture' }).click();
  const gesture = page.getByRole('dialog', { name: /^Goodwill refund on booking #/ });
  await gesture.getByLabel('Amount to refund (EUR)').fill(String(bought.total));
  await gesture.getByLabel('Why (the customer reads it)').fill('The snorkel gear will be missing');
  await gesture.getByRole('button', { name: 'Refund as a goodwill gesture' }).click();
  // All of it would be a cancellation: at most a cent less.
  await expect(gesture.getByText(`At most ${eur(bought.total - 0.01)}`, { exact: true })).toBeVisible();
  await gesture.getByLabel('Amount to refund (EUR)').fill('20');
  await gesture.getByRole('button', { name: 'Refund as a goodwill gesture' }).click();
  await expect(gesture.getByRole('status')).toContainText('€20.00 refunded as a goodwill gesture.');
  await expect(gesture).toContainText('The booking stands');
  // The result's own button (the header's × is named Close too).
  await gesture.getByRole('button', { name: 'Close' }).last().click();
  await expect(gesture).toBeHidden();
  await expect(details).toContainText(
    `Refund of €20.00 issued · ${ADMIN.email} · The snorkel gear will be missing`,
  );
  await expect(details.getByRole('list', { name: 'Money' })).toContainText('Refunded €20.00');
  await expect(details.locator('table', { hasText: 'Ticket' }).locator('tbody tr')).toHaveCount(4);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(rows.first()).toContainText('Confirmed');
  await expect(rows.first().getByRole('button', { name: 'Confirm' })).toHaveCount(0);

  // Cancel and refund the second one from its row.
  await searchFor(page, second.name.toLowerCase());
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  // Cancel asks first, with a reason; going back changes nothing.
  await row.getByRole('button', { name: 'Cancel booking' }).click();
  let confirm = page.getByRole('dialog', { name: /^Cancel booking #[0-9A-F]{8}\?$/ });
  await confirm.getByRole('button', { name: 'Back' }).click();
  await expect(row).toContainText('Paid');
  await row.getByRole('button', { name: 'Cancel booking' }).click();
  await confirm.getByRole('button', { name: 'Cancel the booking' }).click();
  await expect(confirm.getByText('Required')).toBeVisible();
  // The note stays in the history; the message is shown as the customer will get it.
  await confirm.getByLabel('Internal note (why)').fill('Customer called: family emergency');
  await confirm.getByLabel('Message to the customer (optional)').fill('Get well soon, see you next time!');
  await expect(confirm.getByRole('region', { name: 'What the customer receives' })).toContainText(
    'Get well soon, see you next time!',
  );
  await confirm.getByRole('button', { name: 'Cancel the booking' }).click();
  await expect(row).toContainText('Canceled');

  // A partial refund with cents: the amount starts at the net received, the operator gives
  // back 100.50 €, and every place that shows it says 100.50 € (issue 31.7).
  expect(bought.total).toBeGreaterThan(100.5);
  await row.getByRole('button', { name: 'Refund' }).click();
  confirm = page.getByRole('dialog', { name: /^Refund booking #/ });
  await expect(confirm.getByLabel('Amount to refund (EUR)')).toHaveValue(String(bought.total));
  await confirm.getByLabel('Amount to refund (EUR)').fill('100.50');
  await confirm.getByLabel('Reason').fill('Half of the deposit back');
  await confirm.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(row).toContainText('refunded €100.50');
  await expect(row).toContainText('Canceled');
  await row.getByRole('button', { name: 'Details' }).click();
  const money = details.getByRole('list', { name: 'Money' });
  await expect(money).toContainText('Refunded €100.50');
  await expect(money).toContainText(`Net kept ${eur(bought.total - 100.5)}`);
  const ledgerNow = details.getByRole('region', { name: 'Payments and refunds' });
  await expect(ledgerNow).toContainText('−€100.50');
  await expect(ledgerNow).toContainText(`Net received: ${eur(bought.total - 100.5)}`);
  await expect(details).toContainText(`Refund of €100.50 issued · ${ADMIN.email} · Half of the deposit back`);
  await details.getByRole('button', { name: 'Close' }).first().click();
  // Then the rest: the amount now starts at what is left.
  await row.getByRole('button', { name: 'Refund' }).click();
  await expect(confirm.getByLabel('Amount to refund (EUR)')).toHaveValue(String(bought.total - 100.5));
  await confirm.getByLabel('Reason').fill('The rest, as agreed');
  await confirm.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(row).toContainText('Refunded');
  await expect(row.getByRole('button')).toHaveCount(1); // only Details is left
  await row.click();
  await expect(details).toContainText(
    `Canceled by the operator · ${ADMIN.email} · Customer called: family emergency · to the customer: “Get well soon, see you next time!”`,
  );
  // The customer's e-mail carries the message, never the note.
  const canceledMail = await waitForMail(second.email, /Subject: Booking canceled/);
  expect(canceledMail.text).toContain('Get well soon, see you next time!');
  expect(canceledMail.text).not.toContain('family emergency');
  await expect(details).toContainText(`Refunded ${eur(bought.total)} in total`);
  // The ledger holds both refunds the operator made, and nothing is left.
  const refunds = details
    .getByRole('region', { name: 'Payments and refunds' })
    .locator('tr', { hasText: 'Refund' });
  await expect(refunds).toHaveCount(2);
  await expect(refunds.first()).toContainText('−€100.50');
  await expect(details.getByRole('region', { name: 'Payments and refunds' })).toContainText(
    'Net received: €0.00',
  );
  await details.getByRole('button', { name: 'Close' }).first().click();
  // The back office in Spanish: history and the boat's title in the viewer's language.
  await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('es');
  await expect(row).toContainText('Catamarán San Miguel al atardecer');
  await row.click();
  const detalles = page.getByRole('dialog');
  await expect(detalles).toContainText('Cancelada por el operador');
  await expect(detalles).toContainText('Catamarán San Miguel al atardecer');
  await expect(detalles).toContainText(/Reembolso de 100,50\s€ emitido/);
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Idioma', exact: true }).selectOption('en');
  await row.click();
  await details.getByRole('button', { name: 'Close' }).first().click();
  await expect(details).toBeHidden();

  // Nothing matches: the empty text, and no export.
  await searchFor(page, `nobody-${stamp}`);
  await expect(page.getByText('Nothing found for the selected period')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();

  // The month's CSV, from the server, with both customers in it.
  await searchFor(page, stamp);
  await expect(rows).toHaveCount(2);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^bookings_\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8');
  expect(text).toContain(
    'date,time,boat,type,duration,people/seats,status,total (EUR),customer,email,phone,reference,payment id,received (EUR),refunded (EUR),fee (EUR),owner (EUR)',
  );
  expect(text).toContain(first.name);
  expect(text).toContain(second.name);
  expect(text).toContain('refunded');
}

// One journey (two until 2026-11-29, each signing in and buying its own booking): the phone's
// cards, then a refused action on another booking of the same trip, on the same page.
test('at 390 px the bookings are cards with status, amount and actions, and nothing scrolls sideways; a refused action leaves the row as the server has it, the refusal in sight', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const boat = await boatByTitle(request, 'San Miguel');
  // Two bookings of four seats.
  const trip = await sharedTrip(request, boat._id, 20, 8);
  const stamp = Date.now().toString(36);
  const name = `Phone Card ${stamp}`;
  const bought = await buySeats(request, boat._id, trip, name, `card.${stamp}@example.com`);
  const refusedName = `Refused Confirm ${stamp}`;
  const { bookingId } = await buySeats(request, boat._id, trip, refusedName, `refused.${stamp}@example.com`);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page, '/admin/bookings');
  // On a phone the list opens on the trips ahead, soonest first; the past comes after them.
  await expect(page.getByLabel('Sort by start')).toHaveValue('upcoming');
  // The requests to answer and the list come first; the totals and the export wait below it.
  await docShot(page, 'admin-bookings-upcoming-390.png');
  const steps = canaryYearMonth(new Date(trip.start)) - canaryYearMonth(new Date());
  for (let i = 0; i < steps; i++) await page.getByRole('button', { name: 'Next month' }).click();
  await searchFor(page, name);
  const card = page.locator('tbody tr').first();
  await expect(card).toContainText(name);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await card.scrollIntoViewIfNeeded();
  // A short card: the whole booking fits on the screen at once (the rest is in its details).
  await expect(card).toBeInViewport({ ratio: 1 });
  expect((await card.boundingBox())!.height).toBeLessThan(844 / 2);
  for (const part of [
    card.getByText('Paid', { exact: true }),
    card.getByText(eur(bought.total)),
    card.getByRole('button', { name: 'Cancel booking' }),
  ]) {
    await expect(part).toBeInViewport();
  }

  // A refused action: the other booking, paid on this page.
  await searchFor(page, refusedName);
  const row = page.locator('tbody tr').first();
  await expect(row).toContainText(refusedName);
  await expect(row).toContainText('Paid');
  await expect(row.getByRole('button', { name: 'Confirm' })).toBeVisible();

  // Another operator cancels it meanwhile, through the API.
  const auth = await request.post('/user/auth', { data: { ...ADMIN, remember: false } });
  const { accessToken } = (await auth.json()) as { accessToken: string };
  const canceled = await request.post(`/api/admin/bookings/${bookingId}/cancel`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(canceled.ok(), await canceled.text()).toBe(true);

  // This page still shows it paid; Confirm is refused, and the row becomes what the server has.
  await row.getByRole('button', { name: 'Confirm' }).click();
  // The refusal says what happened in the operator's words, from the server's code and statuses.
  const refusal = page.getByRole('alert');
  await expect(refusal).toContainText('This booking is Canceled now, so it cannot become Confirmed');
  await expect(refusal).toBeInViewport();
  await expect(row).toContainText('Canceled');
  await expect(row.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
});
