// The demo's self-drive handover, walked through at 390 px as a visitor to the demo would: the
// admin opens tomorrow's Gomera Runner charter on the manifest, sees its skipper's licence
// waiting to be checked (recorded online by the customer), and confirms it against the document;
// the charter returned three days ago shows its condition out and back, what changed marked.
import { addDays, canaryDateKey } from '@boats/domain/canary-time';
import type { ManifestResponse, TripsResponse } from '@boats/domain/schemas/trips';
import { expect, test } from '../support/test';
import { signInOn, staffHeaders } from '../support/operator';

/** The Gomera Runner charter of `day` whose licence the seed recorded, and its trip. */
async function handoverOn(request: Parameters<typeof staffHeaders>[0], day: string) {
  const headers = await staffHeaders(request);
  const trips = (await (
    await request.get(`/api/crew/trips?date=${day}`, { headers })
  ).json()) as TripsResponse;
  for (const trip of trips.items.filter((t) => t.boatTitle.includes('Gomera Runner'))) {
    const manifest = (await (
      await request.get(`/api/crew/trips/${trip.slotId}/manifest`, { headers })
    ).json()) as ManifestResponse;
    const booking = manifest.bookings.find((b) => b.skipperLicence);
    if (booking) return { slotId: trip.slotId, booking };
  }
  throw new Error(`no self-drive handover on ${day}`);
}

test('the demo’s self-drive boat: a licence to check tomorrow, a condition out and back three days ago', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const today = canaryDateKey(new Date());
  // The seed takes the first free hours from tomorrow on (and from three days ago back).
  let upcoming;
  for (let k = 1; k < 8 && !upcoming; k++)
    upcoming = await handoverOn(request, addDays(today, k)).catch(() => undefined);
  expect(upcoming).toBeDefined();

  await page.setViewportSize({ width: 390, height: 844 });
  await signInOn(page, `/admin/trips/${upcoming!.slotId}`);
  const card = page.getByRole('listitem').filter({ hasText: upcoming!.booking.customerName });
  await expect(card.getByText('Licence to check')).toBeVisible();
  const check = card.getByTestId('licence-check');
  await expect(check).toContainText('PER');
  await check.getByRole('button', { name: 'Matches the document' }).click();
  await expect(card.getByText('Licence to check')).toBeHidden();

  let past;
  for (let k = 3; k < 10 && !past; k++)
    past = await handoverOn(request, addDays(today, -k)).catch(() => undefined);
  expect(past).toBeDefined();
  expect(past!.booking.condition?.departure?.values).toMatchObject({ fuel: 4 });
  expect(past!.booking.condition?.return?.values).toMatchObject({ fuel: 2 });
});
