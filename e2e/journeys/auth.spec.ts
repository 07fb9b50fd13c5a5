// Signing in to the back office: the dialog's checks and messages, the session surviving a reload
// through the refresh cookie, and sign-out closing the admin pages. The dialog in Spanish is its
// component test (apps/web/src/shared/auth/sign-in-dialog.test.tsx).
import { expect, test } from '../support/test';

const ADMIN = { email: 'admin@adboatrental.example', password: 'boats-demo-2026' };

test('the sign-in dialog checks the fields, explains failures and keeps the session across reloads', async ({
  page,
}) => {
  await page.goto('/admin/boats');
  await expect(page.getByRole('heading', { name: 'Administrators only' })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();

  // Static backdrop: Escape does not close it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();

  const email = dialog.getByLabel('Email');
  const password = dialog.getByLabel('Password', { exact: true });
  await email.fill('not-an-email');
  await password.fill('123');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog.getByText('Enter a valid email')).toBeVisible();
  await expect(dialog.getByText('Minimum 6 characters')).toBeVisible();

  // Show / hide the password.
  await expect(password).toHaveAttribute('type', 'password');
  await dialog.getByRole('button', { name: 'Show' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await dialog.getByRole('button', { name: 'Hide' }).click();
  await expect(password).toHaveAttribute('type', 'password');

  await email.fill(ADMIN.email);
  await password.fill('wrong-password');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  const failure = dialog.getByRole('alert');
  await expect(failure).toContainText('Authentication error');
  await expect(failure).toContainText('Wrong email or password.');

  await password.fill(ADMIN.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Signed in successfully');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Boats', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /Sea Breeze/ })).toBeVisible();

  // The access token lives in memory only; the httpOnly refresh cookie restores the session.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Boats', level: 1 })).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'boats_refresh')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  for (const path of ['/admin/boats', '/admin/boats/new', '/admin/bookings', '/admin/messages']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Administrators only' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  }
});
