// A tourist on a 360 px phone after paying (issue 29, items 11–13): the confirmation says where
// and when to meet, with a map link, what to bring, "Add to calendar" and all the tickets as one
// PDF (a page per ticket, parsed here with pdf-lib); a canceled booking says
// so in its heading and its tickets are void (no QR to scan); a damaged manage link, a made-up or
// garbled booking id and an unknown boat get a plain page with the ways on, never a retry or a
// button that would fail. In English and in Russian.
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Page } from '@playwright/test';
import { PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';
import { expect, test } from '../support/test';
import { boatByTitle } from '../support/booking-helpers';
import {
  adminToken,
  bookingNumber,
  confirmationPath,
  openSharedTrip,
  paidSharedBooking,
} from '../support/api-booking';
import { localeText, type LanguageCode } from '../support/locale-texts';
import { expectNoEnglish } from '../support/no-english';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

async function manageToken(request: APIRequestContext, id: string, email: string): Promise<string> {
  const res = await request.post('/api/bookings/lookup', { data: { reference: bookingNumber(id), email } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** Downloads the tickets' PDF from the confirmation and parses it. */
async function ticketsPdf(page: Page, button: string): Promise<{ name: string; pdf: PDFDocument }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return { name: download.suggestedFilename(), pdf: await PDFDocument.load(bytes) };
}

/** The document's language (its catalog's /Lang). */
const pdfLanguage = (pdf: PDFDocument) =>
  pdf.catalog.lookupMaybe(PDFName.of('Lang'), PDFString, PDFHexString)?.decodeText();

const ticketCodes = async (page: Page) =>
  (
    await page
      .getByTestId('ticket-card')
      .getByRole('img')
      .evaluateAll((qrs) => qrs.map((qr) => qr.getAttribute('aria-label') ?? ''))
  ).map((label) => label.split(' ').at(-1) ?? '');

async function cancelByCustomer(request: APIRequestContext, id: string, token: string): Promise<void> {
  const quote = await request.get(`/api/bookings/${id}/cancellation?token=${token}`);
  const { refund } = (await quote.json()) as { refund: number };
  const res = await request.post(`/api/bookings/${id}/cancel`, { data: { token, expectedRefund: refund } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The 360 px pictures of docs/public-site.md (docs/screenshots with UPDATE_SCREENSHOTS=1). */
async function shot(page: Page, name: string, testInfo: { outputPath: (n: string) => string }) {
  const path = process.env.UPDATE_SCREENSHOTS ? `../docs/screenshots/${name}` : testInfo.outputPath(name);
  await page.screenshot({ path, type: 'png' });
}

test('the confirmation shows the meeting point and offers the calendar; canceled, its tickets are void; the meeting point in Russian', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const admin = await adminToken(request);
  const boat = await boatByTitle(request, 'Gigantes Explorer'); // meets at "Marina entrance, blue kiosk"
  const trip = await openSharedTrip(request, admin, boat._id, 80, 20);
  const email = 'after-paying@example.com';
  const id = await paidSharedBooking(request, { boatId: boat._id, trip, seatPrice: 20, adults: 2, email });

  await page.goto(confirmationPath(id));
  await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
  const meeting = page.getByTestId('meeting-point');
  await expect(meeting.getByRole('heading', { name: 'Meeting point' })).toBeVisible();
  await expect(page.getByTestId('meeting-note')).toHaveText('Marina entrance, blue kiosk');
  await meeting.evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
  await page.evaluate(() => window.scrollBy({ top: -72, behavior: 'instant' }));
  await shot(page, 'booking-meeting-360.png', testInfo);
  await expect(meeting).toContainText('Please be at the meeting point 15 minutes before departure');
  await expect(meeting.getByRole('heading', { name: 'What to bring' })).toBeVisible();
  await expect(meeting.getByRole('listitem')).toHaveCount(4);
  await expect(meeting.getByRole('link', { name: 'Open the map' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/,
  );
  const [calendar] = await Promise.all([
    page.waitForEvent('download'),
    meeting.getByRole('button', { name: 'Add to calendar' }).click(),
  ]);
  expect(calendar.suggestedFilename()).toBe(`booking-${bookingNumber(id)}.ics`);
  const ics = await readFile(await calendar.path(), 'utf8');
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toContain(`DTSTART:${trip.start.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
  expect(ics).toContain('Marina entrance\\, blue kiosk');
  await expect(page.getByRole('img', { name: /QR code of ticket/ })).toHaveCount(2);

  // Both tickets in one PDF: a page each, with their codes, boat and language.
  const codes = await ticketCodes(page);
  expect(codes).toHaveLength(2);
  const { name, pdf } = await ticketsPdf(page, 'Download all 2 tickets (PDF)');
  expect(name).toBe(`tickets-${bookingNumber(id)}.pdf`);
  expect(pdf.getPageCount()).toBe(2);
  expect(pdf.getTitle()).toBe('Tickets: Gigantes Explorer RIB');
  expect(pdfLanguage(pdf)).toBe('en');
  expect(pdf.getKeywords()?.split(' ').sort()).toEqual([...codes].sort());
  const [width, height] = [pdf.getPage(0).getWidth(), pdf.getPage(0).getHeight()];
  expect([Math.round(width), Math.round(height)]).toEqual([595, 842]); // A4

  // The customer cancels: the same link now says so, and nothing on it can be scanned.
  const token = await manageToken(request, id, email);
  await cancelByCustomer(request, id, token);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Booking canceled and refunded' })).toBeVisible();
  await expect(page.getByText('Booking confirmed')).toHaveCount(0);
  await expect(
    page.getByText('This booking no longer takes anyone on board: its tickets are void.'),
  ).toBeVisible();
  await expect(page.getByTestId('ticket-card')).toHaveCount(2);
  await expect(page.getByText('Void: not valid for boarding')).toHaveCount(2);
  await expect(page.getByRole('img', { name: /QR code of ticket/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Download SVG|Print ticket|PDF/ })).toHaveCount(0);
  await expect(page.getByTestId('meeting-point')).toHaveCount(0);
  await page
    .getByTestId('ticket-card')
    .first()
    .evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await shot(page, 'booking-canceled-360.png', testInfo);

  // In Russian, the same.
  const ru = (key: string) => localeText('ru', 'booking', key);
  await page.goto(confirmationPath(id, '&lng=ru'));
  await expect(page.getByRole('heading', { level: 1, name: ru('confirm.refundedTitle') })).toBeVisible();
  await expect(page.getByText(ru('confirm.title'), { exact: true })).toHaveCount(0);
  await expect(page.getByText(ru('confirm.canceledText'))).toBeVisible();
  await expect(page.getByTestId('ticket-card')).toHaveCount(2);
  await expect(page.getByText(ru('ticket.void'))).toHaveCount(2);
  const qr = localeText('ru', 'booking', 'ticket.qrFor', { code: '' }).trim();
  await expect(page.getByRole('img', { name: qr })).toHaveCount(0);
  await expect(page.getByRole('button', { name: ru('ticket.download') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: ru('ticket.print') })).toHaveCount(0);
  await expect(page.getByTestId('meeting-point')).toHaveCount(0);
  await expectNoEnglish(page, 'ru', ['booking', 'common']);

  // Another booking, of one seat, confirmed in Russian: the meeting point and the ticket's PDF
  // (its own journey until 2026-11-29).
  const ruTrip = await openSharedTrip(request, admin, boat._id, 100, 20);
  const ruId = await paidSharedBooking(request, {
    boatId: boat._id,
    trip: ruTrip,
    seatPrice: 20,
    adults: 1,
    email: 'posle-oplaty@example.com',
  });
  await page.goto(confirmationPath(ruId, '&lng=ru'));
  await expect(
    page.getByRole('heading', { level: 1, name: localeText('ru', 'booking', 'confirm.title') }),
  ).toBeVisible();
  const ruMeeting = page.getByTestId('meeting-point');
  await expect(
    ruMeeting.getByRole('heading', { name: localeText('ru', 'email', 'common.meetingPoint') }),
  ).toBeVisible();
  await expect(page.getByTestId('meeting-note')).toHaveText('Вход в марину, синий киоск');
  // "Arrive 15 minutes early", up to the time it names.
  await expect(ruMeeting).toContainText(localeText('ru', 'email', 'reminder.arrive').split('{{time}}')[0]!);
  await expect(
    ruMeeting.getByRole('heading', { name: localeText('ru', 'email', 'reminder.bringTitle') }),
  ).toBeVisible();
  await expect(
    ruMeeting.getByRole('button', { name: localeText('ru', 'booking', 'meeting.calendar') }),
  ).toBeVisible();
  await expect(
    ruMeeting.getByRole('link', { name: localeText('ru', 'booking', 'meeting.map') }),
  ).toBeVisible();

  // The ticket's PDF in Russian.
  const { pdf: ruPdf } = await ticketsPdf(page, localeText('ru', 'booking', 'ticket.pdf', { count: 1 }));
  expect(ruPdf.getPageCount()).toBe(1);
  expect(pdfLanguage(ruPdf)).toBe('ru');
  expect(ruPdf.getTitle()).toMatch(
    new RegExp(`^${localeText('ru', 'booking', 'ticket.pdfTitle', { count: 1, boat: '' })}`),
  );
  expect(ruPdf.getKeywords()).toBe((await ticketCodes(page))[0]);
  await expectNoEnglish(page, 'ru', ['booking', 'common']);
});

// In English and in Russian, each with its own booking.
// Russian only: the English texts are the ones every other journey reads, and the same path in
// English ran it twice (until 2026-11-27, docs/development.md#the-test-time-budget).
for (const [lng, hoursAhead] of [['ru', 124]] as [LanguageCode, number][]) {
  const t = (ns: string, key: string) => localeText(lng, ns, key);
  const inLng = (address: string) =>
    lng === 'en' ? address : `${address}${address.includes('?') ? '&' : '?'}lng=${lng}`;

  test(`a damaged manage link, a made-up or garbled booking and an unknown boat: plain pages with the ways on (${lng})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const admin = await adminToken(request);
    const boat = await boatByTitle(request, 'Gigantes Explorer');
    const trip = await openSharedTrip(request, admin, boat._id, hoursAhead, 20);
    const email = `damaged-link-${lng}@example.com`;
    const id = await paidSharedBooking(request, { boatId: boat._id, trip, seatPrice: 20, adults: 1, email });
    const token = await manageToken(request, id, email);
    const resend = page.getByRole('button', { name: t('manage', 'resend.action') });

    // The link cut short in a mail app: no Resend, no Cancel, but the lookup form, which finds it.
    await page.goto(inLng(`/booking/manage?booking=${id}&token=${token.slice(0, -4)}`));
    await expect(page.getByText(t('manage', 'loadFailed'))).toBeVisible();
    await expect(resend).toHaveCount(0);
    await expect(page.getByRole('button', { name: t('manage', 'cancel.open') })).toHaveCount(0);
    if (lng !== 'en') await expectNoEnglish(page, lng, ['manage', 'booking', 'common']);
    await page.getByLabel(t('manage', 'find.reference')).fill(bookingNumber(id));
    await page.getByLabel(t('manage', 'find.email')).fill(email);
    await page.getByRole('button', { name: t('manage', 'find.submit') }).click();
    await expect(page.getByTestId('booking-number')).toHaveText(bookingNumber(id));
    await expect(resend).toBeVisible();

    // A made-up booking id and a garbled one: not found, with the ways on; no status code, no retry.
    const findBooking = page.getByRole('link', { name: t('booking', 'notFound.findBooking') });
    for (const bad of ['00000000-0000-4000-8000-000000000000', 'abc%20def']) {
      await page.goto(inLng(`/booking?booking=${bad}`));
      await expect(page.getByText(t('booking', 'errors.bookingNotFound'))).toBeVisible();
      await expect(page.getByText(/404|400/)).toHaveCount(0);
      await expect(page.getByText(t('booking', 'errors.bookingUnavailable'))).toHaveCount(0);
      await expect(page.getByRole('button', { name: t('booking', 'actions.retry') })).toHaveCount(0);
      await expect(findBooking).toBeVisible();
      if (lng !== 'en') await expectNoEnglish(page, lng, ['booking', 'common']);
    }
    await findBooking.click();
    await expect(page).toHaveURL(/\/booking\/manage$/);
    await expect(page.getByRole('heading', { level: 1, name: t('manage', 'title') })).toBeVisible();

    // An unknown boat: not found, with all boats and the home page; no Retry that cannot work.
    await page.goto(inLng('/booking/00000000-0000-4000-8000-000000000000'));
    await expect(page.getByText(t('booking', 'errors.boatNotFound'))).toBeVisible();
    await expect(page.getByRole('button', { name: t('booking', 'actions.retry') })).toHaveCount(0);
    if (lng !== 'en') await expectNoEnglish(page, lng, ['booking', 'common']);
    await page.getByRole('link', { name: t('booking', 'notFound.allBoats') }).click();
    await expect(page).toHaveURL(/\/booking$/);
  });
}
