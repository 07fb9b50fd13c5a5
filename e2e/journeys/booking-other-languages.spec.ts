// The whole booking and manage-my-booking journeys in German on a 360 px phone, as a visitor
// whose browser speaks it: the first visit picks it, every step reads the texts of the German
// locale files (checked against them, not against English), prices and dates are written the
// reader's way, the confirmation and cancellation e-mails arrive in it, and no English text of
// the flow is left on any screen. One language is enough for what only a browser shows (a text
// the components write in English would show in any language); each language's texts are
// complete by locale-parity.test.ts, its numbers and dates by the domain's format tests, its
// e-mails by the server's emails-every-language.test.ts (French and Italian ran here too until
// 2026-11-27: the same path twice more, about a minute of the journeys' time).
import { type APIRequestContext, type Page } from '@playwright/test';
import { formatCanaryMonthYear, formatDateKey } from '@boats/domain/canary-time';
import { formatMoney } from '@boats/domain/money';
import { expect, test } from '../support/test';
import { expectNoSeriousA11yIssues } from '../support/booking-axe';
import { boatByTitle, CARD_OK, dayKey, sharedTrip, timeLabel } from '../support/booking-helpers';
import { waitForMail } from '../support/inbox';
import { localeText, type LanguageCode } from '../support/locale-texts';
import { expectNoEnglish } from '../support/no-english';

const GERMAN = { lng: 'de', locale: 'de-DE', name: 'Jonas Becker', daysAhead: 4 } as const;
const FRENCH = { lng: 'fr', locale: 'fr-FR', name: 'Camille Martin', daysAhead: 5 } as const;
// French runs only to redraw docs/public-site.md's picture of it.
const VISITORS = process.env.UPDATE_SCREENSHOTS ? [GERMAN, FRENCH] : [GERMAN];

async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

