// The back office's messages page: an admin filters by source and text, changes the page
// size and sorts by a column in both directions. Order is checked against the API's own.
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';

async function signInAsAdmin(page: Page, path: string): Promise<void> {
  await page.goto(path);
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill('admin@adboatrental.example');
  await dialog.getByLabel('Password', { exact: true }).fill('boats-demo-2026');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
}

test('admin filters and sorts contact messages', async ({ page, request }) => {
  const auth = await request.post('/user/auth', {
    data: { email: 'admin@adboatrental.example', password: 'boats-demo-2026', remember: false },
  });
  const { accessToken } = (await auth.json()) as { accessToken: string };
  const api = async (query: string) => {
    const res = await request.get(`/messages/admin/messages?${query}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(res.ok()).toBe(true);
    return ((await res.json()) as { data: { items: { name: string }[]; total: number; pages: number } }).data;
  };

  await signInAsAdmin(page, '/admin/messages');
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  const rows = page.locator('tbody tr');
  const names = () => rows.locator('td:nth-child(3)').allTextContents();

  const all = await api('');
  await expect(page.getByText(`Page 1 of ${all.pages}`)).toBeVisible();
  await expect(rows).toHaveCount(Math.min(20, all.total));

  // Name: ascending first, then descending.
  const nameHeader = page.getByRole('columnheader', { name: 'Name' });
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(names).toEqual((await api('sort=name&order=asc')).items.map((m) => m.name));
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(names).toEqual((await api('sort=name&order=desc')).items.map((m) => m.name));
  // Another column starts ascending.
  const sourceHeader = page.getByRole('columnheader', { name: 'Source' });
  await sourceHeader.getByRole('button').click();
  await expect(sourceHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(nameHeader).not.toHaveAttribute('aria-sort');

  // Source filter and page size.
  await page.getByLabel('Source').selectOption('form');
  const forms = await api('source=form');
  await expect(rows).toHaveCount(Math.min(20, forms.total));
  for (const cell of await rows.locator('td:nth-child(6)').allTextContents()) expect(cell).toBe('Form');
  await page.getByLabel('Source').selectOption('');
  await page.getByLabel('Per page').selectOption('10');
  await expect(rows).toHaveCount(10);
  await expect(page.getByText(`Page 1 of ${Math.ceil(all.total / 10)}`)).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText(`Page 2 of ${Math.ceil(all.total / 10)}`)).toBeVisible();

  // Free text, then nothing at all.
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('volkova');
  await search.press('Enter');
  await expect(rows).toHaveCount((await api('search=volkova')).total);
  await expect(rows.first()).toContainText('Ekaterina Volkova');
  await search.fill('no-such-person-anywhere');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText('No messages')).toBeVisible();

  // A message carrying markup is shown as text: no element is made from it, no script runs.
  const payload = '<img src=x onerror=alert(1)> still here';
  await page.route('**/messages/admin/messages?**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { items: { message: string | null }[] } };
    if (body.data.items[0]) body.data.items[0].message = payload;
    await route.fulfill({ response, json: body });
  });
  let alerted = false;
  page.on('dialog', (dialog) => {
    alerted = true;
    void dialog.dismiss();
  });
  await search.fill('');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText(payload, { exact: true })).toBeVisible();
  await expect(page.locator('tbody img')).toHaveCount(0);
  expect(alerted).toBe(false);
});
