// A self-drive charter and its security deposit (issue 60, docs/payments.md#the-security-deposit,
// decisions 39 and 40) at 390 px: a self-drive boat asks €300; the tourist reads it on the review
// step, cannot continue before agreeing, pays with the good card (which is saved for the deposit)
// and reads it again on the confirmation. The trip leaves in a few hours, so the deposits job holds
// it on the card at once; manage my booking says it is held. At the harbour without signal, crew
// record the skipper's licence with a photo of the document and confirm it, record the departure
// checklist with a photo and the customer's signature on the phone, and all of it is sent when the
// signal returns; at the return they record a new scratch with its photo. The owner
// (the platform, for its own boat) claims part of the deposit in the back office with that return
// photo; the customer sees the claim with the photo on manage my booking and accepts it; the
// capture and the release of the rest show on the booking's deposit and history, in the
// customer's e-mail and as a line of its own in the owner's statement.
import sharp from 'sharp';
import type { BrowserContext, Page, Route } from '@playwright/test';
import { expect, test } from '../support/test';
import {
  CARD_OK,
  addPassengers,
  continueToPayment,
  dayKey,
  fillCard,
  fillContact,
  openBooking,
  pay,
  pickDay,
  pickStart,
  tryContinue,
} from '../support/booking-helpers';
import { bookingNumber } from '../support/api-booking';
import { waitForMail } from '../support/inbox';
import { canaryDay, journeyBoat, sharedTrip, signInOn, staffHeaders } from '../support/operator';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: false });

const HOUR = 3_600_000;

/** A photo as a phone's camera gives it. */
const photo = async (name: string, background: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer(),
});

/** The harbour: the page and the service worker's own requests find no network (crew-checkin.spec.ts). */
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

/** The customer signs on the crew's phone with a finger (a few strokes of the mouse). */
async function sign(crew: Page) {
  const pad = crew.getByRole('img', { name: 'Sign here with your finger' });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await crew.mouse.move(box.x + 20, box.y + box.height / 2);
  await crew.mouse.down();
  for (let i = 1; i <= 8; i++)
    await crew.mouse.move(box.x + 20 + i * 25, box.y + 20 + (i % 3) * 20, { steps: 2 });
  await crew.mouse.up();
}

