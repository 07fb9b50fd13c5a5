// A canceled trip is final (issue 31, item 1), at 390 px: the operator cancels a trip for the
// weather from its manifest, then opens every slot of that day and goes to the boat's slot
// rows; the canceled trip stays closed, its row says who canceled it and why and has no "Open"
// box, the trips list still says Canceled, and a new trip can be put at the same time.
import { expect, test } from '../support/test';
import {
  buySeats,
  canaryDay,
  canaryTime,
  journeyBoat,
  sharedTrip,
  signInOn,
  staffHeaders,
  docShot,
  typedDay,
} from '../support/operator';

test.use({ viewport: { width: 390, height: 844 } });

test('a weather-canceled trip stays closed through "open the day" and its row', async ({ page, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const admin = await staffHeaders(request);
  const title = `Final Boat ${stamp}`;
  const boatId = await journeyBoat(request, admin, { title });
  const day = canaryDay(new Date(Date.now() + 3 * 86_400_000));
  const trip = await sharedTrip(request, admin, boatId, { start: canaryTime(day, '10:00'), hours: 2 });
  // The evening trip that day is closed by hand: "open the day" opens it.
  await sharedTrip(request, admin, boatId, { start: canaryTime(day, '17:00'), hours: 2, isOpen: false });
  await buySeats(request, trip, 2, {
    name: `Eva Final ${stamp}`,
    email: `eva.${stamp}@example.com`,
    phone: '+34600100300',
  });

  // The weather cancellation, from the manifest.
  await signInOn(page, `/admin/trips/${trip.slotId}`);
  await page.getByRole('button', { name: 'Cancel trip', exact: true }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel this trip' });
  await cancel.getByLabel('Storm warning').check();
  await cancel.getByLabel('Refund everyone now').check();
  await cancel.getByRole('button', { name: 'Cancel the trip and e-mail 1 customer' }).click();
  await expect(cancel.getByText('The trip is canceled.')).toBeVisible({ timeout: 20_000 });
  await cancel.getByRole('button', { name: 'Close' }).click();

  // "Open every slot" of that day: the evening trip opens, the canceled one stays closed.
  await page.goto('/admin/schedule');
  await page.getByLabel('Boat').selectOption({ label: title });
  const dayForm = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Close or open a day' }) });
  await dayForm.getByLabel('Day').fill(typedDay(day));
  await dayForm.getByRole('button', { name: 'Open every slot' }).click();
  await expect(
    dayForm.getByText('1 slot opened. 1 canceled trip stays closed: a canceled trip is final.'),
  ).toBeVisible();

  // The boat's slot rows: the canceled trip has no Open box, and says who, when and why.
  await page.goto(`/admin/boats/edit/${boatId}`);
  const panel = page.getByRole('region', { name: 'Availability' });
  const [y, m, d] = day.split('-');
  if (canaryDay(new Date()).slice(0, 7) !== day.slice(0, 7))
    await panel.getByRole('button', { name: 'Next month' }).click();
  await panel.getByRole('button', { name: new RegExp(`^${d}/${m}/${y}`) }).click();
  const canceledRow = panel.getByRole('listitem', { name: 'Slot 10:00–12:00' });
  await expect(canceledRow.getByText('Canceled', { exact: true })).toBeVisible();
  await expect(canceledRow.getByText(/Canceled by the operator on .* — Storm warning/)).toBeVisible();
  await expect(canceledRow.getByRole('checkbox', { name: 'Open' })).toHaveCount(0);
  await expect(canceledRow.getByText('A canceled trip stays canceled.', { exact: false })).toBeVisible();
  const eveningRow = panel.getByRole('listitem', { name: 'Slot 17:00–19:00' });
  await expect(eveningRow.getByRole('checkbox', { name: 'Open' })).toBeChecked();
  await canceledRow.scrollIntoViewIfNeeded();
  await docShot(page, 'canceled-slot-row-390.png');

  // The trips list still says Canceled.
  await page.goto(`/admin/trips?date=${day}`);
  await expect(page.getByRole('link', { name: new RegExp(`10:00.*Canceled.*${title}`) })).toBeVisible();

  // The operator wants the trip back: a new slot at the same time is allowed.
  await page.goto(`/admin/boats/edit/${boatId}`);
  if (canaryDay(new Date()).slice(0, 7) !== day.slice(0, 7))
    await panel.getByRole('button', { name: 'Next month' }).click();
  await panel.getByRole('button', { name: new RegExp(`^${d}/${m}/${y}`) }).click();
  await panel.getByRole('button', { name: 'Add slot' }).click();
  const modal = page.getByRole('dialog', { name: /New slot on/ });
  await modal.getByLabel('Type').selectOption('shared');
  await modal.getByLabel('Start').fill('10:00');
  await modal.getByLabel('End').fill('12:00');
  await modal.getByRole('button', { name: 'Add slot' }).click();
  await expect(modal).toBeHidden();
  await expect(panel.getByRole('listitem', { name: 'Slot 10:00–12:00' })).toHaveCount(2);
});
