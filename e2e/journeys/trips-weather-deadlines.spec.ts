// Weather deadlines per customer (issue 31, item 3), at 390 px: a trip three days ahead is
// canceled with a choice; before confirming, the dialog says until when each customer may
// choose — from the trips that have room for them, at least the 12-hour minimum while a trip
// offered leaves that much — and who is refunded at once because no trip has room.
import { expect, test } from '../support/test';
import { buySeats, docShot, journeyBoat, sharedTrip, signInOn, staffHeaders } from '../support/operator';

test.use({ viewport: { width: 390, height: 844 } });

const HOUR = 3_600_000;
/** "28/11/2026 10:00" (the back office's date and time in English) as an instant, Canary time. */
function readCanary(text: string): number {
  const [, d, m, y, hh, mm] = /(\d\d)\/(\d\d)\/(\d{4}) (\d\d):(\d\d)/.exec(text) ?? [];
  if (!d) throw new Error(`no date in ${text}`);
  const utc = Date.UTC(Number(y), Number(m) - 1, Number(d), Number(hh), Number(mm));
  // The Canaries are UTC or UTC+1: the reading whose Canary clock shows the same time.
  for (const offset of [0, 1]) {
    const at = utc - offset * HOUR;
    const shown = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Atlantic/Canary',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(at));
    if (shown === `${hh}:${mm}`) return at;
  }
  throw new Error(`no Canary time ${text}`);
}

test('each customer of a canceled trip gets at least the minimum to choose, said before confirming', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const admin = await staffHeaders(request);
  const boatId = await journeyBoat(request, admin, { title: `Deadline Boat ${stamp}` });
  const hourFromNow = (h: number) => new Date(Math.ceil((Date.now() + h * HOUR) / HOUR) * HOUR);
  const trip = await sharedTrip(request, admin, boatId, { start: hourFromNow(72), seatsTotal: 12 });
  // Tomorrow's trip has room for four, the one after the trip for two.
  await sharedTrip(request, admin, boatId, { start: hourFromNow(26), seatsTotal: 10, seatsTaken: 6 });
  await sharedTrip(request, admin, boatId, { start: hourFromNow(96), seatsTotal: 10, seatsTaken: 8 });
  const customer = (name: string) => ({
    name: `${name} ${stamp}`,
    email: `${name.toLowerCase()}.${stamp}@example.com`,
    phone: '+34600100400',
  });
  await buySeats(request, trip, 2, customer('Couple'));
  await buySeats(request, trip, 4, customer('Four'));
  await buySeats(request, trip, 6, customer('Six'));

  await signInOn(page, `/admin/trips/${trip.slotId}`);
  const opened = Date.now();
  await page.getByRole('button', { name: 'Cancel trip', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this trip' });
  await expect(dialog.getByText(/at least 12 hours while a trip offered allows it/)).toBeVisible();
  const line = (name: string) => dialog.getByRole('listitem').filter({ hasText: `${name} ${stamp}` });
  await expect(line('Couple')).toContainText('may choose until');
  await expect(line('Four')).toContainText('may choose until');
  await expect(line('Six')).toContainText('refunded at once: no trip has room');
  for (const name of ['Couple', 'Four']) {
    const until = readCanary((await line(name).textContent()) ?? '');
    expect(until - opened, `${name}'s time to choose`).toBeGreaterThanOrEqual(12 * HOUR - 2 * 60_000);
  }
  // The couple may also take the trip after this one: they have longer than the four.
  expect(readCanary((await line('Couple').textContent()) ?? '')).toBeGreaterThan(
    readCanary((await line('Four').textContent()) ?? ''),
  );
  await docShot(page, 'weather-cancel-deadlines-390.png');

  // Refund everyone instead: the deadlines are not said.
  await dialog.getByLabel('Refund everyone now').check();
  await expect(dialog.getByText('may choose until')).toHaveCount(0);
  await dialog.getByLabel(/A choice: move to another trip/).check();
  await dialog.getByLabel('Heavy swell').check();
  await dialog.getByRole('button', { name: 'Cancel the trip and e-mail 3 customers' }).click();
  await expect(dialog.getByText('The trip is canceled.')).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByText('1 refunded')).toBeVisible();
  await expect(dialog.getByText("2 waiting for the customers' choice")).toBeVisible();
});
