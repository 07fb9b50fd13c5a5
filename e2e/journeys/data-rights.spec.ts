// A customer's data rights at 390 px (docs/privacy.md#proof-of-address): from manage my booking
// the customer asks for their data; the link comes to their inbox, opens once on /my-data and shows
// what is held by kind with why and for how long; then they ask for the erasure the same way and
// are told it waits for their upcoming trip. Nobody else's inbox gets a thing.
import { expect, test } from '../support/test';
import { adminToken, bookingNumber, openSharedTrip, paidSharedBooking } from '../support/api-booking';
import { boatByTitle } from '../support/booking-helpers';
import { mailsTo, waitForMail } from '../support/inbox';

test.use({ viewport: { width: 390, height: 844 } });

const linkIn = (mail: { plain: string }) =>
  /https?:\/\/\S+\/my-data#\S+/.exec(mail.plain)![0].replace(/^https?:\/\/[^/]+/, '');

test('a customer downloads their data and asks for its erasure through links sent to their address', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await adminToken(request);
  const boat = await boatByTitle(request, 'San Miguel sunset catamaran');
  const trip = await openSharedTrip(request, admin, boat._id, 120, 20);
  const email = `rights-${Date.now()}@example.com`;
  const bookingId = await paidSharedBooking(request, {
    boatId: boat._id,
    trip,
    seatPrice: 20,
    adults: 4,
    email,
  });

  // Manage my booking, from the confirmation e-mail's link.
  const confirmation = await waitForMail(email, /Subject: Booking confirmed/);
  const manage = /https?:\/\/\S+\/booking\/manage\?booking=[^\s"&]+&(?:amp;)?token=[^\s"<]+/.exec(
    confirmation.plain,
  )![0];
  await page.goto(manage.replace(/^https?:\/\/[^/]+/, '').replace('&amp;', '&'));
  await page.getByRole('button', { name: 'E-mail me a download link' }).click();
  await expect(
    page.getByText(`If we hold anything under ${email}, we have sent it a link.`, { exact: false }),
  ).toBeVisible();

  const exportMail = await waitForMail(email, /Subject: Your data: download link/);
  await page.goto(linkIn(exportMail));
  await expect(page.getByRole('heading', { name: new RegExp(`What we hold under ${email}`) })).toBeVisible();
  // The token leaves the address bar at once.
  expect(new URL(page.url()).hash).toBe('');
  const bookings = page.getByRole('region', { name: 'Bookings' });
  await expect(
    bookings.getByText(new RegExp(`^${bookingNumber(bookingId)} · .*€160\\.00 · Paid`)),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'E-mails we sent you' }).getByText(/Booking confirmed/),
  ).toBeVisible();
  await expect(bookings.getByText(/Why: to carry out the trips you booked/)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download as a file (JSON)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);

  // The link worked once (opened again from the e-mail).
  await page.goto('/');
  await page.goto(linkIn(exportMail));
  await expect(
    page.getByText('This link has expired or was used already. Ask for a new one below.'),
  ).toBeVisible();

  // Erasure, asked the same way, waits for the trip ahead.
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'E-mail me an erasure link' }).click();
  await expect(page.getByText(/we have sent it a link/)).toBeVisible();
  const erasureMail = await waitForMail(email, /Subject: Your data: erasure link/);
  await page.goto(linkIn(erasureMail));
  await expect(page.getByText(/An invoice keeps whom it was issued to/)).toBeVisible();
  await page.getByRole('button', { name: 'Erase my data' }).click();
  await expect(page.getByText(/We will erase your data once your trip or refund is settled/)).toBeVisible();

  // A stranger asking for an address that holds nothing is answered the same, and no e-mail goes out.
  const stranger = `nobody-${Date.now()}@example.com`;
  await page.goto('/');
  await page.goto('/my-data');
  await page.getByLabel('E-mail address').fill(stranger);
  await page.getByRole('button', { name: 'E-mail me a download link' }).click();
  await expect(
    page.getByText(`If we hold anything under ${stranger}, we have sent it a link.`, { exact: false }),
  ).toBeVisible();
  expect(await mailsTo(stranger)).toEqual([]);
});
