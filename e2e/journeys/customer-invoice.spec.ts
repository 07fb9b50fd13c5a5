// A tourist's invoice at 390 px (issue 38, done when): a tourist books four seats on a Marlin
// Charters boat (an owner the platform invoices for), and the confirmation page says where the
// invoices are; the confirmation e-mail carries the simplified one as a PDF whose VERI*FACTU QR code decodes
// to the billing record's NIF, number, date and total; from the e-mail's manage link the tourist
// asks for a full invoice in a company's name (a tax id with a wrong check letter refused on its
// field first) and gets it in place of the simplified one; the owner sees both among their
// customers' invoices and prints the full one; the admin sees both records with their AEAT state.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { adminToken, openSharedTrip } from '../support/api-booking';
import {
  addPassengers,
  boatByTitle,
  CARD_OK,
  continueToPayment,
  dayKey,
  fillCard,
  fillContact,
  openBooking,
  pay,
  pickDay,
  pickStart,
  type WireSlot,
} from '../support/booking-helpers';
import { waitForMail } from '../support/inbox';
import { pdfQrText } from '../support/pdf-qr';

test.use({ viewport: { width: 390, height: 844 } });

const OWNER = { email: 'owner@adboatrental.example', password: 'boats-owner-2026' };
const ADMIN = { email: 'admin@adboatrental.example', password: 'boats-demo-2026' };

type RecordView = {
  _id: string;
  kind: string;
  issuerNif: string;
  numSerie: string;
  issueDate: string;
  total: number;
  state: string;
};

async function signIn(page: Page, path: string, account: { email: string; password: string }) {
  await page.goto(path);
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
}

const fitsThePhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test('a tourist gets the simplified invoice by e-mail, then a company’s full invoice', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await adminToken(request);
  const headers = { authorization: `Bearer ${admin}` };
  const boat = await boatByTitle(request, 'San Miguel sunset catamaran');
  const trip = await openSharedTrip(request, admin, boat._id, 96, 20);
  const email = `invoice-${Date.now()}@example.com`;
  // The tourist books four seats on a phone and lands on the confirmation.
  await openBooking(page, boat._id);
  await page.getByRole('button', { name: 'Tickets' }).click();
  await pickDay(page, dayKey(trip.start));
  await pickStart(page, { ...trip, type: 'shared' } as unknown as WireSlot);
  await addPassengers(page, { adults: 4 });
  await continueToPayment(page);
  await fillContact(page, 'Journey Tourist', email);
  await fillCard(page, CARD_OK);
  await pay(page);
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  // The confirmation page says where the invoices are: an invoice names its recipient, so it
  // opens only with the booking's token (the e-mail's link), never by the page's address.
  const onConfirmation = page.getByTestId('booking-invoices');
  await expect(onConfirmation).toContainText('The booking’s invoices are attached to our e-mails');
  await expect(onConfirmation.getByRole('link', { name: 'My booking' })).toBeVisible();
  await fitsThePhone(page);

  // The confirmation e-mail carries the simplified invoice; its QR code is the record's.
  const mail = await waitForMail(email, /Subject: Booking confirmed/);
  const pdf = mail.attachments.find((a) => /^S\d{4}-\d{6}\.pdf$/.test(a.filename));
  expect(pdf, 'the simplified invoice attached').toBeDefined();
  const simplified = pdf!.filename.replace(/\.pdf$/, '');
  const qr = new URL((await pdfQrText(Buffer.from(pdf!.content, 'base64')))!);
  const records = async () =>
    (
      (await (await request.get('/api/admin/invoicing/records?issuerNif=B12345674', { headers })).json()) as {
        records: RecordView[];
      }
    ).records;
  const record = (await records()).find((r) => r.kind === 'alta' && r.numSerie === simplified)!;
  expect(`${qr.origin}${qr.pathname}`).toBe('https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR');
  expect(Object.fromEntries(qr.searchParams)).toEqual({
    nif: record.issuerNif,
    numserie: record.numSerie,
    fecha: record.issueDate,
    importe: record.total.toFixed(2),
  });
  expect(record).toMatchObject({ issuerNif: 'B12345674', total: 160 });

  // From the e-mail's link, manage my booking shows the invoice and asks for a company's.
  const manage = /https?:\/\/\S+\/booking\/manage\?booking=[^\s"&]+&(?:amp;)?token=[^\s"<]+/.exec(
    mail.plain,
  )![0];
  await page.goto(manage.replace(/^https?:\/\/[^/]+/, '').replace('&amp;', '&'));
  const invoices = page.getByTestId('booking-invoices');
  await expect(invoices.getByText(`Simplified invoice ${simplified}`)).toBeVisible();
  await invoices.getByRole('button', { name: 'Ask for a full invoice' }).click();
  await invoices.getByLabel('Company name').fill('Acme Eventos S.L.');
  await invoices.getByLabel(/^Tax ID/).fill('B12345670');
  await invoices.getByLabel('Company address').fill('Calle Mayor 1, 38001 Santa Cruz de Tenerife');
  await invoices.getByRole('button', { name: 'Issue the full invoice' }).click();
  await expect(invoices.getByText(/Enter a Spanish NIF, NIE or CIF/)).toBeVisible();
  await invoices.getByLabel(/^Tax ID/).fill('B-3811111-8');
  await invoices.getByRole('button', { name: 'Issue the full invoice' }).click();
  await expect(
    invoices.getByRole('status').filter({ hasText: /^Full invoice F\d{4}-\d{6} issued/ }),
  ).toBeVisible();
  const full = /Full invoice (F\d{4}-\d{6})/.exec(
    (await invoices.getByRole('status').textContent()) ?? '',
  )![1]!;
  await expect(invoices.getByText(`Full invoice ${full}`, { exact: true })).toBeVisible();
  await expect(invoices.getByText(/replaced by the full invoice/)).toBeVisible();
  const download = page.waitForEvent('download');
  await invoices.getByRole('link', { name: `Download invoice ${full} (PDF)` }).click();
  expect((await download).suggestedFilename()).toBe(`${full}.pdf`);
  await fitsThePhone(page);

  // The owner sees both among their customers' invoices and opens the full one, printable.
  await signIn(page, '/admin/earnings', OWNER);
  const list = page.getByRole('list', { name: 'Your customers’ invoices' });
  await expect(list.getByRole('link', { name: `Simplified invoice ${simplified}` })).toBeVisible();
  await list.getByRole('link', { name: `Full invoice ${full}` }).click();
  await expect(page.getByTestId('invoice-number')).toHaveText(full);
  await expect(page.getByText('Acme Eventos S.L.').first()).toBeVisible();
  await expect(page.getByText('Factura verificable en la sede electrónica de la AEAT')).toBeVisible();
  await fitsThePhone(page);

  // The admin sees both records with their AEAT state.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, '/admin/invoicing', ADMIN);
  const states = /Waiting|Sent|Accepted/;
  for (const number of [simplified, full]) {
    const shown = (await records()).find((r) => r.kind === 'alta' && r.numSerie === number)!;
    await expect(page.locator(`#record-${shown._id}`)).toContainText(states);
  }
  await fitsThePhone(page);
});
