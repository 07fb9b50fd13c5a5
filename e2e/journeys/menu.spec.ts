// The side menu (docs/product.md §2): section links, /#login only when signed out, back-office links only
// for an admin; keyboard and screen-reader friendly.
import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { openSiteMenu } from '../support/site-menu';

function openMenu(page: Page) {
  return openSiteMenu(page, 'Open menu', 'Main menu');
}

// Two journeys where there were six (until 2026-11-29), each step's assertions unchanged: the
// visitor's menu at a desktop's and a phone's width, then the sign-in ways, an admin's menu and
// the sign-out, one after another in one browser.
test('a visitor sees the sections and sign-in, no back-office links; the menu is 340 px wide on a desktop and full width on a phone, with no serious accessibility violations', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  let menu = await openMenu(page);
  for (const name of ['Home', 'Fleet', 'Why us', 'Contact', 'Sign in']) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: 'Bookings' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Messages' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Boats' })).toHaveCount(0);
  // 340 px wide on a desktop.
  expect((await menu.boundingBox())!.width).toBeCloseTo(340, 0);

  // A section link scrolls there and closes the menu.
  await menu.getByRole('link', { name: 'Why us' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/#why$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Why sail with us' })).toBeInViewport();

  // Escape closes it and gives the focus back to its button.
  menu = await openMenu(page);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

  // Full width on a phone, and no serious accessibility violations when open.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  menu = await openMenu(page);
  expect((await menu.boundingBox())!.width).toBeCloseTo(360, 0);
  await page.waitForTimeout(300); // the slide-in
  const path = process.env.UPDATE_SCREENSHOTS
    ? '../docs/screenshots/menu-360.jpg'
    : testInfo.outputPath('menu-360.jpg');
  await page.screenshot({ path, type: 'jpeg', quality: 80 });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }))).toEqual([]);
});

test('the menu sign-in link, /#login and the hero open the sign-in dialog; an admin signed in from the hero sees the back-office links; signing out from the hero and from the menu shows that it is under way', async ({
  page,
}) => {
  await page.goto('/');
  let menu = await openMenu(page);
  await menu.getByRole('link', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toBeVisible();

  await page.goto('/?x=1#login');
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();

  // The hero's sign-in button opens it too; an admin signs in there.
  await page.goto('/');
  await page.locator('#home').getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill('admin@adboatrental.example');
  await dialog.getByLabel('Password', { exact: true }).fill('boats-demo-2026');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  // The dialog stays long enough to say so, then closes by itself.
  await expect(dialog.getByText('Signed in successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  menu = await openMenu(page);
  await expect(menu.getByRole('link', { name: 'Bookings' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Messages' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Boats' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await expect(menu.getByText('Signed in as admin@adboatrental.example')).toBeVisible();
  // Signed in, the hero offers to sign out instead of in.
  await expect(page.locator('#home').getByRole('button', { name: 'Sign out' })).toBeAttached();
  await expect(page.locator('#home').getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  await menu.getByRole('link', { name: 'Bookings' }).click();
  await expect(page).toHaveURL(/\/admin\/bookings$/);

  // The session survives a reload (refresh cookie), and so do the admin links.
  await page.goto('/');
  menu = await openMenu(page);
  await expect(menu.getByRole('link', { name: 'Messages' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // Signing out, from the hero and then from the menu, shows that it is under way. The real
  // logout call is held until the pending state has been seen, then let through. A gate opened
  // before the call arrives lets it through at once (sign-out first clears the crew's saved data,
  // so the pending state can show before the call is made).
  const signIn = async () => {
    await page.locator('#home').getByRole('button', { name: 'Sign in' }).click();
    await dialog.getByLabel('Email').fill('admin@adboatrental.example');
    await dialog.getByLabel('Password', { exact: true }).fill('boats-demo-2026');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog).toBeHidden();
  };
  const gate = () => {
    let open = () => {};
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { opened, open };
  };
  let logout = gate();
  await page.route('**/user/logout', async (route) => {
    await logout.opened;
    await route.continue();
  });
  const hero = page.locator('#home');

  await hero.getByRole('button', { name: 'Sign out' }).click();
  await expect(hero.getByRole('button', { name: 'Signing out…' })).toBeDisabled();
  logout.open();
  await expect(hero.getByRole('button', { name: 'Sign in' })).toBeVisible();

  logout = gate();
  await signIn();
  menu = await openMenu(page);
  await menu.getByRole('button', { name: 'Sign out' }).click();
  await expect(menu.getByRole('button', { name: 'Signing out…' })).toBeDisabled();
  logout.open();
  await expect(menu).toBeHidden();
  await expect(hero.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
