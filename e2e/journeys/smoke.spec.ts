import { expect, test } from '../support/test';

test('the landing page opens and shows the seeded fleet', async ({ page, request }) => {
  const boats = await request.get('/api/boats');
  expect(boats.ok()).toBe(true);
  const { items } = (await boats.json()) as { items: { title: string; titleI18n?: { en: string } }[] };
  expect(items.length).toBeGreaterThanOrEqual(6);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Our fleet' })).toBeVisible();
  const fleet = page.locator('#fleet');
  for (const boat of items) {
    const title = boat.titleI18n?.en ?? boat.title;
    const heading = fleet.getByRole('heading', { level: 3, name: title });
    await heading.scrollIntoViewIfNeeded();
    await expect(heading).toBeVisible();
  }
});
