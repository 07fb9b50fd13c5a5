// Continue stays disabled, with the reason written out, for every rule of docs/product.md §5.
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import {
  addPassengers,
  boatByTitle,
  dayKey,
  openBooking,
  pickDay,
  pickStart,
  sharedTrip,
  slotsAhead,
  tryContinue,
} from '../support/booking-helpers';

const reasons = (page: Page) => page.locator('#booking-blockers li');
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });

test('no start time, too few paid seats, too many seats, free children per adult', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The sunset cruise needs 4 paid seats and has no cutoff: a booking must reach them itself.
  const boat = await boatByTitle(request, 'San Miguel');
  const trip = await sharedTrip(request, boat._id, 7, 4, { unsold: true });
  await openBooking(page, boat._id);
  await page.getByRole('button', { name: 'Tickets' }).click();
  // Nothing in red before the visitor has tried to go on.
  await expect(page.getByRole('heading', { name: 'Your booking' })).toBeVisible();
  await expect(reasons(page)).toHaveCount(0);
  await tryContinue(page);
  await expect(reasons(page)).toContainText([
    'Choose a date.',
    'Choose a start time.',
    'Add at least one passenger.',
  ]);

  await pickDay(page, dayKey(trip.start));
  await expect(reasons(page)).toContainText(['Choose a start time.']);
  await expect(continueButton(page)).toBeDisabled();

  await pickStart(page, trip);
  // Free children: none without an adult, then one per adult.
  const kidsPlus = page.getByRole('button', { name: 'Add one: Child under 6 (free)' });
  await expect(kidsPlus).toBeDisabled();
  await expect(page.getByText('At most one child under 6 per adult.')).toBeVisible();
  await addPassengers(page, { adults: 1, kids: 1 });
  await expect(page.getByTestId('pax-kidsFree')).toHaveText('1');
  await expect(kidsPlus).toBeDisabled();
  await expect(page.getByText('At most one child under 6 per adult.')).toBeVisible();

  // One paying adult leaves the trip below its minimum of 4 paid seats.
  await expect(reasons(page)).toHaveText([
    'This trip runs from 4 paid seats and 0 are booked so far: add paid seats or choose another trip.',
  ]);
  await expect(continueButton(page)).toBeDisabled();
  await addPassengers(page, { adults: 3 });
  await expect(reasons(page)).toHaveCount(0);
  await expect(continueButton(page)).toBeEnabled();

  // More seats than are left.
  await addPassengers(page, { adults: trip.seatsLeft - 4 });
  await expect(continueButton(page)).toBeDisabled();
  await expect(reasons(page)).toHaveText([`Only ${trip.seatsLeft} seats left.`]);

  // Dropping the adults takes the free child with them.
  for (let i = 0; i < trip.seatsLeft; i++)
    await page.getByRole('button', { name: 'Remove one: Adult' }).click();
  await expect(page.getByTestId('pax-kidsFree')).toHaveText('0');
  await expect(reasons(page)).toHaveText(['Add at least one passenger.']);
});

test('a chosen start that passes while the visitor looks is cleared, and Continue explains why', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const boat = await boatByTitle(request, 'Sea Breeze');
  const { private: slots } = await slotsAhead(request, boat._id, 8);
  const start = slots.find((s) => s.isOpen && s.available !== false);
  if (!start) throw new Error('No free charter slot');
  await page.clock.install({ time: new Date() });
  await openBooking(page, boat._id);
  await pickDay(page, dayKey(start.start));
  await pickStart(page, start);
  // A charter asks who comes aboard.
  await addPassengers(page, { adults: 2 });
  await expect(continueButton(page)).toBeEnabled();

  // The clock ticks every 60 s; move it past the chosen start.
  await page.clock.fastForward(Date.parse(start.start) - Date.now() + 120_000);
  await expect(page.getByRole('status')).toHaveText(
    'The start time you chose has already begun. Please choose another.',
  );
  await expect(continueButton(page)).toBeDisabled();
  await tryContinue(page);
  await expect(reasons(page)).toContainText(['Choose a start time.']);
  await expect(
    page
      .getByRole('group', { name: 'Start time' })
      .getByRole('button', { name: new RegExp(`^${start.start.slice(11, 16)}`) }),
  ).toHaveCount(0);
});
