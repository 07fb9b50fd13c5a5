// The landing page's booking dialog keeps its place in the address (issue 29, item 6), on a
// 360 px phone: opened from a fleet card, a choice survives a reload, so does the payment step
// with its hold and the details typed, and paying hands over to the confirmation's own address,
// which a reload keeps. "Book any boat": the picked boat survives a reload and keyboard focus
// stays in the dialog after the pick (item 17). Each in English and in Spanish.
import { type APIRequestContext } from '@playwright/test';
import { formatDateKey } from '@boats/domain/canary-time';
import { expect, test } from '../support/test';
import {
  CARD_OK,
  addPassengers,
  boatByTitle,
  bookingText,
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
import { localeText, type LanguageCode } from '../support/locale-texts';
import { expectNoEnglish } from '../support/no-english';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

/** The boat's title as the fleet shows it in `lng` (the demo fleet has every language). */
async function titleIn(request: APIRequestContext, boatId: string, lng: LanguageCode): Promise<string> {
  const { items } = (await (await request.get('/api/boats')).json()) as {
    items: { _id: string; title: string; titleI18n?: Partial<Record<LanguageCode, string>> }[];
  };
  const boat = items.find((b) => b._id === boatId);
  if (!boat) throw new Error(`no boat ${boatId}`);
  return boat.titleI18n?.[lng] || boat.title;
}

// Spanish only: the English texts are the ones every other journey reads, and the same path in
// English ran it twice (until 2026-11-27, docs/development.md#the-test-time-budget).
for (const [lng, daysAhead] of [['es', 8]] as [LanguageCode, number][]) {
  const t = (key: string, values?: Record<string, string | number>) => bookingText(lng, key, values);

  test(`booked from a fleet card: reload keeps the choice and the payment step; paying leads to the confirmation address (${lng})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const rib = await boatByTitle(request, 'Gigantes Explorer');
    const trip = await sharedTrip(request, rib._id, daysAhead, 2);
    await page.goto(lng === 'en' ? '/' : `/?lng=${lng}`);
    await expect(page.locator('html')).not.toHaveClass(/booting/);
    await page
      .getByRole('button', {
        name: localeText(lng, 'landing', 'fleet.bookBoat', { title: await titleIn(request, rib._id, lng) }),
      })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: t('dialog.titleOne') });
    await expect(dialog.getByRole('group', { name: t('mode.label') })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/\\?book=${rib._id}`));

    await dialog.getByRole('button', { name: t('mode.shared') }).click();
    await pickDay(page, dayKey(trip.start), lng);
    await pickStart(page, trip, lng);
    await addPassengers(page, { adults: 2 }, lng);
    await expect(page).toHaveURL(/mode=tickets.*date=.*start=.*adults=2/);

    // A reload reopens the dialog on the same choice.
    await page.reload();
    await expect(dialog.getByRole('button', { name: t('mode.shared') })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const day = lng === 'en' ? dayName(dayKey(trip.start)) : formatDateKey(dayKey(trip.start), lng);
    await expect(dialog.getByRole('button', { name: day, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(
      dialog
        .getByRole('group', { name: t('times.title') })
        .getByRole('button', { name: new RegExp(`^${timeLabel(trip.start)}`) }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getByTestId('pax-adults')).toHaveText('2');
    if (lng !== 'en') await expectNoEnglish(page, lng, ['booking', 'common']);

    // The payment step, with its hold and the details typed, survives a reload too.
    await continueToPayment(page, lng);
    await expect(page).toHaveURL(/[?&]checkout=/);
    const email = `dialog.reload.${lng}@example.com`;
    await fillContact(page, 'Dialog Reload', email, lng);
    // The details are kept once the form has saved them (after a pause in typing).
    await page.waitForTimeout(1_500);
    await page.reload();
    await expect(dialog.getByRole('heading', { name: t('payment.title') })).toBeVisible();
    await expect(dialog.getByLabel(t('contact.email'), { exact: true })).toHaveValue(email);
    await expect(dialog.getByTestId('hold-countdown')).toHaveText(/^\d\d:\d\d$/);
    if (lng !== 'en') await expectNoEnglish(page, lng, ['booking', 'common']);

    await fillCard(page, CARD_OK, lng);
    await pay(page, lng);
    const confirmed = page.getByRole('heading', { level: 1, name: t('confirm.title') });
    await expect(confirmed).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/booking\?booking=[^&]+&key=[^&]+$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const confirmation = page.url();

    await page.reload();
    await expect(confirmed).toBeVisible();
    expect(page.url()).toBe(confirmation);

    // Back: the confirmation again, not the dialog with the same trip and Continue.
    await page.goBack();
    await expect(page).toHaveURL(confirmation);
    await expect(confirmed).toBeVisible();
  });
}

// Spanish only: the English texts are the ones every other journey reads, and the same path in
// English ran it twice (until 2026-11-27, docs/development.md#the-test-time-budget).
for (const lng of ['es'] as LanguageCode[]) {
  test(`"Book any boat": focus stays in the dialog after the pick, a reload keeps the boat, Close leaves (${lng})`, async ({
    page,
    request,
  }) => {
    const rib = await boatByTitle(request, 'Gigantes Explorer');
    await page.goto(lng === 'en' ? '/' : `/?lng=${lng}`);
    await expect(page.locator('html')).not.toHaveClass(/booting/);
    // Below 992 px the fleet's rail stands in for "Book any boat".
    await page
      .locator('#fleet')
      .getByRole('button', { name: localeText(lng, 'landing', 'fleet.bookRail'), exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: localeText(lng, 'booking', 'dialog.titleAll') });
    await expect(
      dialog.getByRole('heading', { name: localeText(lng, 'booking', 'picker.title') }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/\?book=all/);

    await dialog
      .getByRole('button', { name: new RegExp(rib.title.split(' ')[0]!) })
      .first()
      .click();
    await expect(dialog.getByRole('group', { name: localeText(lng, 'booking', 'mode.label') })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`book=all.*boat=${rib._id}`));
    // Focus moved to "Change boat", inside the dialog, not to the page behind it.
    await expect(
      dialog.getByRole('button', { name: localeText(lng, 'booking', 'picker.change') }),
    ).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);

    await page.reload();
    await expect(dialog.getByRole('group', { name: localeText(lng, 'booking', 'mode.label') })).toBeVisible();
    await expect(
      dialog.getByRole('button', { name: localeText(lng, 'booking', 'picker.change') }),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`book=all.*boat=${rib._id}`));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: localeText(lng, 'booking', 'dialog.close') }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).not.toHaveURL(/book=/);
  });
}
