// A tourist on a 360 px phone sees what can be bought (issue 29, items 3, 4, 14): a shared-only
// boat's card prices a seat for its trip ("€60 per adult, 3 h") and its booking opens on Tickets
// with Charter off; the review explains the price per person in the language's number format;
// the payment step says why the e-mail is required. In English and in Spanish.
import { formatMoney } from '@boats/domain/money';
import { expect, test } from '../support/test';
import {
  addPassengers,
  boatByTitle,
  bookingText,
  continueToPayment,
  dayKey,
  openBooking,
  pickDay,
  pickStart,
  sharedTrip,
} from '../support/booking-helpers';
import { expectNoEnglish } from '../support/no-english';
import { localeText, type LanguageCode } from '../support/locale-texts';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test('a shared-only boat: a seat priced for its trip, no Charter tab; the price per person', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const teide = await boatByTitle(request, 'Teide Spirit'); // shared trips only: 3 h at €20 an hour a seat
  await page.goto('/#fleet');
  const card = page.getByRole('article', { name: 'Teide Spirit catamaran' });
  await expect(card.getByTestId('seat-offer')).toHaveText('€60 per adult, 3 h');
  await expect(card.getByText('per seat per hour')).toHaveCount(0);

  await page.goto('/?lng=es#fleet');
  const tarjeta = page.getByRole('article', { name: 'Catamarán Teide Spirit' });
  await expect(tarjeta.getByTestId('seat-offer')).toHaveText(
    `${formatMoney(6000, 'es', { decimals: false })} ${localeText('es', 'landing', 'fleet.perAdultTrip', { hours: 3 })}`,
  );
  await expect(tarjeta.getByText(localeText('es', 'landing', 'fleet.perSeatHour'))).toHaveCount(0);

  // Its booking opens on Tickets; Charter cannot be chosen.
  await page.goto(`/booking/${teide._id}?lng=en`);
  await expect(page.getByRole('button', { name: 'Tickets' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Charter' })).toBeDisabled();

  // The price per person, in Spanish number format.
  const es = (key: string, values?: Record<string, string | number>) => bookingText('es', key, values);
  const trip = await sharedTrip(request, teide._id, 3, 4);
  await page.goto(`/booking/${teide._id}?lng=es`);
  await expect(page.getByRole('button', { name: es('mode.shared') })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: es('mode.private') })).toBeDisabled();
  const key = dayKey(trip.start);
  const day = page.locator(`[data-date="${key}"]`);
  for (let i = 0; i < 3 && (await day.count()) === 0; i++) {
    await page.getByRole('button', { name: localeText('es', 'booking', 'calendar.next') }).click();
  }
  await day.click();
  await page
    .locator('button[aria-pressed]', { hasText: /^\d{2}:\d{2}–\d{2}:\d{2}/ })
    .first()
    .click();
  await addPassengers(page, { adults: 2, children: 1 }, 'es');
  await expect(page.getByTestId('review-price')).toHaveText(
    `${es('review.fare.adults', { count: 2, price: formatMoney(6000, 'es') })}, ${es('review.fare.children', { count: 1, price: formatMoney(3000, 'es') })}`,
  );
  await expectNoEnglish(page, 'es', ['booking', 'common']);
});

// In Spanish only: the English texts are the ones every other journey reads, and the same path
// in English ran it twice (until 2026-11-27, docs/development.md#the-test-time-budget).
for (const [lng, daysAhead] of [['es', 6]] as [LanguageCode, number][]) {
  const t = (key: string) => bookingText(lng, key);
  test(`the payment step says why the e-mail is required; a phone alone does not do (${lng})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const rib = await boatByTitle(request, 'Gigantes Explorer');
    const trip = await sharedTrip(request, rib._id, daysAhead, 2);
    await openBooking(page, rib._id, lng);
    await page.getByRole('button', { name: t('mode.shared') }).click();
    await pickDay(page, dayKey(trip.start), lng);
    await pickStart(page, trip, lng);
    await addPassengers(page, { adults: 2 }, lng);
    await continueToPayment(page, lng);
    await expect(page.getByText(t('contact.hint'))).toBeVisible();
    if (lng !== 'en') await expectNoEnglish(page, lng, ['booking', 'common']);
    const email = page.getByLabel(t('contact.email'), { exact: true });
    await page.getByLabel(t('contact.name')).fill('Only Phone');
    await page.getByLabel(t('contact.phone')).fill('+34600123456');
    await email.focus();
    await page.getByLabel(t('contact.name')).focus();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(localeText(lng, 'common', 'validation.email'))).toBeVisible();
    await page
      .getByRole('button', { name: t('actions.back') })
      .first()
      .click();
  });
}
