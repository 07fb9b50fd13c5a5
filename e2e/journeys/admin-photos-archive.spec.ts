// Photos and archiving: the admin makes a boat with a photo uploaded from a file, the public
// fleet card shows it as AVIF/WebP in the site's sizes; archiving, once confirmed, takes the boat
// off the site.
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import sharp from 'sharp';

const ADMIN = { email: 'admin@adboatrental.example', password: 'boats-demo-2026' };

async function signIn(page: Page, path: string) {
  await page.goto(path);
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email').fill(ADMIN.email);
  await dialog.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();
}

/** A phone-sized JPEG: 1600×1200 with a shape, so resizing has something to keep. */
const photoFile = async () => ({
  name: 'IMG_2041.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#1d6fa5' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="900" height="600"><circle cx="450" cy="300" r="260" fill="#f5c04a"/></svg>',
        ),
        top: 300,
        left: 350,
      },
    ])
    .jpeg()
    .toBuffer(),
});

test('a photo uploaded from a file shows on the public card as AVIF/WebP; archiving hides the boat', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const title = `Photo Cat ${Date.now().toString(36)}`;
  await signIn(page, '/admin/boats/new');
  await page.getByLabel('Title (English)').fill(title);
  await page.getByLabel('Choose photos').setInputFiles(await photoFile());
  const photos = page.getByRole('list', { name: "Photos, the first one on the boat's card" });
  await expect(photos.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  await page.goto('/');
  const card = page.getByRole('article', { name: title });
  await card.scrollIntoViewIfNeeded();
  const avif = card.locator('source[type="image/avif"]');
  await expect(avif).toHaveAttribute(
    'srcset',
    /\/media\/uploads\/[0-9a-f-]{36}-480\.avif 480w, .*-960\.avif 960w/,
  );
  await expect(card.locator('source[type="image/webp"]')).toHaveAttribute('srcset', /-480\.webp 480w/);
  await expect
    .poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const srcset = (await avif.getAttribute('srcset'))!;
  const file = await request.get(srcset.split(' ')[0]!);
  expect(file.headers()['content-type']).toBe('image/avif');

  await page.goto('/admin/boats');
  const row = page.getByRole('listitem').filter({ hasText: title });
  // Archiving asks first: No keeps the boat, Yes archives it.
  page.once('dialog', (dialog) => void dialog.dismiss());
  await row.getByRole('button', { name: 'Archive' }).click();
  await expect(row).toHaveCount(1);
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(`Archive ${title}? It disappears from the public site; its bookings stay.`);
    void dialog.accept();
  });
  await row.getByRole('button', { name: 'Archive' }).click();
  await expect(row).toHaveCount(0);
  // Among the archived boats its card says Archived, and no longer Live, with Restore.
  await page.getByLabel('Show archived boats').check();
  await expect(row).toContainText('Archived');
  await expect(row).not.toContainText('Live');
  await expect(row.getByRole('button', { name: `Restore: ${title}` })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);
});
