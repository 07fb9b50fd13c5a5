// The skipper's licence of a self-drive booking (decision 39): the customer records it on manage
// my booking (a private photo), crew see it on the manifest and confirm it against the document
// or refuse the departure, which cancels the booking with nothing refunded.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { BookingLicence } from '@boats/domain/schemas/self-drive';
import type { ManifestResponse } from '@boats/domain/schemas/trips';
import { auditLog, bookingHistory, bookings, refunds, skipperLicences } from '../../../src/db/schema';
import { blankBookings } from '../../../src/modules/erasure/anonymise';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buildTestApp, type TestApp } from '../../helpers/test-app';
import { customerToken } from '../../helpers/manage-token';
import {
  buyAndConfirm,
  charterRequest,
  createBoat,
  createPrivateRun,
  HOUR,
} from '../../helpers/checkout-fixtures';

const NOW = new Date('2027-06-10T06:00:00Z'); // 07:00 in the Canaries, the trips' day
const DAY = new Date('2027-06-10T09:00:00Z');

/** A phone's photo of a licence card: wider than 4:3, so a crop would lose its edges. */
const licenceCard = () =>
  sharp({ create: { width: 1712, height: 1080, channels: 3, background: { r: 230, g: 230, b: 240 } } })
    .jpeg()
    .toBuffer();

function photoForm(file: Buffer) {
  const form = new FormData();
  form.append('photo', new Blob([file], { type: 'image/jpeg' }), 'licence.jpg');
  return form;
}

const licence = (photo: string, licenceType = 'py') => ({
  skipperName: 'Ana García',
  licenceType,
  licenceNumber: 'PY-123456',
  issuingCountry: 'es',
  photo,
});

