// The booking dialog from the fleet: static backdrop (Escape does nothing), a different title
// for one boat and for all boats, and "all boats" lets the visitor pick a boat first.
import { expect, test } from '../support/test';
import { expectNoSeriousA11yIssues } from '../support/booking-axe';

// One journey (two until 2026-11-29): "Book any boat", then one boat's own Book on the same page.
test('book any boat: pick a boat inside the dialog, which Escape does not close; book one boat: the dialog opens on that boat with its own title', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await page.getByRole('button', { name: 'Book any boat' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Book a boat' });
  await expect(dialog.getByRole('heading', { name: 'Choose a boat' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: /Gigantes Explorer/ }).click();
  await expect(dialog.getByRole('group', { name: 'Kind of trip' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Gigantes Explorer RIB' })).toBeVisible();
  await expectNoSeriousA11yIssues(page, 'booking dialog');
  await dialog.getByRole('button', { name: 'Choose another boat' }).click();
  await expect(dialog.getByRole('heading', { name: 'Choose a boat' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // One boat's Book: the dialog opens on that boat with its own title.
  await page.getByRole('button', { name: 'Book Sea Breeze 40 motor yacht' }).first().click();
  const oneBoat = page.getByRole('dialog', { name: 'Book this boat' });
  await expect(oneBoat.getByRole('heading', { name: 'Sea Breeze 40 motor yacht' })).toBeVisible();
  await expect(oneBoat.getByRole('button', { name: 'Charter' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(oneBoat).toBeVisible();
});
