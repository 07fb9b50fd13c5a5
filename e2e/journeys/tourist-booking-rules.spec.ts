// A tourist on a 360 px phone meets the booking rules (docs/product.md §5, §9): the minimum to
// depart is about the trip, so a couple joins a trip that has it or whose cutoff is still ahead;
// a published half-day or full-day price is the price; the review explains a shared price per
// person. In English and in Russian or Spanish.
import { type Page } from '@playwright/test';
import { formatMoney } from '@boats/domain/money';
import { expect, test } from '../support/test';
import { paidSharedBooking } from '../support/api-booking';
import {
  boatByTitle,
  dayKey,
  euros,
  openBooking,
  pickDay,
  pickStart,
  sharedTrip,
  slotsAhead,
  timeLabel,
  type WireSlot,
} from '../support/booking-helpers';
import { localeText } from '../support/locale-texts';
import { expectNoEnglish } from '../support/no-english';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

const reasons = (page: Page) => page.locator('#booking-blockers li');
const continueButton = (page: Page, name = 'Continue') => page.getByRole('button', { name });

/** The trip's day and start in any language: the month arrows by their label, the day by its key. */
async function pickTrip(page: Page, trip: WireSlot, nextMonth: string): Promise<void> {
  const key = dayKey(trip.start);
  const day = page.locator(`[data-date="${key}"]`);
  for (let i = 0; i < 3 && (await day.count()) === 0; i++) {
    await page.getByRole('button', { name: nextMonth }).click();
  }
  await day.click();
  await page
    .locator(`button[aria-pressed]`, { hasText: `${timeLabel(trip.start)}–${timeLabel(trip.end)}` })
    .click();
}

const canaryDateTime = (iso: string, locale: string) =>
  `${new Intl.DateTimeFormat(locale, {
    timeZone: 'Atlantic/Canary',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso))} ${timeLabel(iso)}`;

test('a couple joins a shared trip: with seats sold, before the cutoff, and not on a boat without one', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const teide = await boatByTitle(request, 'Teide Spirit'); // 4 paid seats to depart, cutoff 12 h before
  const couple = { adults: 2 };

  // A trip that has already sold 5 paid seats: the couple goes on to payment.
  const busy = await sharedTrip(request, teide._id, 9, 10, { unsold: true });
  await paidSharedBooking(request, {
    boatId: teide._id,
    trip: busy,
    seatPrice: busy.seatPrice,
    adults: 5,
    email: 'five.friends@example.com',
  });
  await openBooking(page, teide._id);
  await pickDay(page, dayKey(busy.start));
  await pickStart(page, busy);
  for (let i = 0; i < couple.adults; i++) await page.getByRole('button', { name: 'Add one: Adult' }).click();
  await expect(reasons(page)).toHaveCount(0);
  await expect(page.getByTestId('minimum-note')).toHaveCount(0);
  const hours = (Date.parse(busy.end) - Date.parse(busy.start)) / 3_600_000;
  // The price per person, not a formula in "paid seats".
  await expect(page.getByTestId('review-price')).toHaveText(`2 adults × ${euros(busy.seatPrice * hours)}`);
  await page.getByRole('button', { name: 'Add one: Child 6–12' }).click();
  await page.getByRole('button', { name: 'Add one: Child under 6 (free)' }).click();
  await expect(page.getByTestId('review-price')).toHaveText(
    `2 adults × ${euros(busy.seatPrice * hours)}, 1 child 6–12 × ${euros((busy.seatPrice * hours) / 2)}, 1 under 6 free`,
  );
  await expect(continueButton(page)).toBeEnabled();

  // A trip nobody has booked yet, its cutoff days ahead: taken, with the plain warning.
  const empty = await sharedTrip(request, teide._id, 12, 10, { unsold: true });
  await openBooking(page, teide._id);
  await pickDay(page, dayKey(empty.start));
  await pickStart(page, empty);
  for (let i = 0; i < couple.adults; i++) await page.getByRole('button', { name: 'Add one: Adult' }).click();
  await expect(reasons(page)).toHaveCount(0);
  const cutoff = new Date(Date.parse(empty.start) - 12 * 3_600_000).toISOString();
  await expect(page.getByTestId('minimum-note')).toHaveText(
    `This trip runs from 4 paid seats. If fewer are booked by ${canaryDateTime(cutoff, 'en-GB')} (Canary time), we cancel it and refund you in full.`,
  );
  await continueButton(page).click();
  // The server decides the same: the hold is taken and the payment step opens.
  await expect(page.getByRole('heading', { name: 'Contact and payment' })).toBeVisible();

  // The sunset cruise has no cutoff: nothing would cancel a trip below its minimum, so a couple
  // alone cannot book it.
  const sunset = await boatByTitle(request, 'San Miguel');
  const quiet = await sharedTrip(request, sunset._id, 9, 10, { unsold: true });
  await openBooking(page, sunset._id);
  await page.getByRole('button', { name: 'Tickets' }).click();
  await pickDay(page, dayKey(quiet.start));
  await pickStart(page, quiet);
  for (let i = 0; i < couple.adults; i++) await page.getByRole('button', { name: 'Add one: Adult' }).click();
  await expect(reasons(page)).toHaveText([
    'This trip runs from 4 paid seats and 0 are booked so far: add paid seats or choose another trip.',
  ]);
  await expect(continueButton(page)).toBeDisabled();
});

