import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { hevcHeic } from '../../helpers/hevc-heic';
import { startS3Fake } from '../../helpers/s3-fake';
import { buildTestApp, type TestApp } from '../../helpers/test-app';

/** A 1600×1200 JPEG with some detail, as a camera would send. */
const cameraPhoto = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="800" height="600"><circle cx="400" cy="300" r="250" fill="#fc0"/></svg>',
        ),
        top: 100,
        left: 100,
      },
    ])
    .jpeg()
    .toBuffer();

function upload(
  t: TestApp,
  headers: Record<string, string>,
  file: Buffer,
  filename = 'boat.jpg',
  type = 'image/jpeg',
) {
  const form = new FormData();
  form.append('photo', new Blob([file], { type }), filename);
  return t.app.inject({ method: 'POST', url: '/api/admin/photos', headers, payload: form });
}

async function served(t: TestApp, url: string) {
  const res = await t.app.inject({ url });
  return { res, meta: res.statusCode === 200 ? await sharp(res.rawPayload).metadata() : undefined };
}

describe('boat photo upload (disk)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'uploads-'));
  const t = await buildTestApp({ env: { UPLOADS_DIR: dir, UPLOAD_MAX_MB: '1' } });
  const admin = bearer(await tokenFor(t, 'admin'));

  it('resizes a camera photo to AVIF and WebP at 480 and 960 px (4:3) and serves them', async () => {
    const res = await upload(t, admin, await cameraPhoto());
    expect(res.statusCode).toBe(200);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(/^\/media\/uploads\/[0-9a-f-]{36}-960\.webp$/);

    const large = await served(t, url);
    expect(large.res.headers['content-type']).toBe('image/webp');
    expect(large.res.headers['cache-control']).toContain('immutable');
    expect(large.meta).toMatchObject({ format: 'webp', width: 960, height: 720 });
    const small = await served(t, url.replace('-960.webp', '-480.avif'));
    expect(small.res.headers['content-type']).toBe('image/avif');
    expect(small.meta).toMatchObject({ format: 'heif', width: 480, height: 360 });
  });

  it('refuses a text file renamed .jpg with a 400 naming the photo field, and stores nothing', async () => {
    const res = await upload(t, admin, Buffer.from('this is not a picture at all, just text'), 'boat.jpg');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'photo_not_image', fields: [{ path: 'photo' }] });
  });

  it('refuses a file above the size limit with 413, saying the limit', async () => {
    const big = Buffer.concat([await cameraPhoto(), Buffer.alloc(1.2 * 1024 * 1024)]);
    const res = await upload(t, admin, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      error: 'photo_too_large',
      fields: [{ path: 'photo' }],
      details: { maxMb: 1 },
    });
  });

  it("refuses an iPhone's HEIC (HEVC) by name, not as 'not a photo'; an AVIF, also HEIF, goes in", async () => {
    // sharp's prebuilt libvips decodes HEIF with AV1 only: HEVC needs libde265, not shipped.
    const heic = await upload(t, admin, await hevcHeic(), 'IMG_0412.HEIC', 'image/heic');
    expect(heic.statusCode).toBe(400);
    expect(heic.json()).toMatchObject({ error: 'photo_heic_unsupported', fields: [{ path: 'photo' }] });

    const avif = await sharp(await cameraPhoto())
      .avif()
      .toBuffer();
    const accepted = await upload(t, admin, avif, 'boat.avif', 'image/avif');
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('refuses a request without the photo field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/photos',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers a malformed multipart body with 400 naming the photo field, never 500 (issue 23.6)', async () => {
    const photo = await cameraPhoto();
    const part = (boundary: string) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="boat.jpg"\r\n` +
            'Content-Type: image/jpeg\r\n\r\n',
        ),
        photo,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    const send = (contentType: string, payload: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/photos',
        headers: { ...admin, 'content-type': contentType },
        payload,
      });
    const whole = part('x-boundary-1');
    const attempts = {
      'no boundary': await send('multipart/form-data', whole),
      'an empty boundary': await send('multipart/form-data; boundary=', whole),
      'a boundary the body does not use': await send('multipart/form-data; boundary=other-boundary', whole),
      'a truncated body': await send('multipart/form-data; boundary=x-boundary-1', whole.subarray(0, 4000)),
      'only the part headers': await send(
        'multipart/form-data; boundary=x-boundary-1',
        whole.subarray(0, 120),
      ),
      'a part header without its end': await send(
        'multipart/form-data; boundary=x-boundary-1',
        Buffer.from('--x-boundary-1\r\nContent-Disposition: form-data; name="photo"'),
      ),
    };
    for (const [what, res] of Object.entries(attempts)) {
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json().fields, what).toEqual([{ path: 'photo', message: expect.any(String) }]);
    }
    expect(attempts['no boundary'].json().message).toMatch(/multipart\/form-data/);
    // The same body with its boundary goes in.
    expect((await send('multipart/form-data; boundary=x-boundary-1', whole)).statusCode).toBe(200);
  });

  it('answers 401 without a token and 403 for a customer', async () => {
    const photo = await cameraPhoto();
    expect((await upload(t, {}, photo)).statusCode).toBe(401);
    expect((await upload(t, bearer(await tokenFor(t, 'user')), photo)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown or malformed photo name', async () => {
    expect(
      (await t.app.inject({ url: '/media/uploads/00000000-0000-0000-0000-000000000000-960.webp' }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/media/uploads/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });
});

describe('boat photo upload (S3-compatible storage)', async () => {
  const s3 = await startS3Fake();
  afterAll(() => s3.close());
  const t = await buildTestApp({
    env: {
      S3_BUCKET: 'photos',
      S3_ENDPOINT: s3.url,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'test-key',
      S3_SECRET_ACCESS_KEY: 'test-secret',
    },
  });
  const admin = bearer(await tokenFor(t, 'admin'));

  it('puts the four variants in the bucket and serves them from there', async () => {
    const res = await upload(t, admin, await cameraPhoto(), 'IMG_0001.JPG');
    expect(res.statusCode).toBe(200);
    const { url } = res.json() as { url: string };
    const id = /([0-9a-f-]{36})-960\.webp$/.exec(url)![1];
    expect([...s3.objects.keys()].sort()).toEqual([
      `photos/boats/${id}-480.avif`,
      `photos/boats/${id}-480.webp`,
      `photos/boats/${id}-960.avif`,
      `photos/boats/${id}-960.webp`,
    ]);
    expect(s3.objects.get(`photos/boats/${id}-960.avif`)?.contentType).toBe('image/avif');
    const { meta } = await served(t, url);
    expect(meta).toMatchObject({ format: 'webp', width: 960 });
    expect(
      (await t.app.inject({ url: url.replace(id!, '00000000-0000-0000-0000-000000000000') })).statusCode,
    ).toBe(404);
  });
});
