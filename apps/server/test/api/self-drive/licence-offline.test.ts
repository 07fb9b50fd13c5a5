// The skipper's licence recorded and confirmed by crew without signal (decision 39, "Without
// signal, as check-in"): the phone sends it later with the time crew did it, taken up to
// OFFLINE_CHECKIN_MAX_AGE_HOURS late and once however often it comes; what changed on the server
// meanwhile (the customer's licence, a refusal, a cancellation) is a 409 the phone shows.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { OFFLINE_CHECKIN_MAX_AGE_HOURS } from '@boats/domain/checkin-verdict';
import type { BookingLicence } from '@boats/domain/schemas/self-drive';
import type { ManifestResponse } from '@boats/domain/schemas/trips';
import { auditLog, bookingHistory, bookings } from '../../../src/db/schema';
import { bearer, tokenFor } from '../../helpers/admin-token';
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
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

describe("the skipper's licence recorded by crew without signal", async () => {
  const dir = await mkdtemp(join(tmpdir(), 'licence-offline-'));
  const t: TestApp = await buildTestApp({ env: { UPLOADS_DIR: dir }, now: NOW });
  const db = t.ctx.db;
  const boat = await createBoat(db, { requiresLicense: true, licence: 'pnb', foreignLicenceAccepted: true });
  const run = await createPrivateRun(db, boat.id, DAY, 5);
  let address = 0;
  const sell = async (slot: number) => {
    const body = charterRequest(boat, run[slot]!, 1, {
      customer: { name: 'Ana', email: 'ana@example.com', phone: '+34600000000' },
      lang: 'it',
    });
    const confirmed = { ...body, booking: { ...body.booking, licenceConfirmed: true } };
    return (await buyAndConfirm(t.app, confirmed, `10.0.7.${++address}`)).bookingId;
  };
  const crew = bearer(await tokenFor(t, 'crew'));
  const upload = async (url: string, headers: Record<string, string> = crew) => {
    const form = new FormData();
    const card = await sharp({
      create: { width: 1712, height: 1080, channels: 3, background: { r: 230, g: 230, b: 240 } },
    })
      .jpeg()
      .toBuffer();
    form.append('photo', new Blob([card], { type: 'image/jpeg' }), 'licence.jpg');
    const res = await t.app.inject({ method: 'POST', url, headers, payload: form });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ photo: string }>().photo;
  };
  const licence = (photo: string, recordedAt?: string) => ({
    skipperName: 'Luca Bianchi',
    licenceType: 'foreign',
    licenceNumber: 'IT-778899',
    issuingCountry: 'it',
    photo,
    ...(recordedAt ? { recordedAt } : {}),
  });
  const record = (id: string, body: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/crew/bookings/${id}/self-drive/licence`,
      headers: crew,
      payload: body,
    });
  const confirm = (id: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/crew/bookings/${id}/self-drive/licence/confirm`,
      headers: crew,
      payload: body,
    });
  const historyOf = (id: string) => db.select().from(bookingHistory).where(eq(bookingHistory.bookingId, id));

  it('takes a licence recorded and confirmed two hours ago, once however often the phone sends it, at the time crew did it', async () => {
    const id = await sell(0);
    const photo = await upload(`/api/crew/bookings/${id}/self-drive/photos`);
    const recordedAt = ago(2 * HOUR);
    const checkedAt = ago(2 * HOUR - 60_000);
    for (let send = 0; send < 2; send += 1) {
      const recorded = await record(id, licence(photo, recordedAt));
      expect(recorded.statusCode, recorded.body).toBe(200);
      const confirmed = await confirm(id, { checkedAt, licenceRecordedAt: recordedAt });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json<BookingLicence>().licence).toMatchObject({
        skipperName: 'Luca Bianchi',
        issuingCountry: 'IT',
        recordedBy: 'crew',
        recordedAt,
        status: 'confirmed',
        checkedAt,
        photo,
      });
    }
    const history = (await historyOf(id)).filter((h) => h.code.startsWith('licence_'));
    expect(history.map((h) => [h.code, h.at.toISOString()])).toEqual([
      ['licence_recorded', recordedAt],
      ['licence_confirmed', checkedAt],
    ]);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, id), eq(auditLog.action, 'booking.licence_confirm')));
    expect(audit?.changes).toEqual({ checkedAt: { before: null, after: checkedAt } });
    const [recordAudit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, id), eq(auditLog.action, 'booking.licence_record')));
    expect(recordAudit?.changes).toEqual({ recordedAt: { before: null, after: recordedAt } });
  });

  it(`refuses a licence older than ${OFFLINE_CHECKIN_MAX_AGE_HOURS} hours or dated ahead, naming the field`, async () => {
    const id = await sell(1);
    const photo = await upload(`/api/crew/bookings/${id}/self-drive/photos`);
    const within = ago(OFFLINE_CHECKIN_MAX_AGE_HOURS * HOUR - 60_000);
    for (const recordedAt of [ago(OFFLINE_CHECKIN_MAX_AGE_HOURS * HOUR + 60_000), ago(-HOUR)]) {
      const late = await record(id, licence(photo, recordedAt));
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ error: 'licence_too_old', fields: [{ path: 'body.recordedAt' }] });
    }
    expect((await record(id, licence(photo, within))).statusCode).toBe(200);
    const late = await confirm(id, { checkedAt: ago(OFFLINE_CHECKIN_MAX_AGE_HOURS * HOUR + 60_000) });
    expect(late.json()).toMatchObject({ error: 'licence_too_old', fields: [{ path: 'body.checkedAt' }] });
  });

  it('answers 409 when the customer recorded another licence meanwhile, or crew refused the departure', async () => {
    const id = await sell(2);
    const token = await customerToken(t.ctx, id);
    const crewPhoto = await upload(`/api/crew/bookings/${id}/self-drive/photos`);
    const customerPhoto = await upload(
      `/api/bookings/${id}/self-drive/photos?token=${encodeURIComponent(token)}`,
      {},
    );
    // The customer types theirs after crew recorded one on the phone without signal.
    const customer = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${id}/self-drive/licence`,
      payload: { token, ...licence(customerPhoto), licenceNumber: 'IT-000111' },
    });
    expect(customer.statusCode, customer.body).toBe(200);
    const late = await record(id, licence(crewPhoto, ago(HOUR)));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'licence_changed' });
    // A confirmation held against the licence the phone had saved, not the customer's new one.
    const stale = await confirm(id, { checkedAt: ago(HOUR), licenceRecordedAt: ago(3 * HOUR) });
    expect(stale.json()).toMatchObject({ error: 'licence_changed' });
    const held = await t.app.inject({ url: `/api/crew/bookings/${id}/self-drive/licence`, headers: crew });
    expect(held.json<BookingLicence>().licence).toMatchObject({
      licenceNumber: 'IT-000111',
      recordedBy: 'customer',
      status: 'recorded',
    });

    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/crew/bookings/${id}/self-drive/licence/refuse`,
      headers: crew,
      payload: { reason: 'Not the skipper on the licence' },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    const afterRefusal = await record(id, licence(crewPhoto, new Date(NOW.getTime() - 60_000).toISOString()));
    expect(afterRefusal.statusCode).toBe(409);
    expect(afterRefusal.json()).toMatchObject({ error: 'licence_closed', details: { status: 'refused' } });
  });

  it('answers 409 for a booking canceled meanwhile, and the phone can still read what the server holds', async () => {
    const id = await sell(4);
    const photo = await upload(`/api/crew/bookings/${id}/self-drive/photos`);
    await db.update(bookings).set({ status: 'canceled' }).where(eq(bookings.id, id));
    const late = await record(id, licence(photo, ago(HOUR)));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'licence_closed', details: { status: 'canceled' } });
    const held = await t.app.inject({ url: `/api/crew/bookings/${id}/self-drive/licence`, headers: crew });
    expect(held.json<BookingLicence>()).toMatchObject({ editable: false, licence: null });
  });

  it('the manifest carries what the boat accepts, for the form on a phone without signal', async () => {
    const manifest = await t.app.inject({ url: `/api/crew/trips/${run[0]!.id}/manifest`, headers: crew });
    expect(manifest.json<ManifestResponse>().bookings[0]?.licenceTerms).toEqual({
      required: 'pnb',
      foreignAccepted: true,
    });
  });

  it('still confirms with signal and no body, at the server’s time', async () => {
    const id = await sell(3);
    const photo = await upload(`/api/crew/bookings/${id}/self-drive/photos`);
    expect((await record(id, licence(photo))).statusCode).toBe(200);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/crew/bookings/${id}/self-drive/licence/confirm`,
      headers: crew,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<BookingLicence>().licence).toMatchObject({
      recordedAt: NOW.toISOString(),
      checkedAt: NOW.toISOString(),
    });
  });
});