test('in Russian: the couple is told when the trip is decided, and the price per person reads in Russian', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const teide = await boatByTitle(request, 'Teide Spirit');
  const trip = await sharedTrip(request, teide._id, 15, 10, { unsold: true });
  await page.goto(`/booking/${teide._id}?lng=ru`);
  await pickTrip(page, trip, 'Следующий месяц');
  const add = page.getByRole('button', { name: 'Добавить одного: Взрослый' });
  await add.click();
  await add.click();
  const cutoff = new Date(Date.parse(trip.start) - 12 * 3_600_000).toISOString();
  await expect(page.getByTestId('minimum-note')).toHaveText(
    `Поездка состоится от 4 оплаченных мест. Если к ${canaryDateTime(cutoff, 'ru-RU')} (время Канарских островов) их будет меньше, мы отменим её и вернём вам всю сумму.`,
  );
  const hours = (Date.parse(trip.end) - Date.parse(trip.start)) / 3_600_000;
  const adult = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'EUR' }).format(
    trip.seatPrice * hours,
  );
  await expect(page.getByTestId('review-price')).toHaveText(`2 взрослых × ${adult}`);
  await expect(page.getByRole('button', { name: 'Продолжить' })).toBeEnabled();
  await expectNoEnglish(page, 'ru', ['booking', 'common']);

  // A boat without a cutoff keeps the minimum per booking: said in Russian, Continue stays off.
  const sunset = await boatByTitle(request, 'San Miguel');
  const quiet = await sharedTrip(request, sunset._id, 16, 10, { unsold: true });
  await page.goto(`/booking/${sunset._id}?lng=ru`);
  await page.getByRole('button', { name: localeText('ru', 'booking', 'mode.shared') }).click();
  await pickTrip(page, quiet, 'Следующий месяц');
  await add.click();
  await add.click();
  await expect(reasons(page)).toHaveText([
    localeText('ru', 'booking', 'blockers.belowMinToDepart', { count: 4, sold: 0 }),
  ]);
  await expect(page.getByRole('button', { name: 'Продолжить' })).toBeDisabled();
  await expectNoEnglish(page, 'ru', ['booking', 'common']);
});

/** A free charter start with `hours` free hours after it. */
async function charterStart(
  request: Parameters<typeof slotsAhead>[0],
  boatId: string,
  hours: number,
  daysAhead: number,
): Promise<WireSlot> {
  const { private: slots } = await slotsAhead(request, boatId, daysAhead);
  const free = slots.filter((s) => s.isOpen && s.available !== false);
  const start = free.find((s) => {
    let end = s.end;
    for (let k = 1; k < hours; k++) {
      const next = free.find((n) => n.start === end);
      if (!next) return false;
      end = next.end;
    }
    return true;
  });
  if (!start) throw new Error(`No ${hours}-hour chain`);
  return start;
}

