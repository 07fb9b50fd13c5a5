// The waitlist of a full shared trip at 360 px (docs/public-site.md#waitlist): two visitors join
// it from the booking page and confirm their places by the e-mailed link; a customer cancels two seats on manage my booking; the first visitor
// gets the e-mail whose link opens the payment step with the two seats held, and pays; the
// second has no e-mail, since nothing more is free.
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { adminToken, bookingNumber, openSharedTrip, paidSharedBooking } from '../support/api-booking';
import {
  boatByTitle,
  CARD_OK,
  dayKey,
  euros,
  fillCard,
  fillContact,
  pay,
  pickDay,
  pickStart,
  timeLabel,
} from '../support/booking-helpers';
import { mailsTo, waitForMail } from '../support/inbox';
import { jobRanSince } from '../support/operator';

test.use({ viewport: { width: 360, height: 780 } });

type Trip = { _id: string; start: string; end: string };

async function joinWaitlist(browser: Browser, boatId: string, trip: Trip, email: string): Promise<string> {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`/booking/${boatId}?mode=tickets`);
  await expect(page.locator('html')).not.toHaveClass(/\bbooting\b/, { timeout: 15_000 });
  await pickDay(page, dayKey(trip.start));
  await expect(
    page.getByRole('group', { name: 'Start time' }).getByRole('button', { name: /Full · waitlist/ }),
  ).toBeVisible();
  await pickStart(page, { ...trip, type: 'shared', isOpen: true, seatPrice: 20, seatsLeft: 0 });
  await expect(page.getByRole('heading', { name: 'This trip is full' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  await page.getByLabel('Your e-mail').fill(email);
  // The party, as the booking asks it: two adults.
  const addAdult = page.getByRole('button', { name: 'Add one: Adult' });
  await addAdult.click();
  await addAdult.click();
  await expect(page.getByText(/Seats wanted: 2 of the trip’s \d+ in all/)).toBeVisible();
  await page.getByRole('button', { name: 'Tell me when seats free up' }).click();
  const joined = page.getByText(/You are number \d in line\. We have sent you an e-mail/);
  await expect(joined).toBeVisible();
  const text = (await joined.textContent()) ?? '';
  await context.close();
  return text;
}

/** The visitor opens the link of the "confirm your place" e-mail. */
async function confirmPlace(page: Page, email: string, position: number) {
  const mail = await waitForMail(email, /Confirm my place/);
  await page.goto(/http:\/\/\S+\/waitlist\/confirm\?\S+/.exec(mail.text)![0]);
  await expect(page.getByText(`Your place is confirmed: you are number ${position} in line.`)).toBeVisible();
  await expect(
    page.getByText(/You are waiting for 2 seats on Gigantes Explorer RIB, .*\(Canary time\)/),
  ).toBeVisible();
}

async function cancelOnManageMyBooking(page: Page, id: string, email: string) {
  const found = await page.request.post('/api/bookings/lookup', {
    data: { reference: bookingNumber(id), email },
  });
  const { token } = (await found.json()) as { token: string };
  await page.goto(`/booking/manage?booking=${id}&token=${token}`);
  await expect(page.getByTestId('booking-number')).toHaveText(bookingNumber(id));
  await page.getByRole('button', { name: 'Cancel booking…' }).click();
  await page.getByRole('button', { name: /^Cancel booking and refund/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your booking is canceled.' })).toBeVisible();
}

test('a full trip: two wait, two seats freed go to the first, who pays; the second waits on', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await adminToken(request);
  const boat = await boatByTitle(request, 'Gigantes Explorer');
  const trip = await openSharedTrip(request, admin, boat._id, 96, 20);
  const cancelling = 'waitlist-cancels@example.com';
  const id = await paidSharedBooking(request, {
    boatId: boat._id,
    trip,
    seatPrice: 20,
    adults: 2,
    email: cancelling,
  });
  for (const n of [1, 2])
    await paidSharedBooking(request, {
      boatId: boat._id,
      trip,
      seatPrice: 20,
      adults: 4,
      email: `full-${n}@example.com`,
    });

  const first = `waitlist-first-${Date.now()}@example.com`;
  const second = `waitlist-second-${Date.now()}@example.com`;
  expect(await joinWaitlist(browser, boat._id, trip, first)).toContain('number 1 in line');
  await confirmPlace(page, first, 1);
  expect(await joinWaitlist(browser, boat._id, trip, second)).toContain('number 2 in line');
  await confirmPlace(page, second, 2);

  await cancelOnManageMyBooking(page, id, cancelling);

  const mail = await waitForMail(first, /Pay and keep the seats/);
  expect(mail.text).toContain('2 seats have freed up');
  const link = /http:\/\/\S+\/waitlist\/offer\?\S+/.exec(mail.text)![0];
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Your seats from the waitlist' })).toBeVisible();
  await expect(page.getByText('We are holding 2 seats for you.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Contact and payment' })).toBeVisible();
  await expect(page.getByTestId('payment-total')).toHaveText(euros(2 * 20 * 2));
  await expect(page.getByText(`${timeLabel(trip.start)}–${timeLabel(trip.end)}`)).toBeVisible();
  await expect(page.getByTestId('hold-countdown')).toHaveText(/^(29|30):\d\d$/);
  await fillContact(page, 'Wanda Waiting', first);
  await fillCard(page, CARD_OK);
  await pay(page);
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await expect(page.getByTestId('ticket-card')).toHaveCount(2);

  // Nothing more is free: the second visitor has had no offer, only the confirmation. The jobs
  // that would offer and send it have run since the payment (a fixed 5 s wait until 2026-11-29):
  // the events' e-mails (which offer freed seats) and the waitlist's, then the outbox's sending.
  const staff = { authorization: `Bearer ${admin}` };
  const paid = new Date();
  await jobRanSince(request, staff, 'event-emails', paid);
  await jobRanSince(request, staff, 'waitlist', paid);
  await jobRanSince(request, staff, 'email-outbox', new Date());
  expect((await mailsTo(second)).map((m) => m.subject)).toEqual([
    'Confirm your place on the waitlist: Gigantes Explorer RIB',
  ]);
});
