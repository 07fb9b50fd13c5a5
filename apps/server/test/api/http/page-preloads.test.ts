// The booking pages' HTML names what their largest paint needs, so the browser fetches it beside
// the JavaScript: the fleet and the first photo the page shows, in the sources the page draws.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { boats } from '../../../src/db/schema';
import { buildTestApp } from '../../helpers/test-app';
import { createBoat } from '../../helpers/checkout-fixtures';

const INDEX = '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>';

describe('preloads in the booking pages', async () => {
  const dist = await mkdtemp(join(tmpdir(), 'boats-dist-'));
  await writeFile(join(dist, 'index.html'), INDEX);
  afterAll(() => rm(dist, { recursive: true, force: true }));
  const t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
  const first = await createBoat(t.ctx.db, { sortOrder: 1, images: ['/media/boats/first-1-960.webp'] });
  const second = await createBoat(t.ctx.db, { sortOrder: 2, images: ['/media/boats/second-1-960.webp'] });
  const page = async (path: string) =>
    (await t.app.inject({ url: path, headers: { accept: 'text/html' } })).body;

  it('/booking preloads the fleet and the picker photo of the first boat', async () => {
    const html = await page('/booking');
    expect(html).toContain('<link rel="preload" href="/api/boats" as="fetch" crossorigin="use-credentials">');
    expect(html).toContain(
      'imagesrcset="/media/boats/first-1-480.avif 480w, /media/boats/first-1-960.avif 960w" imagesizes="(max-width: 575.98px) 100vw, 300px"',
    );
    expect(html).not.toContain('second-1');
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('</head>'));
  });

  it("/booking/{boatId} preloads that boat's gallery photo", async () => {
    const html = await page(`/booking/${second.id}`);
    expect(html).toContain(
      'imagesrcset="/media/boats/second-1-480.avif 480w, /media/boats/second-1-960.avif 960w"',
    );
    expect(html).not.toContain('href="/api/boats"');
  });

  it('follows the fleet: a new first photo is preloaded on the next page view', async () => {
    await t.ctx.db
      .update(boats)
      .set({ images: ['/media/boats/renewed-1-960.webp'] })
      .where(eq(boats.id, first.id));
    expect(await page('/booking')).toContain('/media/boats/renewed-1-480.avif');
  });

  it('leaves other pages as built', async () => {
    expect(await page('/admin/boats')).toBe(INDEX);
  });
});
