// A deckhand's morning at 390 px: an admin has made a crew account; the crew signs in, sees
// today's trips, opens the manifest, boards a passenger by holding the ticket's QR code to the
// camera (Chromium's fake camera plays a picture of the real ticket code), scans it again
// (already boarded), boards another by typing the code, and is refused everywhere else. Then
// the harbour without signal: the manifest from the phone's saved copy, two check-ins kept on
// the phone and sent when the signal returns, a third met by another phone's and a fourth whose
// booking was canceled meanwhile.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type APIRequestContext, type BrowserContext, type Route } from '@playwright/test';
import { expect, test } from '../support/test';
import { writeQrVideo } from '../support/fake-camera';
import { mailsTo, waitForMail } from '../support/inbox';
import { docShot } from '../support/operator';
import { E2E_BASE_URL } from '../support/server';

const ADMIN = { email: 'admin@adboatrental.example', password: 'boats-demo-2026' };
const canaryDay = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Atlantic/Canary',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);

async function signIn(request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post('/user/auth', { data: { ...who, remember: false } });
  expect(res.ok(), await res.text()).toBe(true);
  return { authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}` };
}

/** A boat of its own with one shared trip later today (Canary time), so no demo slot is in the way. */
async function tripToday(request: APIRequestContext, admin: Record<string, string>, stamp: string) {
  const boat = await request.post('/api/admin/boats', {
    headers: admin,
    data: {
      title: `Crew Boat ${stamp}`,
      description: 'Journey boat',
      images: [],
      port: { name: 'Puerto Colón', address: 'Costa Adeje' },
      capacity: 12,
      minDurationHours: 1,
      maxDurationHours: 8,
      verified: true,
      isActive: true,
      requiresLicense: false,
      geoNote: '',
      inclusions: [],
      pricing: { perHour: 100, halfDay: null, perDay: null },
      shared: { pricing: { perHour: 20 }, minSeatsToDepart: 0 },
    },
  });
  expect(boat.ok(), await boat.text()).toBe(true);
  const boatId = ((await boat.json()) as { boat: { _id: string } }).boat._id;
  const now = Date.now();
  const today = canaryDay(new Date(now));
  // Half an hour from now while that is still today; just before midnight, two minutes.
  const start = new Date(
    canaryDay(new Date(now + 30 * 60_000)) === today ? now + 30 * 60_000 : now + 2 * 60_000,
  );
  start.setUTCSeconds(0, 0);
  const end = new Date(start.getTime() + 2 * 3_600_000);
  const slot = await request.post(`/api/boats/slots/${boatId}`, {
    headers: admin,
    data: {
      type: 'shared',
      start: start.toISOString(),
      end: end.toISOString(),
      isOpen: true,
      seatPrice: 20,
      seatsTotal: 10,
      seatsTaken: 0,
    },
  });
  expect(slot.ok(), await slot.text()).toBe(true);
  return { boatId, slotId: ((await slot.json()) as { _id: string })._id, start, end };
}

async function buyTwoSeats(
  request: APIRequestContext,
  trip: { boatId: string; slotId: string; start: Date; end: Date },
  customer: { name: string; email: string; phone: string },
): Promise<{ bookingId: string; codes: string[] }> {
  const hours = (trip.end.getTime() - trip.start.getTime()) / 3_600_000;
  const total = 2 * 20 * hours;
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
        tickets: { adults: 2, children50: 0, kidsFree: 0 },
        priceBreakdown: { unitPerHour: 20, paidUnits: 2, hours, total },
      },
      customer,
      lang: 'en',
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

const ADMIN_ROUTES = [
  ['GET', '/api/admin/boats'],
  ['GET', '/checkout/bookings'],
  ['GET', '/api/admin/bookings/export.csv'],
  ['GET', '/messages/admin/messages'],
  ['POST', '/api/admin/boats'],
  ['POST', '/api/admin/staff'],
] as const;

test('crew at 390 px: trips, manifest, camera check-in, already, typed code, 403 elsewhere', async ({
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const admin = await signIn(request, ADMIN);
  const trip = await tripToday(request, admin, stamp);
  const customer = {
    name: `Marta Gangway ${stamp}`,
    email: `marta.${stamp}@example.com`,
    phone: '+34 600 123 456',
  };
  const {
    codes: [scanned, typed],
  } = await buyTwoSeats(request, trip, customer);
  if (!scanned || !typed) throw new Error('the booking has no tickets');

  const crew = { email: `deck.${stamp}@example.com`, password: `crew-password-${stamp}` };
  const crewRes = await request.post('/api/admin/staff', {
    headers: admin,
    data: { ...crew, role: 'crew' },
  });
  expect(crewRes.ok(), await crewRes.text()).toBe(true);

  // The crew's token is refused on every admin-only route.
  const crewHeaders = await signIn(request, crew);
  for (const [method, url] of ADMIN_ROUTES) {
    const res = await request.fetch(url, {
      method,
      headers: crewHeaders,
      data: method === 'POST' ? {} : undefined,
    });
    expect(res.status(), `${method} ${url}`).toBe(403);
  }

  const video = join(await mkdtemp(join(tmpdir(), 'crew-camera-')), 'ticket.y4m');
  await writeQrVideo(scanned, video);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({
      baseURL: E2E_BASE_URL,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1,
      locale: 'en-GB',
      timezoneId: 'Atlantic/Canary',
      permissions: ['camera'],
    });
    const page = await context.newPage();
    const shot = (name: string, fullPage = true) =>
      page.screenshot({
        path: process.env.UPDATE_SCREENSHOTS ? `../docs/screenshots/${name}` : testInfo.outputPath(name),
        type: 'jpeg',
        quality: 80,
        fullPage,
      });

    await page.goto('/admin/trips');
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByLabel('Email').fill(crew.email);
    await dialog.getByLabel('Password', { exact: true }).fill(crew.password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog).toBeHidden();

    // Today's trips: the crew's landing screen.
    await expect(page.getByRole('heading', { name: 'Trips', level: 1 })).toBeVisible();
    const card = page.getByRole('link', { name: new RegExp(`Crew Boat ${stamp}`) });
    await expect(card).toContainText('2 of 10 seats sold');
    await expect(card).toContainText('0 of 2 people boarded');
    await expect(page.getByRole('link', { name: 'Bookings' })).toHaveCount(0);
    expect(
      (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'critical'),
    ).toEqual([]);
    await shot('crew-trips-390.jpg', false);

    // The manifest: the customer, tap to call, both tickets not yet boarded.
    await card.click();
    const party = page.getByRole('listitem').filter({ hasText: customer.name });
    await expect(party).toBeVisible();
    await expect(party.getByRole('link', { name: 'Call +34 600 123 456' })).toHaveAttribute(
      'href',
      'tel:+34600123456',
    );
    await expect(party.getByText(scanned)).toBeVisible();
    await expect(party.getByText('not boarded')).toHaveCount(2);
    await shot('crew-manifest-390.jpg');

    // The camera reads the ticket's QR code.
    await page.getByRole('link', { name: 'Check in to this trip' }).click();
    await page.getByRole('button', { name: 'Scan with the camera' }).click();
    const result = page.locator('[role="status"][aria-live="assertive"]');
    await expect(result).toContainText('Boarded', { timeout: 20_000 });
    await expect(result).toContainText(customer.name);
    await expect(result).toContainText(scanned);
    await shot('crew-checkin-390.jpg');

    // The same ticket again: already boarded, with when and by whom.
    await page.getByRole('button', { name: 'Scan next' }).click();
    await expect(result).toContainText('Already boarded', { timeout: 20_000 });
    await expect(result).toContainText(crew.email);

    // The second ticket by typing its code.
    await page.getByRole('button', { name: 'Scan next' }).click();
    // Typed as crew do at the pier: lower case, without the dashes.
    await page.getByLabel('Or type the ticket code').fill(typed.toLowerCase().replaceAll('-', ''));
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(result).toContainText('Boarded');
    await expect(result).toContainText(typed);

    await page.getByRole('link', { name: 'Back to the manifest' }).click();
    await expect(party.getByText(/boarded \d\d:\d\d/)).toHaveCount(2);

    // The back office's admin pages stay closed to crew, who read why (still signed in, no
    // sign-in form over it) and find the way back to the trips.
    await page.goto('/admin/bookings');
    await expect(page.getByRole('heading', { name: 'Administrators only' })).toBeVisible();
    await expect(page.getByText(/not an administrator/)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeHidden();
    await shot('crew-admin-only-390.jpg', false);
    await page.getByRole('link', { name: "Open today's trips" }).click();
    await expect(page).toHaveURL(/\/admin\/trips$/);
    await context.close();
  } finally {
    await browser.close();
  }
});

test('admin cancels a trip for the weather from its manifest and reads the report', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const admin = await signIn(request, ADMIN);
  const trip = await tripToday(request, admin, `W${stamp}`);
  const first = { name: `Ana Storm ${stamp}`, email: `ana.${stamp}@example.com`, phone: '+34600000001' };
  const second = { name: `Олег Шторм ${stamp}`, email: `oleg.${stamp}@example.com`, phone: '+34600000002' };
  await buyTwoSeats(request, trip, first);
  await buyTwoSeats(request, trip, second);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/trips/${trip.slotId}`);
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email').fill(ADMIN.email);
  await dialog.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Cancel trip', exact: true }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel this trip' });
  await expect(cancel.getByText('2 bookings affected')).toBeVisible();
  // Two adults for two hours at €20 an hour each: €80 per booking.
  await expect(cancel.getByText(new RegExp(`Ana Storm ${stamp} · 2 people · €80`))).toBeVisible();
  await expect(cancel.getByText(/Paid in total: €160/)).toBeVisible();
  await cancel.getByRole('button', { name: 'Cancel the trip and e-mail 2 customers' }).click();
  await expect(cancel.getByText('Choose the reason')).toBeVisible();
  // A standard reason (each customer reads it in their language), a note for the team only, and
  // an optional message shown as it will be sent (issue 31, item 5).
  await cancel.getByLabel('Strong wind').check();
  await cancel.getByLabel('Internal note (optional)').fill('AEMET orange warning, skipper agrees');
  await cancel.getByLabel('Message to every customer (optional)').fill('We hope to see you on board soon.');
  const preview = cancel.getByRole('region', { name: 'What customers receive' });
  await expect(preview).toContainText('reason “Strong wind”');
  await expect(preview).toContainText('We hope to see you on board soon.');
  await expect(preview).not.toContainText('AEMET');
  await cancel.getByLabel('Refund everyone now').check();
  await preview.scrollIntoViewIfNeeded();
  await docShot(page, 'weather-cancel-reason-390.png');
  await cancel.getByRole('button', { name: 'Cancel the trip and e-mail 2 customers' }).click();
  await expect(cancel.getByText('The trip is canceled.')).toBeVisible({ timeout: 20_000 });
  await expect(cancel.getByText('2 refunded')).toBeVisible();
  await expect(cancel.getByText('2 bookings canceled and e-mailed')).toBeVisible();

  // The customer's inbox: "Trip canceled" with the reason and the message (never the note),
  // then "Refund issued", in that order.
  // (The refund's subject carries "€", so it comes MIME-encoded: Refund_issued.)
  await waitForMail(first.email, /Subject: .*Refund.issued/);
  const inbox = (await mailsTo(first.email)).map((m) => m.text);
  const canceledAt = inbox.findIndex((text) => /Subject: Trip canceled/.test(text));
  const refundAt = inbox.findIndex((text) => /Subject: .*Refund.issued/.test(text));
  expect(canceledAt).toBeGreaterThanOrEqual(0);
  expect(canceledAt).toBeLessThan(refundAt);
  expect(inbox[canceledAt]).toContain('Strong wind');
  expect(inbox[canceledAt]).toContain('We hope to see you on board soon.');
  expect(inbox[canceledAt]).not.toContain('AEMET');
});

