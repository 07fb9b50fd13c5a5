// Trips put on sale inside their own cutoff do not cancel themselves (issue 31, item 2), at 390
// px: the operator sets the boat's minimum and cutoff hours in the boat editor, creates a
// schedule that starts within the next hours, and the preview says that trip runs as a
// last-minute trip; the minimum job runs (every 2 s here) and the trip is still on sale; the
// new-slot window says the same before a trip is added by hand, and refuses fewer seats than
// the minimum.
import { expect, test } from '../support/test';
import {
  canaryDay,
  docShot,
  jobRanSince,
  journeyBoat,
  signInOn,
  staffHeaders,
  typedDay,
} from '../support/operator';

test.use({ viewport: { width: 390, height: 844 } });

const HOUR = 3_600_000;
const canaryClock = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Atlantic/Canary',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d);
/** The next whole five minutes after `ms` from now. */
const soon = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 300_000) * 300_000);

test('a schedule that includes the next hours creates no trip that cancels itself', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const title = `Cutoff Boat ${stamp}`;
  const boatId = await journeyBoat(request, await staffHeaders(request), { title, capacity: 10 });

  // The minimum and its cutoff hours, in the boat editor.
  await signInOn(page, `/admin/boats/edit/${boatId}`);
  await page.getByLabel('Shared trip: minimum paid seats to depart').fill('4');
  const cutoff = page.getByLabel('Shared trip: minimum checked (hours before departure)');
  await expect(cutoff).toHaveValue('12');
  await cutoff.fill('200');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('At most 168 hours (7 days)')).toBeVisible();
  await cutoff.fill('12');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  // A weekly schedule from the day of a trip 90 minutes from now: that one is inside its cutoff.
  const first = soon(1.5 * HOUR);
  const day = canaryDay(first);
  const time = canaryClock(first);
  await page.goto('/admin/schedule');
  await page.getByLabel('Boat').selectOption({ label: title });
  await page.getByLabel('Start times').fill(time);
  await page.getByLabel('Duration (hours)').fill('2');
  for (const weekday of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'])
    await page.getByRole('checkbox', { name: weekday }).check();
  await page.getByLabel('Seats').fill('10');
  await page.getByLabel('From').fill(typedDay(day));
  await page.getByLabel('Until').fill(typedDay(canaryDay(new Date(first.getTime() + 24 * HOUR))));
  // The days read in the app's English format, whatever the browser's (issue 31.15).
  await expect(page.getByLabel('From')).toHaveValue(typedDay(day));
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  const items = preview.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(
    'last-minute: created after its cutoff, runs whatever its paid seats',
  );
  await expect(items.nth(1)).not.toContainText('last-minute');
  await docShot(page, 'schedule-form-390.png');
  await page.getByRole('button', { name: 'Create 2 slots' }).click();
  await expect(page.getByText('2 slots created.')).toBeVisible();

  // The minimum job has run twice since (it runs every 2 s here; the journey waited a fixed 6 s
  // until 2026-11-29): the trip is on sale, with no cutoff.
  const admin = await staffHeaders(request);
  await jobRanSince(request, admin, 'minimum-cutoff', new Date());
  await jobRanSince(request, admin, 'minimum-cutoff', new Date());
  await page.goto(`/admin/trips?date=${day}`);
  const card = page.getByRole('link', { name: new RegExp(`^${time}.*${title}`) });
  await expect(card).toContainText('last-minute trip: no cutoff');
  await expect(card).not.toContainText('Canceled');

  // Added by hand three hours from now: the window says it before creating, and refuses too few seats.
  const byHand = soon(3 * HOUR);
  await page.goto(`/admin/boats/edit/${boatId}`);
  const panel = page.getByRole('region', { name: 'Availability' });
  const [y, m, d] = canaryDay(byHand).split('-');
  if (canaryDay(new Date()).slice(0, 7) !== canaryDay(byHand).slice(0, 7))
    await panel.getByRole('button', { name: 'Next month' }).click();
  await panel.getByRole('button', { name: new RegExp(`^${d}/${m}/${y}`) }).click();
  await panel.getByRole('button', { name: 'Add slot' }).click();
  const modal = page.getByRole('dialog', { name: /New slot on/ });
  await modal.getByLabel('Type').selectOption('shared');
  await modal.getByLabel('Start').fill(canaryClock(byHand));
  await modal.getByLabel('End').fill(canaryClock(new Date(byHand.getTime() + HOUR)));
  await expect(modal.getByRole('status')).toContainText(
    'Created now, this trip is already past its cutoff: it will run even below 4 paid seats',
  );
  await modal.getByLabel('Total seats').fill('3');
  await modal.getByRole('button', { name: 'Add slot' }).click();
  await expect(
    modal.getByText('A shared trip of this boat needs at least 4 seats, its minimum to depart'),
  ).toBeVisible();
  await docShot(page, 'new-slot-last-minute-390.png');
});