for (const visitor of VISITORS) {
  const { lng } = visitor;
  const t = (ns: string, key: string, values?: Record<string, string | number>) =>
    localeText(lng, ns, key, values);
  const money = (euros: number) => formatMoney(Math.round(euros * 100), lng);

  test.describe(`a visitor whose browser speaks ${visitor.locale}`, () => {
    test.use({ locale: visitor.locale, viewport: { width: 360, height: 740 } });

    test(`books seats and cancels them, all in ${lng}`, async ({ page, request }) => {
      test.setTimeout(240_000);
      const email = `${lng}.journey.${Date.now().toString(36)}@example.com`;
      const boat = await boatByTitle(request, 'Gigantes Explorer');
      const trip = await sharedTrip(request, boat._id, visitor.daysAhead, 2);

      // First visit, nothing stored: the browser's language picks the site's.
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      await expect(page).toHaveTitle(t('common', 'meta.title'));
      await expect(page.getByText(t('landing', 'hero.subheadline'))).toBeVisible();
      await expectNoEnglish(page, lng, ['landing']);

      // The boat's page: its own title in this language, the flow's texts.
      await page.goto(`/booking/${boat._id}`);
      await expect(
        page.getByRole('heading', { level: 1, name: t('booking', 'dialog.titleOne') }),
      ).toBeVisible();
      const boatTitle = await titleIn(request, boat._id, lng);
      expect(boatTitle).not.toBe(boat.title);
      await expect(page.getByRole('heading', { level: 3, name: boatTitle })).toBeVisible();
      const mode = page.getByRole('group', { name: t('booking', 'mode.label') });
      await mode.getByRole('button', { name: t('booking', 'mode.shared') }).click();

      const day = dayKey(trip.start);
      const [year, month] = day.split('-').map(Number) as [number, number];
      const heading = page.locator('#booking-calendar-label');
      for (
        let i = 0;
        i < 3 && (await heading.textContent()) !== formatCanaryMonthYear(year, month, lng);
        i++
      ) {
        const before = (await heading.textContent()) ?? '';
        await page.getByRole('button', { name: t('booking', 'calendar.next') }).click();
        await expect(heading).not.toHaveText(before);
      }
      await expect(heading).toHaveText(formatCanaryMonthYear(year, month, lng));
      await page.getByRole('button', { name: formatDateKey(day, lng), exact: true }).click();
      await page
        .getByRole('group', { name: t('booking', 'times.title') })
        .getByRole('button', { name: new RegExp(`^${timeLabel(trip.start)}–`) })
        .click();
      const adult = t('booking', 'bookingv2.pax.adult');
      await page.getByRole('button', { name: t('booking', 'pax.add', { type: adult }) }).click();
      await page.getByRole('button', { name: t('booking', 'pax.add', { type: adult }) }).click();

      const hours = (Date.parse(trip.end) - Date.parse(trip.start)) / 3_600_000;
      const total = trip.seatPrice * 2 * hours;
      await expect(
        page.getByText(
          t('booking', 'review.fare.adults', { count: 2, price: money(trip.seatPrice * hours) }),
        ),
      ).toBeVisible();
      await expect(page.getByTestId('review-total')).toContainText(money(total));
      await noSideScroll(page);
      await expectNoEnglish(page, lng, ['booking', 'common']);
      if (process.env.UPDATE_SCREENSHOTS && lng === 'de') {
        // docs/public-site.md's picture: the review in German at 360 px.
        await page.getByTestId('review-total').scrollIntoViewIfNeeded();
        await page.screenshot({ path: '../docs/screenshots/booking-review-de-360.png' });
      }

      await page.getByRole('button', { name: t('booking', 'review.continue') }).click();
      await expect(page.getByRole('heading', { name: t('booking', 'payment.title') })).toBeVisible();
      await expect(page.getByText(t('booking', 'hold.label'))).toBeVisible();
      await page.getByLabel(t('booking', 'contact.name')).fill(visitor.name);
      await page.getByLabel(t('booking', 'contact.email'), { exact: true }).fill(email);
      await page.getByLabel(t('booking', 'card.number')).fill(CARD_OK);
      await page.getByLabel(t('booking', 'card.expiry')).fill('12/34');
      await page.getByLabel(t('booking', 'card.cvc')).fill('123');
      await noSideScroll(page);
      await expectNoEnglish(page, lng, ['booking', 'common']);
      await expectNoSeriousA11yIssues(page, `payment in ${lng} at 360 px`);
      await page.getByRole('button', { name: t('booking', 'payment.pay', { amount: money(total) }) }).click();

      await expect(page.getByRole('heading', { name: t('booking', 'confirm.title') })).toBeVisible();
      await expect(page.getByText(t('booking', 'confirm.thanks'))).toBeVisible();
      await expect(page.getByTestId('ticket-card')).toHaveCount(2);
      const number = (await page.getByTestId('booking-number').first().textContent())?.trim() ?? '';
      expect(number).toMatch(/^[0-9A-F]{8}$/);
      await noSideScroll(page);
      await expectNoEnglish(page, lng, ['booking', 'common']);

      // The confirmation e-mail, caught by the local SMTP server, is in this language.
      const confirmation = await waitForMail(email, new RegExp(escape(t('email', 'confirmed.intro'))));
      expect(confirmation.text).toContain(t('email', 'common.greeting', { name: visitor.name }));
      expect(confirmation.text).toContain(money(total));
      expect(confirmation.text).not.toMatch(/Thank you for your booking|Booking number/);

      // Manage my booking: found by number and e-mail, cancelled with everything back.
      await page.goto('/booking/manage');
      await expect(page.getByRole('heading', { level: 1, name: t('manage', 'title') })).toBeVisible();
      await page.getByLabel(t('manage', 'find.reference')).fill(number.toLowerCase());
      await page.getByLabel(t('manage', 'find.email')).fill(email);
      await page.getByRole('button', { name: t('manage', 'find.submit') }).click();
      await expect(page.getByTestId('booking-number')).toHaveText(number);
      await expect(page.getByTestId('ticket-card')).toHaveCount(2);
      await page.getByRole('button', { name: t('manage', 'cancel.open') }).click();
      await expect(page.getByTestId('refund-quote')).toHaveText(
        t('manage', 'cancel.refund', { refund: money(total), paid: money(total), percent: 100 }),
      );
      await expect(
        page.getByText(t('common', 'cancellationPolicy.rule', { count: 48, percent: 100 })),
      ).toBeVisible();
      await noSideScroll(page);
      await expectNoEnglish(page, lng, ['manage', 'booking', 'common']);
      if (process.env.UPDATE_SCREENSHOTS && lng === 'fr') {
        // docs/public-site.md's picture: the refund shown before cancelling, in French at 360 px.
        await page.getByTestId('refund-quote').evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await page.screenshot({ path: '../docs/screenshots/manage-fr-360.png' });
      }
      await expectNoSeriousA11yIssues(page, `manage in ${lng} at 360 px`);
      await page
        .getByRole('button', { name: t('manage', 'cancel.confirm', { refund: money(total) }) })
        .click();
      await expect(
        page.getByRole('status').filter({ hasText: t('manage', 'cancel.done', { refund: money(total) }) }),
      ).toBeVisible();

      const cancellation = await waitForMail(
        email,
        new RegExp(escape(t('email', 'canceledByCustomer.intro'))),
      );
      expect(cancellation.text).toContain(money(total));
    });
  });
}

/** A regular expression matching `text` literally. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The boat's title in `lng` as the fleet answer gives it (the demo fleet has every language). */
async function titleIn(request: APIRequestContext, boatId: string, lng: LanguageCode): Promise<string> {
  const { items } = (await (await request.get('/api/boats')).json()) as {
    items: { _id: string; titleI18n?: Partial<Record<LanguageCode, string>> }[];
  };
  const title = items.find((b) => b._id === boatId)?.titleI18n?.[lng];
  if (!title) throw new Error(`the boat has no title in ${lng}`);
  return title;
}
