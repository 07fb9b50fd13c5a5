// The back office's boats: an admin creates a boat, saves it (which reveals its availability),
// adds a private and a shared slot on a day ten days ahead, adjusts the shared trip's remaining
// seats, deletes a slot, and signs out. The boat is new, so no other journey is affected.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yIssues } from '../support/booking-axe';

const ADMIN = { email: 'admin@adboatrental.example', password: 'boats-demo-2026' };
const canaryParts = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Atlantic/Canary',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  })
    .format(d)
    .split('/');

async function signIn(page: Page, path: string) {
  await page.goto(path);
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email').fill(ADMIN.email);
  await dialog.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
}

test('admin creates a boat, adds and edits its slots, deletes one and signs out', async ({ page }) => {
  test.setTimeout(120_000);
  const title = `E2E Catamaran ${Date.now().toString(36)}`;

  await signIn(page, '/admin/boats');
  await expect(page.getByRole('heading', { name: 'Boats', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /Sea Breeze/ })).toBeVisible();
  await expectNoSeriousA11yIssues(page, 'admin boat list');
  await page.getByRole('link', { name: 'New boat' }).click();
  await expect(page.getByRole('heading', { name: 'New boat', level: 1 })).toBeVisible();
  await expect(page.getByText('Save the boat first to edit its slots.')).toBeVisible();

  // Defaults of a new boat (spec §9) and the browser's own check of the form rules.
  await expect(page.getByLabel('Capacity (people)')).toHaveValue('6');
  await expect(page.getByLabel('Charter per hour')).toHaveValue('100');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Required', { exact: true })).toBeVisible();
  await page.getByLabel('Capacity (people)').fill('0');
  await page.getByLabel('Title (English)').fill(title);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Must be at least 1')).toBeVisible();
  await page.getByLabel('Capacity (people)').fill('8');
  await page.getByLabel('Title (Spanish)').fill(`${title} ES`);
  await page.getByLabel('Harbour name').fill('Puerto Colón');
  await page
    .getByLabel('Description (English)')
    .fill('<p>Calm <b>waters</b><img src=x onerror="window.__xss=1"></p>');
  await expect(page.getByTestId('description-preview').locator('img[onerror]')).toHaveCount(0);
  await page.getByLabel('Images').fill('/media/boats/sea-breeze-1-960.webp\nhttps://example.com/b.jpg');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/boats\/edit\/[0-9a-f-]{36}$/);
  const panel = page.getByRole('region', { name: 'Availability' });
  await expect(panel).toBeVisible();
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

  // Ten days ahead, in Canary time; move to the next month when it falls there.
  const target = new Date(Date.now() + 10 * 86_400_000);
  const [d, m, y] = canaryParts(target);
  const [, thisMonth] = canaryParts(new Date());
  if (m !== thisMonth) await panel.getByRole('button', { name: 'Next month' }).click();
  await panel.getByRole('button', { name: new RegExp(`^${d}/${m}/${y}`) }).click();
  await expect(panel.getByText('No slots for this date.')).toBeVisible();

  // The modal explains a broken rule, Escape closes it.
  await panel.getByRole('button', { name: 'Add slot' }).click();
  let modal = page.getByRole('dialog', { name: /New slot on/ });
  await expect(modal).toBeVisible();
  await modal.getByLabel('Start').fill('10:00');
  await modal.getByLabel('End').fill('09:00');
  await modal.getByRole('button', { name: 'Add slot' }).click();
  await expect(modal.getByText('End time must be later than start')).toBeVisible();
  await expectNoSeriousA11yIssues(page, 'new-slot modal');
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  // A private slot, submitted with Enter.
  await panel.getByRole('button', { name: 'Add slot' }).click();
  modal = page.getByRole('dialog', { name: /New slot on/ });
  await modal.getByLabel('Start').fill('09:00');
  await modal.getByLabel('End').fill('11:00');
  await modal.getByLabel('End').press('Enter');
  await expect(modal).toBeHidden();
  await expect(panel.getByRole('listitem', { name: 'Slot 09:00–11:00' })).toBeVisible();

  // A shared trip with 8 seats at 45 € per hour.
  await panel.getByRole('button', { name: 'Add slot' }).click();
  modal = page.getByRole('dialog', { name: /New slot on/ });
  await modal.getByLabel('Type').selectOption('shared');
  await modal.getByLabel('Start').fill('12:00');
  await modal.getByLabel('End').fill('15:00');
  await modal.getByLabel('Seat price (EUR)').fill('45');
  await expect(modal.getByLabel('Total seats')).toHaveValue('8');
  await modal.getByRole('button', { name: 'Add slot' }).click();
  await expect(modal).toBeHidden();
  const shared = panel.getByRole('listitem', { name: 'Slot 12:00–15:00' });
  await expect(shared).toBeVisible();
  await expectNoSeriousA11yIssues(page, 'admin boat editor with slots');
  await expect(panel.getByRole('button', { name: new RegExp(`^${d}/${m}/${y}, has slots`) })).toBeVisible();

  // Remaining seats: 8 → 6 with the stepper; taken follows; plus is disabled at the total.
  const remaining = shared.getByRole('spinbutton', { name: 'Remaining seats' });
  await expect(remaining).toHaveValue('8');
  await expect(shared.getByRole('button', { name: 'One seat more remaining' })).toBeDisabled();
  await shared.getByRole('button', { name: 'One seat less remaining' }).click();
  await shared.getByRole('button', { name: 'One seat less remaining' }).click();
  await expect(remaining).toHaveValue('6');
  await expect(shared.getByLabel('Taken')).toHaveText('2');
  await shared.getByRole('button', { name: 'Save' }).click();
  await expect(shared.getByText('Saved', { exact: true })).toBeVisible();

  // Delete the private slot.
  const privateRow = panel.getByRole('listitem', { name: 'Slot 09:00–11:00' });
  await privateRow.getByRole('button', { name: 'Delete' }).click();
  await privateRow.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(privateRow).toBeHidden();

  // What was saved is what the server keeps.
  await page.reload();
  if (m !== thisMonth) await panel.getByRole('button', { name: 'Next month' }).click();
  await panel.getByRole('button', { name: new RegExp(`^${d}/${m}/${y}`) }).click();
  await expect(panel.getByRole('listitem', { name: 'Slot 12:00–15:00' }).getByLabel('Taken')).toHaveText('2');
  await expect(panel.getByRole('listitem', { name: 'Slot 09:00–11:00' })).toHaveCount(0);

  // The new boat is in the list with its harbour, capacity and active pill.
  await page.getByRole('link', { name: 'Back to boats' }).click();
  const card = page.getByRole('link', { name: new RegExp(title) });
  await expect(card).toContainText('Puerto Colón');
  await expect(card).toContainText('8');
  await expect(card).toContainText('Active');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.goto('/admin/boats/new');
  await expect(page.getByRole('heading', { name: 'Administrators only' })).toBeVisible();
  await expect(page.getByLabel('Title (English)')).toHaveCount(0);
});
