// The platform admin runs the owners of the marketplace at 390 px (issue 24): sets an owner's own
// commission and returns it to the site default, suspends the owner (their boats leave the public
// site) and reactivates them (the boats come back).
import { expect, test } from '../support/test';

const ADMIN = { email: 'admin@adboatrental.example', password: 'boats-demo-2026' };

test.use({ viewport: { width: 390, height: 844 } });

test("the admin sets an owner's commission, suspends and reactivates them; their boats follow", async ({
  page,
  request,
}) => {
  const auth = await request.post('/user/auth', { data: ADMIN });
  const { accessToken } = (await auth.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  type AdminBoat = { _id: string; ownerName: string; listing: string };
  const boats = (await (await request.get('/api/admin/boats', { headers })).json()) as {
    items: AdminBoat[];
  };
  const anagaBoats = boats.items.filter((b) => b.ownerName === 'Anaga Sailing' && b.listing === 'live');
  expect(anagaBoats.length).toBeGreaterThan(0);
  const publicIds = async () =>
    ((await (await request.get('/api/boats')).json()) as { items: { _id: string }[] }).items.map(
      (b) => b._id,
    );

  await page.goto('/admin/owners');
  const signIn = page.getByRole('dialog', { name: 'Sign in' });
  await signIn.getByLabel('Email').fill(ADMIN.email);
  await signIn.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(signIn).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Owners' })).toBeVisible();

  const anaga = page.getByRole('listitem', { name: 'Anaga Sailing' });
  await expect(anaga.getByTestId('commission')).toContainText('(the site default)');
  await anaga.getByLabel('Commission (%)').fill('18.5');
  await anaga.getByRole('button', { name: 'Save the rate' }).click();
  await expect(anaga.getByTestId('commission')).toHaveText("Commission 18.5 % (this owner's own rate)");
  await anaga.getByRole('button', { name: 'Back to the site default' }).click();
  await expect(anaga.getByTestId('commission')).toContainText('(the site default)');

  // Suspending asks first, listing the owner's paid bookings ahead: the admin keeps them.
  await anaga.getByRole('button', { name: 'Suspend' }).click();
  const ask = page.getByRole('dialog', { name: 'Suspend Anaga Sailing?' });
  const serve = ask.getByRole('radio', { name: 'They are served as booked' });
  await expect(ask.getByText(/No paid bookings ahead|still ahead/)).toBeVisible();
  if (await serve.isVisible()) await serve.check();
  await ask.getByRole('button', { name: 'Suspend the owner' }).click();
  await expect(ask).toBeHidden();
  await expect(anaga).toContainText('Suspended');
  await expect
    .poll(async () => (await publicIds()).filter((id) => anagaBoats.some((b) => b._id === id)))
    .toEqual([]);
  await anaga.getByRole('button', { name: 'Reactivate' }).click();
  await expect(anaga).toContainText('Active');
  await expect
    .poll(async () => (await publicIds()).filter((id) => anagaBoats.some((b) => b._id === id)).length)
    .toBe(anagaBoats.length);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
