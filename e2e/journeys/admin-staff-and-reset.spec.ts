// Staff accounts and "Forgot your password?", on a phone: the admin creates a
// crew account that then signs in; a reset e-mail (caught by the local SMTP server) leads to a
// new password that works, and its link works only once.
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { waitForMail } from '../support/inbox';

const ADMIN = { email: 'admin@adboatrental.example', password: 'boats-demo-2026' };

async function signIn(page: Page, email: string, password: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
}

async function apiSignIn(request: APIRequestContext, email: string, password: string) {
  return request.post('/user/auth', { data: { email, password, remember: false } });
}

// At 390 px: the staff page's desktop table is read by its component test; the same path at
// 1440 px ran it twice (until 2026-11-27).
for (const width of [390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the admin creates a crew account, and the crew member signs in with it', async ({
      page,
      browser,
    }) => {
      const email = `crew-${width}-${Date.now()}@example.com`;
      await page.goto('/admin/staff');
      await signIn(page, ADMIN.email, ADMIN.password);
      await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeHidden();
      await expect(page.getByRole('heading', { name: 'Staff accounts', level: 1 })).toBeVisible();
      await expect(page.getByRole('listitem', { name: ADMIN.email })).toBeVisible();

      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Role').selectOption('crew');
      await page.getByLabel('First password').fill('deck-hand-password');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByText(`Account created for ${email}.`)).toBeVisible();
      const card = page.getByRole('listitem', { name: email });
      await expect(card).toContainText('Crew');
      await expect(card).toContainText('Can sign in');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      const crewContext = await browser.newContext({ viewport: { width, height: 900 } });
      const crewPage = await crewContext.newPage();
      await crewPage.goto('/admin/bookings');
      await signIn(crewPage, email, 'deck-hand-password');
      await expect(crewPage.getByText('Signed in successfully')).toBeVisible();
      await crewContext.close();
    });

    test('a password reset e-mail leads to a new password that works, once', async ({ page, request }) => {
      const email = `reset-${width}-${Date.now()}@example.com`;
      const admin = (await (await apiSignIn(request, ADMIN.email, ADMIN.password)).json()) as {
        accessToken: string;
      };
      const created = await request.post('/api/admin/staff', {
        headers: { authorization: `Bearer ${admin.accessToken}` },
        data: { email, role: 'admin', password: 'the-old-password' },
      });
      expect(created.ok()).toBe(true);

      await page.goto('/admin/bookings');
      const dialog = page.getByRole('dialog', { name: 'Sign in' });
      await dialog.getByRole('button', { name: 'Forgot your password?' }).click();
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByRole('button', { name: 'Send the link' }).click();
      await expect(dialog.getByText('If this address has an account, a link is on its way.')).toBeVisible();

      const mail = await waitForMail(email, /reset-password#token=/);
      const link = /(http:\/\/\S+reset-password#token=[\w-]+)/.exec(mail.text)![1]!;
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
      await expect(page).not.toHaveURL(/token=/);
      await page.getByLabel('New password').fill('the-new-password-1');
      await page.getByRole('button', { name: 'Save the new password' }).click();
      await expect(page.getByText('Your password has been changed.')).toBeVisible();

      expect((await apiSignIn(request, email, 'the-new-password-1')).status()).toBe(200);
      expect((await apiSignIn(request, email, 'the-old-password')).status()).toBe(401);

      // The same link a second time (a fresh page load): refused, and the password stays.
      await page.goto('/');
      await page.goto(link);
      await page.getByLabel('New password').fill('another-password-2');
      await page.getByRole('button', { name: 'Save the new password' }).click();
      await expect(
        page.getByText('This link has expired or was already used. Ask for a new one.'),
      ).toBeVisible();
      expect((await apiSignIn(request, email, 'the-new-password-1')).status()).toBe(200);
    });
  });
}
