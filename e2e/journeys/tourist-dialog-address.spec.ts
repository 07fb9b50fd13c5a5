// The landing page's booking dialog keeps its place in the address (issue 29, item 6), on a
// 360 px phone: opened from a fleet card, a choice survives a reload, so does the payment step
// with its hold and the details typed, and paying hands over to the confirmation's own address,
// which a reload keeps. "Book any boat" in Spanish: the picked boat survives a reload and
// keyboard focus stays in the dialog after the pick (item 17).
import { expect, test } from '../support/test';
import {
  CARD_OK,
  addPassengers,
  boatByTitle,
  continueToPayment,
  dayKey,
  dayName,
  fillCard,
  fillContact,
  pay,
  pickDay,
  pickStart,
  sharedTrip,
  timeLabel,
} from '../support/booking-helpers';
import { localeText } from '../support/locale-texts';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test('booked from a fleet card: reload keeps the choice and the payment step; paying leads to the confirmation address', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const rib = await boatByTitle(request, 'Gigantes Explorer');
  const trip = await sharedTrip(request, rib._id, 3, 2);
  await page.goto('/');
  await expect(page.locator('html')).not.toHaveClass(/booting/);
  await page
    .getByRole('button', { name: `Book ${rib.title}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Book this boat' });
  await expect(dialog.getByRole('group', { name: 'Kind of trip' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/\\?book=${rib._id}`));

  await dialog.getByRole('button', { name: 'Tickets' }).click();
  await pickDay(page, dayKey(trip.start));
  await pickStart(page, trip);
  await addPassengers(page, { adults: 2 });
  await expect(page).toHaveURL(/mode=tickets.*date=.*start=.*adults=2/);

  // A reload reopens the dialog on the same choice.
  await page.reload();
  await expect(dialog.getByRole('button', { name: 'Tickets' })).toHaveAttribute('aria-pressed', 'true');
  await expect(
    dialog.getByRole('button', { name: dayName(dayKey(trip.start)), exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(
    dialog
      .getByRole('group', { name: 'Start time' })
      .getByRole('button', { name: new RegExp(`^${timeLabel(trip.start)}`) }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByText('2 adults', { exact: false }).first()).toBeVisible();

  // The payment step, with its hold and the details typed, survives a reload too.
  await continueToPayment(page);
  await expect(page).toHaveURL(/[?&]checkout=/);
  await fillContact(page, 'Dialog Reload', 'dialog.reload@example.com');
  // The details are kept once the form has saved them (after a pause in typing).
  await page.waitForTimeout(1_500);
  await page.reload();
  await expect(dialog.getByRole('heading', { name: 'Contact and payment' })).toBeVisible();
  await expect(dialog.getByLabel('E-mail')).toHaveValue('dialog.reload@example.com');
  await expect(dialog.getByTestId('hold-countdown')).toHaveText(/^\d\d:\d\d$/);

  await fillCard(page, CARD_OK);
  await pay(page);
  const confirmed = page.getByRole('heading', { level: 1, name: 'Booking confirmed' });
  await expect(confirmed).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/booking\?booking=[^&]+$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const confirmation = page.url();

  await page.reload();
  await expect(confirmed).toBeVisible();
  expect(page.url()).toBe(confirmation);

  // Back: the confirmation again, not the dialog with the same trip and Continue.
  await page.goBack();
  await expect(confirmed).toBeVisible();
  expect(page.url()).toBe(confirmation);
});

test('"Book any boat" in Spanish: focus stays in the dialog after the pick, a reload keeps the boat, Close leaves', async ({
  page,
  request,
}) => {
  const rib = await boatByTitle(request, 'Gigantes Explorer');
  await page.goto('/?lng=es');
  await expect(page.locator('html')).not.toHaveClass(/booting/);
  // Below 992 px the fleet's rail stands in for "Book any boat".
  await page
    .locator('#fleet')
    .getByRole('button', { name: localeText('es', 'landing', 'fleet.bookRail'), exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: localeText('es', 'booking', 'dialog.titleAll') });
  await expect(
    dialog.getByRole('heading', { name: localeText('es', 'booking', 'picker.title') }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/\?book=all/);

  await dialog
    .getByRole('button', { name: new RegExp(rib.title.split(' ')[0]!) })
    .first()
    .click();
  await expect(dialog.getByRole('group', { name: localeText('es', 'booking', 'mode.label') })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`book=all.*boat=${rib._id}`));
  // Focus moved to "Change boat", inside the dialog, not to the page behind it.
  await expect(
    dialog.getByRole('button', { name: localeText('es', 'booking', 'picker.change') }),
  ).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);

  await page.reload();
  await expect(dialog.getByRole('group', { name: localeText('es', 'booking', 'mode.label') })).toBeVisible();
  await expect(
    dialog.getByRole('button', { name: localeText('es', 'booking', 'picker.change') }),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`book=all.*boat=${rib._id}`));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: localeText('es', 'booking', 'dialog.close') }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).not.toHaveURL(/book=/);
});