test('a self-drive charter: the deposit held, the handover recorded offline, part of it claimed for damage', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const headers = await staffHeaders(request);
  const boatTitle = `Self-drive Boat ${stamp}`;
  const boatId = await journeyBoat(request, headers, {
    title: boatTitle,
    securityDeposit: 300,
    requiresLicense: true,
  });
  // A few hours ahead, on the hour: inside the 24 hours before departure, so held at once.
  const start = new Date(Math.ceil((Date.now() + 3 * HOUR) / HOUR) * HOUR);
  const trip = await sharedTrip(request, headers, boatId, { start });
  const email = `deposit-${stamp}@example.com`;

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
  await expect(page.getByTestId('deposit-terms')).toContainText(
    'This boat asks a security deposit of €300.00.',
  );
  await tryContinue(page);
  await expect(page.getByText('Agree to the security deposit to continue.')).toBeVisible();
  await page.getByRole('checkbox', { name: /I confirm that whoever drives the boat holds/ }).check();
  await page
    .getByRole('checkbox', {
      name: 'I agree that my card is saved and a security deposit of €300.00 is held on it before departure.',
    })
    .check();
  await continueToPayment(page);
  const { bookingId } = (await (await intent).json()) as { bookingId: string };
  await fillContact(page, 'Dana Deposit', email);
  await fillCard(page, CARD_OK);
  await pay(page);
  await expect(page.getByTestId('deposit-note')).toContainText(
    "Security deposit: €300.00, held on your card (not charged) the day before departure and released after the boat's return",
  );

  // The deposits job holds it on the saved card; manage my booking says so.
  const found = await request.post('/api/bookings/lookup', {
    data: { reference: bookingNumber(bookingId), email },
  });
  const { token } = (await found.json()) as { token: string };
  await expect
    .poll(
      async () =>
        (
          (await (
            await request.get(`/api/bookings/${bookingId}/deposit?token=${encodeURIComponent(token)}`)
          ).json()) as { deposit: { status: string } }
        ).deposit.status,
      { timeout: 30_000 },
    )
    .toBe('authorised');
  await page.goto(`/booking/manage?booking=${bookingId}&token=${token}`);
  await expect(page.getByTestId('deposit-panel')).toContainText('€300.00 is held (not charged).');

  // The harbour: crew sign in on their phone, which saves the day's manifests. No signal on the
  // quay: the skipper's licence with a photo of the document, checked against it, the departure
  // checklist with a photo and the customer's signature wait on the phone, and all of it goes as
  // soon as the signal returns.
  const crew = { email: `skipper-desk.${stamp}@example.com`, password: `crew-password-${stamp}` };
  const made = await request.post('/api/admin/staff', { headers, data: { ...crew, role: 'crew' } });
  expect(made.ok(), await made.text()).toBe(true);
  const crewContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await crewContext.newPage();
  await signInOn(phone, `/admin/trips?date=${canaryDay(trip.start)}`, crew);
  await expect(phone.getByText(/Saved on this phone for use without signal/)).toBeVisible();
  await phone.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await phone.getByRole('link', { name: new RegExp(boatTitle) }).click();
  const party = phone.getByRole('listitem').filter({ hasText: 'Dana Deposit' }).first();
  await expect(party).toContainText('No licence recorded yet.');
  await signal(crewContext, false);
  await party.getByRole('button', { name: 'Record the licence' }).click();
  await party.getByLabel("Skipper's full name").fill('Dana Deposit');
  await party.getByLabel('Licence', { exact: true }).selectOption('per');
  await party.getByLabel('Licence number').fill('PER-4471');
  await party.getByLabel('Issuing country').fill('ES');
  await party.getByLabel('Photo of the licence').setInputFiles(await photo('licence.jpg', '#d9e4ef'));
  await party.getByRole('button', { name: 'Save the licence' }).click();
  const waiting = 'Waiting to send: kept on this phone, sent when the signal returns.';
  await expect(party.getByTestId('licence-queued')).toHaveText(waiting);
  await party.getByRole('button', { name: 'Matches the document' }).click();
  await expect(party.getByTestId('licence-status')).toContainText('Checked against the document by crew');
  await party.getByRole('button', { name: 'Departure check' }).click();
  await party
    .getByLabel('Photos (marks, fuel gauge, engine hours)')
    .setInputFiles(await photo('out.jpg', '#1d6fa5'));
  await sign(phone);
  await party.getByRole('button', { name: 'Save and send' }).click();
  await expect(
    party.getByText('No signal: kept on this phone, sent when the signal returns.').first(),
  ).toBeVisible();
  await signal(crewContext, true);
  const handover = async () => {
    const get = (what: string) =>
      request.get(`/api/crew/bookings/${bookingId}/self-drive/${what}`, { headers }).then((r) => r.json());
    const [licence, condition] = await Promise.all([get('licence'), get('condition')]);
    return { licence: (licence as { licence: unknown }).licence, departure: condition.departure !== null };
  };
  await expect.poll(handover, { timeout: 30_000 }).toMatchObject({
    licence: {
      licenceNumber: 'PER-4471',
      recordedBy: 'crew',
      status: 'confirmed',
      photo: expect.any(String),
    },
    departure: true,
  });
  // Back at the harbour with signal: a new scratch, with its photo, signed by the customer.
  await phone.reload();
  await party.getByRole('button', { name: 'Return check' }).click();
  await party.getByLabel('Existing marks and damage').fill('New scratch on the port bow');
  await party
    .getByLabel('Photos (marks, fuel gauge, engine hours)')
    .setInputFiles(await photo('back.jpg', '#8a2b2b'));
  await sign(phone);
  await party.getByRole('button', { name: 'Save and send' }).click();
  await expect(party.getByText('Recorded and sent.')).toBeVisible();
  await crewContext.close();

  // The owner (the platform, for its own boat) claims part of the deposit with the return photo.
  const officeContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const office = await officeContext.newPage();
  await signInOn(office, '/admin/bookings');
  const openDetails = async () => {
    const search = office.getByRole('searchbox', { name: 'Search' });
    await search.fill('Dana Deposit');
    await search.press('Enter');
    await office
      .locator('tbody tr')
      .filter({ hasText: email })
      .getByRole('button', { name: 'Details' })
      .click();
    return office.getByRole('dialog', { name: /^Booking #/ }).getByTestId('booking-deposit');
  };
  let deposit = await openDetails();
  await deposit.getByRole('button', { name: 'Claim for damage' }).click();
  await deposit.getByLabel('Amount claimed (at most €300.00)').fill('85.50');
  await deposit
    .getByLabel('What was damaged (the customer reads it)')
    .fill('Scratch on the port bow, gelcoat repair');
  await deposit.getByRole('checkbox', { name: /Photo 1/ }).check();
  await deposit.getByRole('button', { name: 'Send the claim' }).click();
  await expect(deposit).toContainText("Claimed for damage: €85.50 · waiting for the customer's answer");

  // The customer is e-mailed, sees the claim with the return's photo on manage my booking, and accepts.
  await waitForMail(email, /claims €85\.50 of your security deposit of €300\.00/);
  await page.reload();
  const claim = page.getByTestId('deposit-claim');
  await expect(claim).toContainText('The owner claims €85.50 of the deposit for damage.');
  await expect(claim).toContainText('Scratch on the port bow, gelcoat repair');
  const evidence = claim.getByRole('img', { name: 'Photo of the boat at its return' });
  await expect.poll(() => evidence.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await claim.getByRole('button', { name: 'Accept the claim' }).click();
  await expect(page.getByTestId('deposit-panel')).toContainText(
    'Of the deposit of €300.00, €85.50 was kept for damage; the rest was released.',
  );
  await waitForMail(email, /€85\.50 of your security deposit of €300\.00 was kept for damage/);

  // The booking's deposit and history in the back office, and the owner's statement: the capture,
  // a line of its own without commission.
  await office.reload();
  deposit = await openDetails();
  // Kept in part, the rest released: on the card, €85.50 captured of the €300.00 held.
  await expect(deposit).toContainText('€300.00 · kept in part for damage');
  await expect(deposit).toContainText('Kept €85.50: Scratch on the port bow, gelcoat repair');
  await expect(office.getByRole('dialog', { name: /^Booking #/ })).toContainText(
    'The customer accepted the damage claim',
  );
  await officeContext.close();
  const owners = (await (await request.get('/api/admin/owners', { headers })).json()) as {
    items: { _id: string; isPlatform: boolean }[];
  };
  const platform = owners.items.find((o) => o.isPlatform)!;
  const statement = await request.get(
    `/api/owner/statement?month=${canaryDay(new Date()).slice(0, 7)}&ownerId=${platform._id}`,
    { headers },
  );
  const lines = ((await statement.json()) as { lines: { kind: string; bookingId: string | null }[] }).lines;
  expect(lines.filter((l) => l.bookingId === bookingId && l.kind === 'deposit')).toMatchObject([
    { gross: 85.5, net: 85.5, fee: 0, share: 85.5 },
  ]);
});
