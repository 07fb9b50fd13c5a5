import { expect, test } from '@playwright/test';

test('the landing page opens and the API lists the seeded fleet', async ({ page, request }) => {
  const boats = await request.get('/api/boats');
  expect(boats.ok()).toBe(true);
  const { items } = (await boats.json()) as { items: { title: string }[] };
  expect(items.length).toBeGreaterThanOrEqual(6);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