describe("the skipper's licence, recorded and checked", async () => {
  const dir = await mkdtemp(join(tmpdir(), 'evidence-'));
  const t: TestApp = await buildTestApp({ env: { UPLOADS_DIR: dir }, now: NOW });
  const db = t.ctx.db;
  const boat = await createBoat(db, { requiresLicense: true, licence: 'per', foreignLicenceAccepted: false });
  const run = await createPrivateRun(db, boat.id, DAY, 6);
  let address = 0;
  const sell = async (slot: number) => {
    const body = charterRequest(boat, run[slot]!, 1, {
      customer: { name: 'Ana', email: 'ana@example.com', phone: '+34600000000' },
      lang: 'es',
    });
    const confirmed = { ...body, booking: { ...body.booking, licenceConfirmed: true } };
    return (await buyAndConfirm(t.app, confirmed, `10.0.9.${++address}`)).bookingId;
  };
  const crew = bearer(await tokenFor(t, 'crew'));
  const otherCrew = bearer(await tokenFor(t, 'crew', { ownerId: await newOwner(t) }));

  const customerUpload = (id: string, token: string) =>
    licenceCard().then((file) =>
      t.app.inject({
        method: 'POST',
        url: `/api/bookings/${id}/self-drive/photos?token=${encodeURIComponent(token)}`,
        payload: photoForm(file),
      }),
    );
  const manifestOf = async (bookingId: string, slot = 0) =>
    (await t.app.inject({ url: `/api/crew/trips/${run[slot]!.id}/manifest`, headers: crew }))
      .json<ManifestResponse>()
      .bookings.find((b) => b.bookingId === bookingId);

  it('the customer records it with a photo nobody else sees; a licence below the boat’s is refused', async () => {
    const id = await sell(0);
    const token = await customerToken(t.ctx, id);
    const url = `/api/bookings/${id}/self-drive/licence`;
    const before = await t.app.inject({ url: `${url}?token=${encodeURIComponent(token)}` });
    expect(before.json()).toEqual({ required: 'per', foreignAccepted: false, editable: true, licence: null });

    const uploaded = await customerUpload(id, token);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { photo } = uploaded.json<{ photo: string }>();
    expect(photo).toMatch(/^evidence-[0-9a-f-]{36}$/);

    for (const type of ['pnb', 'foreign']) {
      const low = await t.app.inject({ method: 'PUT', url, payload: { token, ...licence(photo, type) } });
      expect(low.statusCode).toBe(400);
      expect(low.json()).toMatchObject({
        error: 'licence_not_enough',
        fields: [{ path: 'body.licenceType' }],
      });
    }
    const unknownPhoto = await t.app.inject({
      method: 'PUT',
      url,
      payload: { token, ...licence('evidence-00000000-0000-4000-8000-000000000000') },
    });
    expect(unknownPhoto.json()).toMatchObject({ error: 'photo_missing' });

    const saved = await t.app.inject({ method: 'PUT', url, payload: { token, ...licence(photo) } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<BookingLicence>()).toMatchObject({
      editable: true,
      licence: {
        skipperName: 'Ana García',
        licenceType: 'py',
        issuingCountry: 'ES',
        status: 'recorded',
        recordedBy: 'customer',
        photo,
      },
    });

    // The photo, whole (scaled into 960×720, not cropped), to the booking's customer only.
    const file = `/api/bookings/${id}/self-drive/photos/${photo}-960.webp`;
    const mine = await t.app.inject({ url: `${file}?token=${encodeURIComponent(token)}` });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(await sharp(mine.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 960,
      height: 606,
    });
    expect((await t.app.inject({ url: `/media/uploads/${photo}-960.webp` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: file })).statusCode).toBe(400);
    const otherBooking = await sell(2);
    const otherToken = await customerToken(t.ctx, otherBooking);
    const foreign = await t.app.inject({
      url: `/api/bookings/${otherBooking}/self-drive/photos/${photo}-960.webp?token=${encodeURIComponent(otherToken)}`,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.app.inject({ url: `${file}?token=${encodeURIComponent(otherToken)}` })).statusCode).toBe(
      403,
    );

    // Crew see it on the manifest, with its photo; another owner's crew see nothing of it.
    expect(await manifestOf(id)).toMatchObject({
      licenceToCheck: true,
      skipperLicence: { licenceNumber: 'PY-123456', status: 'recorded' },
    });
    const crewPhoto = await t.app.inject({
      url: `/api/crew/bookings/${id}/self-drive/photos/${photo}-480.avif`,
      headers: crew,
    });
    expect(crewPhoto.statusCode).toBe(200);
    expect(crewPhoto.headers['content-type']).toBe('image/avif');
    expect(
      (await t.app.inject({ url: `/api/crew/bookings/${id}/self-drive/licence`, headers: otherCrew }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          url: `/api/crew/bookings/${id}/self-drive/photos/${photo}-480.avif`,
          headers: otherCrew,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('crew confirm it against the document: the manifest no longer asks, the customer can no longer change it, all of it recorded', async () => {
    const id = await sell(4);
    const token = await customerToken(t.ctx, id);
    const { photo } = (await customerUpload(id, token)).json<{ photo: string }>();
    await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${id}/self-drive/licence`,
      payload: { token, ...licence(photo, 'per') },
    });
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/crew/bookings/${id}/self-drive/licence/confirm`,
      headers: crew,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<BookingLicence>()).toMatchObject({
      editable: false,
      licence: {
        status: 'confirmed',
        checkedBy: expect.stringMatching(/^crew-/),
        checkedAt: NOW.toISOString(),
      },
    });
    expect(await manifestOf(id, 4)).toMatchObject({
      licenceToCheck: false,
      skipperLicence: { status: 'confirmed' },
    });

    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${id}/self-drive/licence`,
      payload: { token, ...licence(photo, 'py') },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'licence_closed' });
    const customerView = await t.app.inject({
      url: `/api/bookings/${id}/self-drive/licence?token=${encodeURIComponent(token)}`,
    });
    // The customer sees that it was checked, never which staff member did.
    expect(customerView.json<BookingLicence>().licence).toMatchObject({
      status: 'confirmed',
      checkedBy: null,
    });

    const history = await db.select().from(bookingHistory).where(eq(bookingHistory.bookingId, id));
    expect(history.map((h) => h.code)).toEqual(
      expect.arrayContaining(['licence_recorded', 'licence_confirmed']),
    );
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, id), eq(auditLog.action, 'booking.licence_confirm')));
    expect(audit).toHaveLength(1);
  });

  it('crew refuse the departure of a skipper without a licence: the booking is canceled, nothing refunded, the reason kept', async () => {
    const id = await sell(1);
    const token = await customerToken(t.ctx, id);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/crew/bookings/${id}/self-drive/licence/refuse`,
      headers: crew,
      payload: { reason: 'The skipper has no licence with him' },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json<BookingLicence>()).toMatchObject({
      editable: false,
      licence: {
        status: 'refused',
        refusalReason: 'The skipper has no licence with him',
        recordedBy: 'crew',
      },
    });
    const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ status: 'canceled', cancelReason: 'licence_refused' });
    expect(await db.select().from(refunds).where(eq(refunds.bookingId, id))).toEqual([]);
    const [entry] = await db
      .select()
      .from(bookingHistory)
      .where(and(eq(bookingHistory.bookingId, id), eq(bookingHistory.code, 'licence_refused')));
    expect(entry).toMatchObject({ toStatus: 'canceled', reason: 'The skipper has no licence with him' });

    const customerView = await t.app.inject({
      url: `/api/bookings/${id}/self-drive/licence?token=${encodeURIComponent(token)}`,
    });
    expect(customerView.json<BookingLicence>().licence).toMatchObject({
      status: 'refused',
      refusalReason: 'The skipper has no licence with him',
    });
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/crew/bookings/${id}/self-drive/licence/refuse`,
      headers: crew,
      payload: { reason: 'Again and again' },
    });
    expect(twice.statusCode).toBe(409);
  });

  it('crew record it at the harbour with their own photo; a confirm with nothing recorded is refused', async () => {
    const id = await sell(3);
    const early = await t.app.inject({
      method: 'POST',
      url: `/api/crew/bookings/${id}/self-drive/licence/confirm`,
      headers: crew,
    });
    expect(early.json()).toMatchObject({ error: 'licence_not_recorded' });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/crew/bookings/${id}/self-drive/photos`,
      headers: crew,
      payload: photoForm(await licenceCard()),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { photo } = uploaded.json<{ photo: string }>();
    const recorded = await t.app.inject({
      method: 'PUT',
      url: `/api/crew/bookings/${id}/self-drive/licence`,
      headers: crew,
      payload: licence(photo, 'per'),
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json<BookingLicence>().licence).toMatchObject({ recordedBy: 'crew', status: 'recorded' });
  });

  it("forgets the skipper and their licence with the customer's other data (retention, erasure)", async () => {
    const id = await sell(5);
    const token = await customerToken(t.ctx, id);
    const { photo } = (await customerUpload(id, token)).json<{ photo: string }>();
    await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${id}/self-drive/licence`,
      payload: { token, ...licence(photo) },
    });
    await db.transaction((tx) => blankBookings(tx, [id]));
    const [row] = await db.select().from(skipperLicences).where(eq(skipperLicences.bookingId, id));
    expect(row).toMatchObject({
      skipperName: '',
      licenceNumber: '',
      issuingCountry: '',
      photo: null,
      status: 'recorded',
    });
    const file = await t.app.inject({
      url: `/api/crew/bookings/${id}/self-drive/photos/${photo}-960.webp`,
      headers: crew,
    });
    expect(file.statusCode).toBe(404);
  });

  it('a boat with its skipper asks for none', async () => {
    const crewed = await createBoat(db);
    const [slot] = await createPrivateRun(db, crewed.id, new Date(DAY.getTime() + 8 * HOUR), 2);
    const { bookingId } = await buyAndConfirm(
      t.app,
      charterRequest(crewed, slot!, 2, { customer: { name: 'Bo', email: 'bo@example.com' }, lang: 'en' }),
      '10.0.9.200',
    );
    const token = await customerToken(t.ctx, bookingId);
    const view = await t.app.inject({
      url: `/api/bookings/${bookingId}/self-drive/licence?token=${encodeURIComponent(token)}`,
    });
    expect(view.json()).toMatchObject({ required: null, editable: false, licence: null });
    const { photo } = (await customerUpload(bookingId, token)).json<{ photo: string }>();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${bookingId}/self-drive/licence`,
      payload: { token, ...licence(photo) },
    });
    expect(put.statusCode).toBe(409);
    expect(put.json()).toMatchObject({ error: 'licence_not_required' });
  });
});
