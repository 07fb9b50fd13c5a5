// "List your boat" at 390 px (docs/back-office.md#owner-applications): an owner finds the page
// in the site menu, applies with two photos from the phone, and gets an acknowledgement; the
// admin approves the application in the back office; the applicant chooses a password from the
// e-mailed link and signs in with it.
import sharp from 'sharp';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { waitForMail } from '../support/inbox';

const ADMIN = { email: 'admin@adboatrental.example', password: 'boats-demo-2026' };

const photo = async (name: string, background: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 1200, height: 900, channels: 3, background } })
    .jpeg()
    .toBuffer(),
});

async function signIn(page: Page, email: string, password: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
}

const noSideScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test.use({ viewport: { width: 390, height: 844 } });

test('an owner applies with two photos, the admin approves, the owner sets a password and signs in', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `skipper-${Date.now()}@example.com`;
  const boatName = `Brisa ${Date.now() % 100000}`;

  // From the site menu, as a visitor finds it.
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Main menu' }).getByRole('link', { name: 'List your boat' }).click();
  await expect(page.getByRole('heading', { name: 'List your boat', level: 1 })).toBeVisible();

  await page.getByLabel('A company').check();
  await page.getByLabel('Legal name (as on your NIF/CIF)').fill('Brisa Charter S.L.');
  await page.getByLabel('Name customers see').fill('Brisa <b>Charter</b>');
  await page.getByLabel('NIF, NIE or CIF').fill('B1234567');
  await page.getByLabel('Address').fill('Calle del Puerto 3, 38650 Los Cristianos');
  await page.getByLabel('Phone').fill('+34 600 11 22 33');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Type').selectOption('catamaran');
  await page.getByLabel('Boat name').fill(boatName);
  await page.getByLabel('Length (metres)').fill('12,5');
  await page.getByLabel('Passengers').fill('10');
  await page.getByLabel('Harbour').fill('Puerto Colón');
  await page.getByLabel('What is included').fill('Skipper\nSnorkel gear');
  await page
    .getByLabel('Add photos')
    .setInputFiles([await photo('IMG_0001.jpg', '#1d6fa5'), await photo('IMG_0002.jpg', '#f5c04a')]);
  const photos = page.getByRole('list', { name: 'Your photos' });
  // Each photo is resized on the server as it arrives (slow on a loaded machine, not a goal).
  await expect(photos.getByRole('img')).toHaveCount(2, { timeout: 60_000 });

  // A wrong tax number and the missing consent are said on their fields; nothing is sent.
  await page.getByRole('button', { name: 'Send my application' }).click();
  await expect(
    page.getByText('Enter a valid NIF, NIE or CIF (with its final check character)'),
  ).toBeVisible();
  await expect(page.getByText('Please accept the terms for owners')).toBeVisible();
  await page.getByLabel('NIF, NIE or CIF').fill('B12345674');
  await page.getByLabel('I accept the terms for owners').check();
  await noSideScroll(page, 390);
  await page.getByRole('button', { name: 'Send my application' }).click();
  await expect(page.getByText('Thank you, your application has been sent')).toBeVisible();
  await expect(page.getByText(`We have sent a confirmation to ${email}`)).toBeVisible();
  await waitForMail(email, new RegExp(`Thank you for applying to list ${boatName}`));

  // The admin approves it, on a phone too.
  const adminContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const admin = await adminContext.newPage();
  await admin.goto('/admin/owner-applications');
  await signIn(admin, ADMIN.email, ADMIN.password);
  await expect(admin.getByRole('heading', { name: 'Applications to list a boat', level: 1 })).toBeVisible();
  await admin.getByRole('button', { name: new RegExp(boatName) }).click();
  const details = admin.getByRole('region', { name: `Brisa <b>Charter</b> · ${boatName}` });
  await expect(details.getByText('B12345674')).toBeVisible();
  await expect(details.getByRole('img')).toHaveCount(2);
  await details.getByRole('button', { name: 'Approve' }).click();
  await expect(
    details.getByText(/^Approved: the owner, their draft boat and their account exist/),
  ).toBeVisible();
  await noSideScroll(admin, 390);
  await adminContext.close();

  // The applicant chooses a password from the e-mailed link and signs in.
  const mail = await waitForMail(email, /reset-password#token=/);
  expect(mail.text).toContain('within 72 hours');
  const link = /(http:\/\/\S+reset-password#token=[\w-]+&welcome=1)/.exec(mail.text)![1]!;
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Welcome aboard: choose your password' })).toBeVisible();
  await expect(page).not.toHaveURL(/token=/);
  await page.getByLabel('New password').fill('velas-al-viento-2027');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await signIn(page, email, 'velas-al-viento-2027');
  await expect(page.getByText('Signed in successfully')).toBeVisible();
});
