// A tourist on a 360 px phone finds the way in and the way back (issue 29, items 5, 8, 9, 10):
// the landing page's "Choose a shared trip" opens /booking at its top; "My booking" is in the
// menu, the footer and on the confirmation; after paying, Back leads to the confirmation, not to
// the filled-in choice; the sign-in dialog says it is for staff and boat owners and sends a
// customer to "My booking", also after a failed sign-in. In English and in Spanish.
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import {
  CARD_OK,
  addPassengers,
  boatByTitle,
  bookingText,
  continueToPayment,
  dayKey,
  fillCard,
  fillContact,
  openBooking,
  pay,
  pickDay,
  pickStart,
  sharedTrip,
} from '../support/booking-helpers';
import { expectNoEnglish } from '../support/no-english';
import { localeText, type LanguageCode } from '../support/locale-texts';
import { openSiteMenu } from '../support/site-menu';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

const scrollTop = (page: Page) => page.evaluate(() => window.scrollY);

// Spanish only: the English texts are the ones every other journey reads, and the same path in
// English ran it twice (until 2026-11-27, docs/development.md#the-test-time-budget).
for (const lng of ['es'] as LanguageCode[]) {
  const t = (ns: string, key: string) => localeText(lng, ns, key);
  const home = lng === 'en' ? '/' : `/?lng=${lng}`;

  test(`"Charter a boat" and "Choose a shared trip" open the booking page at its top; "My booking" in the menu, the footer and the sign-in dialog (${lng})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    for (const [key, address] of [
      ['split.charter.button', /\/booking$/],
      ['split.shared.button', /\/booking\?mode=tickets$/],
    ] as const) {
      await page.goto(home);
      const link = page.getByRole('link', { name: t('landing', key) });
      await link.scrollIntoViewIfNeeded();
      expect(await scrollTop(page)).toBeGreaterThan(1000);
      await link.click();
      await expect(page).toHaveURL(address);
      await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
      expect(await scrollTop(page)).toBe(0);
      if (lng !== 'en') await expectNoEnglish(page, lng, ['booking', 'common']);
    }

    // The footer's way back to a booking.
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: t('common', 'menu.myBooking') })
      .click();
    await expect(page).toHaveURL(/\/booking\/manage$/);
    await expect(page.getByRole('heading', { level: 1, name: t('manage', 'title') })).toBeInViewport();

    // And the menu's.
    await page.goto(lng === 'en' ? '/legal/terms' : `/legal/terms?lng=${lng}`);
    const menu = await openSiteMenu(page, t('common', 'menu.open'), t('common', 'menu.title'));
    await menu.getByRole('link', { name: t('common', 'menu.myBooking') }).click();
    await expect(page).toHaveURL(/\/booking\/manage/);
    await expect(page.getByRole('heading', { level: 1, name: t('manage', 'title') })).toBeVisible();

    // The hero's "Sign in", a booking's e-mail typed into it (its own journey until 2026-11-29):
    // the dialog is for staff and boat owners and sends a customer to "My booking".
    const auth = (key: string) => localeText(lng, 'auth', key);
    const myBooking = localeText(lng, 'common', 'menu.myBooking');
    await page.goto(lng === 'en' ? '/' : `/?lng=${lng}`);
    // The hero's "Sign in", once the prerendered page takes taps.
    await expect(page.locator('html')).not.toHaveClass(/booting/);
    await page
      .getByRole('main')
      .getByRole('button', { name: localeText(lng, 'common', 'menu.login') })
      .click();
    const dialog = page.getByRole('dialog', { name: auth('title') });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(auth('who'))).toBeVisible();
    await expect(dialog.getByRole('link', { name: myBooking })).toHaveAttribute('href', '/booking/manage');
    await expect(dialog.getByRole('link', { name: auth('createAccount') })).toHaveAttribute(
      'href',
      '/list-your-boat',
    );
    if (lng !== 'en') await expectNoEnglish(page, lng, ['auth', 'common']);

    // A tourist types the e-mail they booked with.
    await dialog.getByLabel(auth('email')).fill(`alex.tester.${lng}@example.com`);
    await dialog.getByLabel(auth('password'), { exact: true }).fill('no-such-password');
    await dialog.getByRole('button', { name: auth('submit') }).click();
    const failure = dialog.getByRole('alert');
    await expect(failure).toContainText(auth('invalidCredentials'));
    await expect(failure).toContainText(auth('customerAfterFailure'));
    if (lng !== 'en') await expectNoEnglish(page, lng, ['auth', 'common']);
    await failure.getByRole('link', { name: myBooking }).click();
    await expect(page).toHaveURL(/\/booking\/manage$/);
    await expect(page.getByRole('dialog', { name: auth('title') })).toHaveCount(0);
    await expect(
      page.getByRole('heading', { level: 1, name: localeText(lng, 'manage', 'title') }),
    ).toBeVisible();
  });

  test(`after paying, Back leads to the confirmation, not the filled-in selection; it links to "My booking" (${lng})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const rib = await boatByTitle(request, 'Gigantes Explorer');
    const trip = await sharedTrip(request, rib._id, lng === 'en' ? 3 : 7, 2);
    await openBooking(page, rib._id, lng);
    await page.getByRole('button', { name: bookingText(lng, 'mode.shared') }).click();
    await pickDay(page, dayKey(trip.start), lng);
    await pickStart(page, trip, lng);
    await addPassengers(page, { adults: 2 }, lng);
    await continueToPayment(page, lng);
    await fillContact(page, 'Back Button', `back.button.${lng}@example.com`, lng);
    await fillCard(page, CARD_OK, lng);
    await pay(page, lng);
    const confirmed = page.getByRole('heading', { level: 1, name: bookingText(lng, 'confirm.title') });
    await expect(confirmed).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/booking\?booking=/);
    const confirmation = page.url();
    if (lng !== 'en') await expectNoEnglish(page, lng, ['booking', 'common']);
    // "My booking" is linked from the page (and from its invoices, which are read there).
    const myBooking = page.getByRole('main').getByRole('link', { name: t('common', 'menu.myBooking') });
    await expect(myBooking.first()).toBeVisible();
    for (const link of await myBooking.all()) await expect(link).toHaveAttribute('href', '/booking/manage');

    // Back: the confirmation again, not the trip with its two adults and Continue.
    await page.goBack();
    await expect(confirmed).toBeVisible();
    expect(page.url()).toBe(confirmation);
    await expect(page.getByRole('button', { name: bookingText(lng, 'review.continue') })).toHaveCount(0);
  });
}