test('published half-day and full-day prices are charged, on the card and in the review', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  // Sea Breeze: €180 an hour, €640 a half day (4 h), €1,200 a full day (8 h).
  await page.goto('/');
  const card = page.getByRole('article', { name: /Sea Breeze/ });
  await card.scrollIntoViewIfNeeded();
  await expect(card).toContainText('Half day (4 h) €640 · Full day (8 h) €1,200');

  const boat = await boatByTitle(request, 'Sea Breeze');
  const start = await charterStart(request, boat._id, 8, 5);
  await openBooking(page, boat._id);
  await expect(
    page.getByText('€180.00 per hour · half day (up to 4 h) €640.00 · full day (up to 8 h) €1,200.00'),
  ).toBeVisible();
  await pickDay(page, dayKey(start.start));
  await pickStart(page, start);
  await page
    .getByRole('group', { name: 'Who is coming' })
    .getByRole('button', { name: 'Add one: Adult' })
    .click();
  const slider = page.getByRole('slider', { name: 'Duration' });
  await slider.fill('4');
  await expect(page.getByTestId('review-price')).toHaveText('Half-day price (up to 4 h)');
  await expect(page.getByTestId('review-total')).toHaveText(euros(640));
  await slider.fill('3');
  await expect(page.getByTestId('review-price')).toHaveText('3 h × €180.00');
  await expect(page.getByTestId('review-total')).toHaveText(euros(540));
  await slider.fill('8');
  await expect(page.getByTestId('review-price')).toHaveText('Full-day price (up to 8 h)');
  await expect(page.getByTestId('review-total')).toHaveText(euros(1200));
  // The server charges what the review says: the card form asks for €1,200.00.
  await continueButton(page).click();
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveText(`Pay ${euros(1200)}`);
});

test('in Spanish: the published prices on the card, the boat and the review, in Spanish figures', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const t = (key: string, values?: Record<string, string | number>) =>
    localeText('es', 'booking', key, values);
  const money = (euros: number, decimals = true) => formatMoney(euros * 100, 'es', { decimals });
  // The card on the landing page.
  await page.goto('/?lng=es');
  const card = page.getByRole('article', { name: /Sea Breeze/ });
  await card.scrollIntoViewIfNeeded();
  await expect(card).toContainText(
    `${localeText('es', 'landing', 'fleet.halfDay', { hours: 4, price: money(640, false) })} · ${localeText('es', 'landing', 'fleet.fullDay', { hours: 8, price: money(1200, false) })}`,
  );

  const boat = await boatByTitle(request, 'Sea Breeze');
  const start = await charterStart(request, boat._id, 8, 20);
  await page.goto(`/booking/${boat._id}?lng=es`);
  await expect(
    page.getByText(
      [
        t('info.perHour', { price: money(180) }),
        t('info.halfDay', { hours: 4, price: money(640) }),
        t('info.fullDay', { hours: 8, price: money(1200) }),
      ].join(' · '),
    ),
  ).toBeVisible();
  const key = dayKey(start.start);
  const day = page.locator(`[data-date="${key}"]`);
  for (let i = 0; i < 3 && (await day.count()) === 0; i++)
    await page.getByRole('button', { name: t('calendar.next') }).click();
  await day.click();
  await page
    .getByRole('group', { name: t('times.title') })
    .getByRole('button', { name: timeLabel(start.start) })
    .click();
  await page.getByRole('button', { name: t('pax.add', { type: t('bookingv2.pax.adult') }) }).click();
  const slider = page.getByRole('slider', { name: t('duration.title') });
  await slider.fill('4');
  await expect(page.getByTestId('review-price')).toHaveText(t('review.rate.halfDay', { hours: 4 }));
  await expect(page.getByTestId('review-total')).toHaveText(money(640));
  await slider.fill('8');
  await expect(page.getByTestId('review-price')).toHaveText(t('review.rate.fullDay', { hours: 8 }));
  await expect(page.getByTestId('review-total')).toHaveText(money(1200));
  await expectNoEnglish(page, 'es', ['booking', 'common']);
  // The card form asks for what the review says.
  await page.getByRole('button', { name: t('review.continue') }).click();
  await expect(page.getByRole('button', { name: t('payment.pay', { amount: money(1200) }) })).toBeVisible();
});
