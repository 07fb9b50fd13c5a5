// Answering a contact request on a phone: the message opens from its card,
// the reply goes out by e-mail (caught by the local SMTP server) in the language chosen, and the
// message then shows as replied. A from-date after the to-date is refused on the spot; an empty
// result says so instead of "Page 0 of 0".
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { waitForMail } from '../support/inbox';

const ADMIN = { email: 'admin@adboatrental.example', password: 'boats-demo-2026' };

async function signIn(page: Page, path: string) {
  await page.goto(path);
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email').fill(ADMIN.email);
  await dialog.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
}

// On a phone only: the desktop's messages table is read in admin-messages.spec.ts, and the same
// answer at 1440 px ran this path twice (until 2026-11-27).
for (const width of [390]) {
  test(`at ${width} px: a message answered by e-mail shows as replied`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    const name = `Visitor ${width} ${Date.now().toString(36)}`;
    const email = `visitor-${width}-${Date.now()}@example.com`;
    const sent = await request.post('/messages/messages', {
      data: {
        name,
        email,
        phone: '+34 600 11 22 33',
        message: '¿Hay plazas el sábado para cuatro?',
        language: 'es',
        source: 'form',
      },
    });
    expect(sent.ok()).toBe(true);

    await signIn(page, '/admin/messages');
    await page.getByRole('searchbox').fill(name);
    await page.getByRole('button', { name: 'Refresh' }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('New');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await row.getByRole('button', { name }).click();
    const details = page.getByRole('dialog', { name });
    await expect(details.getByRole('link', { name: 'Call +34 600 11 22 33' })).toHaveAttribute(
      'href',
      'tel:+34600112233',
    );
    await expect(details.getByText('Read', { exact: true })).toBeVisible();
    await details.getByText('Show full user agent').click();
    await expect(details.locator('code')).not.toBeEmpty();
    // The reply starts in the visitor's language.
    await expect(details.getByLabel('Language of the reply')).toHaveValue('es');
    await expect(details.getByLabel('Subject')).toHaveValue('Tu mensaje a AD Boat Rental');
    // …and its answer with the greeting, the one the e-mail carries: the operator types below it.
    const answer = details.getByLabel('Your answer');
    await expect(answer).toHaveValue(`Hola, ${name}:\n\n`);
    await answer.press('End');
    await answer.pressSequentially('Sí, quedan plazas el sábado a las 10:00.');
    await details.getByRole('button', { name: 'Send reply' }).click();
    await expect(details.getByText('Reply sent. The message is marked replied.')).toBeVisible();
    await expect(details.getByText('Replied', { exact: true })).toBeVisible();
    const mail = await waitForMail(email, /quedan plazas/);
    // One greeting in each part (plain text, then HTML), right before the answer.
    expect(mail.plain.replace(/\r/g, '')).toContain(`Hola, ${name}:\n\nSí, quedan plazas`);
    expect(mail.plain.match(/Hola/g)).toHaveLength(1);
    expect(mail.html.match(/Hola/g)).toHaveLength(1);
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(row).toContainText('Replied');

    // Dates the wrong way round: said at once under "To", nothing sent.
    await page.getByLabel('From').fill('20/11/2026');
    await page.getByLabel('To').fill('10/11/2026');
    await expect(page.getByText('The end date cannot be before the start date')).toBeVisible();
    // Nothing found: said in words, no "Page 0 of 0".
    await page.getByRole('searchbox').fill('nobody-at-all-here');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByText('No messages')).toBeVisible();
    await expect(page.getByText(/Page 0 of 0/)).toHaveCount(0);
  });
}
