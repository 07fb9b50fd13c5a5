// A card that needs 3-D Secure: the sandbox bank page, then back to the site, inline in the
// booking page. Approved, the return confirms exactly once and lands on the booking's own address
// (a reload of the returned URL does not confirm again); failed, on a phone in Spanish, the
// payment step shows the error with the hold kept, in view and announced, and Back returns to the
// selection with its start and hours. The English error on a desktop, confirmed never, with the
// contact details kept, Back giving the seats back and the retry holding them once, is
// booking-reload-and-holds.spec.ts's failed 3-D Secure.
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import {
  CARD_3DS,
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
  slotsAhead,
  timeLabel,
} from '../support/booking-helpers';
import { expectNoEnglish } from '../support/no-english';
import { localeText } from '../support/locale-texts';
import { formatMoney } from '@boats/domain/money';

/** The cents of an amount in any language's format ("360,00 €", "€360.00"). */
const euroCents = (text: string) => Number(text.replace(/\D/g, ''));

async function toBankPage(
  page: Page,
  boatId: string,
  daysAhead: number,
  request: Parameters<typeof sharedTrip>[0],
) {
  const trip = await sharedTrip(request, boatId, daysAhead, 2);
  await openBooking(page, boatId);
  await page.getByRole('button', { name: 'Tickets' }).click();
  await pickDay(page, dayKey(trip.start));
  await pickStart(page, trip);
  await addPassengers(page, { adults: 2 });
  await continueToPayment(page);
  await fillContact(page);
  await fillCard(page, CARD_3DS);
  await pay(page);
  await expect(page.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
}

test('3-D Secure approved: one confirm, and a reload of the return URL does not confirm again', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const boat = await boatByTitle(request, 'Gigantes Explorer');
  const confirms: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/checkout/confirm') confirms.push(r.url());
  });
  let returnUrl = '';
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().includes('payment_intent=')) returnUrl = frame.url();
  });

  await toBankPage(page, boat._id, 4, request);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('ticket-card')).toHaveCount(2);
  expect(confirms).toHaveLength(1);
  expect(returnUrl).toContain('redirect_status=succeeded');
  // The parameters are gone from the address bar: the booking has its own address, with the
  // checkout key the bank page's return carried (the id alone opens nothing).
  await expect(page).toHaveURL(/\/booking\?booking=[0-9a-f-]{36}&key=[\w-]{43}$/);

  await page.goto(returnUrl);
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  expect(confirms).toHaveLength(1);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  expect(confirms).toHaveLength(1);
});

// On a 360 px phone, in Spanish: the error below the fold is scrolled to and said. (The English
// error is read on the desktop in booking-reload-and-holds.spec.ts; both languages at 360 px ran
// the same path twice.)
for (const [lng, daysAhead] of [['es', 11]] as const) {
  const t = (key: string, values?: Record<string, string | number>) => bookingText(lng, key, values);

  test.describe(`on a phone (${lng})`, () => {
    test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

    test(`3-D Secure failed on a charter: the start and hours stay in the address and come back with Back (${lng})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const boat = await boatByTitle(request, 'Sea Breeze');
      const { private: slots } = await slotsAhead(request, boat._id, daysAhead);
      const start = slots.find(
        (s) => s.isOpen && s.available !== false && slots.some((n) => n.start === s.end),
      )!;
      await openBooking(page, boat._id, lng);
      await pickDay(page, dayKey(start.start), lng);
      await pickStart(page, start, lng);
      const twoHours = t('duration.hours', { count: 2 });
      await expect(page.getByTestId('duration-value')).toHaveText(twoHours);
      await addPassengers(page, { adults: 2 }, lng);
      const total = await page.getByTestId('review-total').innerText();
      expect(total).toBe(formatMoney(euroCents(total), lng));
      await continueToPayment(page, lng);
      await fillContact(page, undefined, undefined, lng);
      await fillCard(page, CARD_3DS, lng);
      await pay(page, lng);
      // The bank's page asks for the same amount, written as the review wrote it (issue 29, item 4).
      await expect(
        page.getByRole('heading', { name: localeText(lng, 'sandbox-bank', 'heading') }),
      ).toBeVisible();
      await expect(page.getByText(total, { exact: true })).toBeVisible();
      await page.getByRole('button', { name: localeText(lng, 'sandbox-bank', 'fail') }).click();

      // Scrolled into view and announced (an alert), in the page's language.
      const error = page.getByRole('alert').filter({ hasText: t('errors.authFailedInline') });
      await expect(error).toBeVisible();
      await expect(error).toHaveAttribute('data-testid', 'card-error');
      await expect(error).toBeInViewport();
      await expectNoEnglish(page, lng, ['booking', 'common']);
      const choiceInAddress = () => {
        const params = new URL(page.url()).searchParams;
        return `${params.get('start')} ${params.get('hours')}`;
      };
      await expect.poll(choiceInAddress).toBe(`${timeLabel(start.start)} 2`);
      await page.getByRole('button', { name: t('actions.back') }).click();
      await expect(page.getByRole('group', { name: t('mode.label') })).toBeVisible();
      await expect.poll(choiceInAddress).toBe(`${timeLabel(start.start)} 2`);
      await expect(page.getByTestId('duration-value')).toHaveText(twoHours);
      await expect(page.getByTestId('review-when')).toContainText(timeLabel(start.start));
    });
  });
}