/** The harbour: the page and the service worker's own requests find no network. */
const workerOffline = (route: Route) =>
  route.request().serviceWorker() ? route.abort('internetdisconnected') : route.continue();
async function signal(context: BrowserContext, on: boolean) {
  if (on) {
    await context.unroute('**', workerOffline);
    await context.setOffline(false);
  } else {
    await context.setOffline(true);
    await context.route('**', workerOffline);
  }
}

test('crew at 390 px without signal: saved manifest, two check-ins sent later, conflicts with who and when', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const admin = await signIn(request, ADMIN);
  const trip = await tripToday(request, admin, `O${stamp}`);
  const customer = {
    name: `Rosa Harbour ${stamp}`,
    email: `rosa.${stamp}@example.com`,
    phone: '+34600444555',
  };
  const {
    codes: [first, second],
  } = await buyTwoSeats(request, trip, customer);
  const {
    codes: [third],
  } = await buyTwoSeats(request, trip, {
    name: `Luis Harbour ${stamp}`,
    email: `luis.${stamp}@example.com`,
    phone: '+34600444556',
  });
  const canceled = await buyTwoSeats(request, trip, {
    name: `Eva Harbour ${stamp}`,
    email: `eva.${stamp}@example.com`,
    phone: '+34600444557',
  });
  const [fourth] = canceled.codes;
  if (!first || !second || !third || !fourth) throw new Error('the bookings have no tickets');
  const crew = { email: `quay.${stamp}@example.com`, password: `crew-password-${stamp}` };
  const otherPhone = { email: `deck2.${stamp}@example.com`, password: `crew-password-${stamp}` };
  for (const account of [crew, otherPhone]) {
    const made = await request.post('/api/admin/staff', {
      headers: admin,
      data: { ...account, role: 'crew' },
    });
    expect(made.ok(), await made.text()).toBe(true);
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/trips');
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email').fill(crew.email);
  await dialog.getByLabel('Password', { exact: true }).fill(crew.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
  // The phone has saved the next days' trips and manifests, and the app runs from its worker.
  await expect(
    page.getByText(/Saved on this phone for use without signal: \d\d\/\d\d\/\d{4} \d\d:\d\d/),
  ).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/crew.webmanifest');

  await signal(page.context(), false);
  const card = page.getByRole('link', { name: new RegExp(`Crew Boat O${stamp}`) });
  await card.click();
  const party = page.getByRole('listitem').filter({ hasText: customer.name });
  await expect(party.getByText(first)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'No connection.' })).toContainText(
    'Showing what this phone saved at',
  );
  // A reload at the harbour: the app and the manifest come from the phone, still signed in.
  await page.reload();
  await expect(party.getByText(first)).toBeVisible();

  // Meanwhile another phone, with signal, boards the third ticket.
  const theirs = await request.post('/api/crew/checkin', {
    headers: await signIn(request, otherPhone),
    data: { code: third, slotId: trip.slotId },
  });
  expect(((await theirs.json()) as { result: string }).result).toBe('boarded');
  // And the office cancels the fourth's booking.
  const cancel = await request.post(`/api/admin/bookings/${canceled.bookingId}/cancel`, {
    headers: admin,
    data: { reason: 'Customer called the office' },
  });
  expect(cancel.ok(), await cancel.text()).toBe(true);

  await page.getByRole('link', { name: 'Check in to this trip' }).click();
  const code = page.getByLabel('Or type the ticket code');
  const result = page.locator('[role="status"][aria-live="assertive"]');
  for (const ticket of [first, second, third, fourth]) {
    await code.fill(ticket);
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(result).toContainText('Checked in on this phone');
    await expect(result).toContainText(ticket);
    await page.getByRole('button', { name: 'Scan next' }).click();
  }
  await expect(page.getByText('4 check-ins waiting to send')).toBeVisible();
  // A code on no saved manifest is said so, not kept.
  await code.fill('TF-2222-3333-44');
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(result).toContainText('is on none of the manifests saved on this phone');
  await page.getByRole('button', { name: 'Scan next' }).click();

  // The signal returns: the two are sent, the third is the other phone's, with who and when.
  await signal(page.context(), true);
  const list = page.getByRole('region', { name: 'Check-ins made without signal' });
  const row = (ticket: string) => list.getByRole('listitem').filter({ hasText: ticket });
  await expect(row(first)).toContainText('sent', { timeout: 20_000 });
  await expect(row(second)).toContainText('sent');
  await expect(row(third)).toContainText(
    new RegExp(
      `not recorded.*Checked in on another phone by ${otherPhone.email.replaceAll('.', '\\.')} at \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d`,
    ),
  );
  await expect(row(fourth)).toContainText(
    new RegExp(
      `not recorded.*The booking was canceled by ${ADMIN.email.replaceAll('.', '\\.')} at \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d: do not board`,
    ),
  );
  await expect(page.getByText(/check-ins? waiting to send/)).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to the manifest' }).click();
  await expect(party.getByText(/boarded \d\d:\d\d/)).toHaveCount(2);
});
