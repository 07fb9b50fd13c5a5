// The boat's condition out and back (decision 39): crew record the owner's checklist at departure
// and return with photos, the customer signs; a record made without signal arrives later with
// the phone's time and is taken once; the return needs the departure; the customer reads both.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { BookingCondition } from '@boats/domain/schemas/condition';
import type { ManifestResponse } from '@boats/domain/schemas/trips';
import { auditLog, bookingHistory } from '../../../src/db/schema';
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
const SIGNATURE = 'M10 50 L20 40 L30 60 L40 40 L50 60 L60 45';

const scratchPhoto = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 250, g: 250, b: 250 } } })
    .jpeg()
    .toBuffer();

describe("the boat's condition out and back", async () => {
  const dir = await mkdtemp(join(tmpdir(), 'condition-'));
  const t: TestApp = await buildTestApp({ env: { UPLOADS_DIR: dir }, now: NOW });
  const db = t.ctx.db;
  const checklist = [
    { key: 'fuel', kind: 'level' as const },
    { key: 'engine_hours', kind: 'number' as const },
    { key: 'paddle_board', kind: 'present' as const, label: 'Paddle board' },
    { key: 'marks', kind: 'note' as const },
  ];
  const boat = await createBoat(db, { requiresLicense: true, licence: 'pnb', conditionChecklist: checklist });
  const run = await createPrivateRun(db, boat.id, DAY, 4);
  let address = 0;
  const sell = async (slot: number) => {
    const body = charterRequest(boat, run[slot]!, 1, {
      customer: { name: 'Ana', email: 'ana@example.com', phone: '+34600000000' },
      lang: 'de',
    });
    const confirmed = { ...body, booking: { ...body.booking, licenceConfirmed: true } };
    return (await buyAndConfirm(t.app, confirmed, `10.0.8.${++address}`)).bookingId;
  };
  const crew = bearer(await tokenFor(t, 'crew'));
  const otherCrew = bearer(await tokenFor(t, 'crew', { ownerId: await newOwner(t) }));
  const record = (id: string, phase: string, body: object, headers = crew) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/crew/bookings/${id}/self-drive/condition/${phase}`,
      headers,
      payload: body,
    });
  const upload = async (id: string) => {
    const form = new FormData();
    form.append('photo', new Blob([await scratchPhoto()], { type: 'image/jpeg' }), 'scratch.jpg');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/crew/bookings/${id}/self-drive/photos`,
      headers: crew,
      payload: form,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ photo: string }>().photo;
  };
  const departure = (photos: string[], recordedAt = new Date(NOW.getTime() - 20 * 60_000)) => ({
    values: { fuel: 4, engine_hours: 310.5, paddle_board: true, marks: 'Scratch on the bow' },
    photos,
    signature: SIGNATURE,
    signedBy: 'Ana García',
    recordedAt: recordedAt.toISOString(),
  });

  it('records the departure made without signal an hour ago, once however often the phone sends it, and shows it on the manifest', async () => {
    const id = await sell(0);
    const photo = await upload(id);
    const made = new Date(NOW.getTime() - HOUR);
    const first = await record(id, 'departure', departure([photo], made));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<BookingCondition>()).toMatchObject({
      checklist,
      departure: {
        signedBy: 'Ana García',
        recordedAt: made.toISOString(),
        photos: [photo],
        recordedBy: expect.stringMatching(/^crew-/),
      },
      return: null,
    });
    // The answer lost with the signal: the phone sends it again, taken once.
    expect((await record(id, 'departure', departure([photo], made))).statusCode).toBe(200);
    const history = await db
      .select()
      .from(bookingHistory)
      .where(and(eq(bookingHistory.bookingId, id), eq(bookingHistory.code, 'condition_recorded')));
    expect(history).toHaveLength(1);
    // Another record for the same departure is refused: what the customer signed stays.
    const other = await record(id, 'departure', {
      ...departure([photo], made),
      signedBy: 'Someone else',
      signature: `${SIGNATURE} L70 50`,
    });
    expect(other.json()).toMatchObject({ error: 'condition_recorded' });

    const manifest = await t.app.inject({ url: `/api/crew/trips/${run[0]!.id}/manifest`, headers: crew });
    expect(manifest.json<ManifestResponse>().bookings[0]?.condition).toMatchObject({
      checklist,
      departure: { values: { fuel: 4 } },
    });
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, id), eq(auditLog.action, 'booking.condition_record')));
    expect(audit.length).toBeGreaterThanOrEqual(1);
  });

  it('refuses a return before the departure, an answer the checklist does not take, and another owner’s crew', async () => {
    const id = await sell(1);
    const early = await record(id, 'return', departure([]));
    expect(early.json()).toMatchObject({ error: 'departure_missing' });
    const badFuel = await record(id, 'departure', {
      ...departure([]),
      values: { ...departure([]).values, fuel: 7 },
    });
    expect(badFuel.statusCode).toBe(400);
    expect(badFuel.json()).toMatchObject({
      error: 'condition_value',
      fields: [{ path: 'body.values.fuel' }],
    });
    const stray = await record(id, 'departure', {
      ...departure([]),
      values: { ...departure([]).values, jet_ski: true },
    });
    expect(stray.json()).toMatchObject({
      error: 'condition_value',
      fields: [{ path: 'body.values.jet_ski' }],
    });
    const unsigned = await record(id, 'departure', { ...departure([]), signature: 'M10 10' });
    expect(unsigned.statusCode).toBe(400);
    const tooOld = await record(id, 'departure', departure([], new Date(NOW.getTime() - 40 * HOUR)));
    expect(tooOld.json()).toMatchObject({ error: 'condition_too_old' });
    expect((await record(id, 'departure', departure([]), otherCrew)).statusCode).toBe(404);
  });

  it('records the return, and the customer reads both with the photos, never who of the crew', async () => {
    const id = await sell(2);
    await record(id, 'departure', departure([]));
    const dent = await upload(id);
    const back = await record(id, 'return', {
      ...departure([dent], NOW),
      values: {
        fuel: 1,
        engine_hours: 313,
        paddle_board: false,
        marks: 'Scratch on the bow; dent on the stern',
      },
    });
    expect(back.statusCode, back.body).toBe(200);
    const token = await customerToken(t.ctx, id);
    const view = await t.app.inject({
      url: `/api/bookings/${id}/self-drive/condition?token=${encodeURIComponent(token)}`,
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json<BookingCondition>()).toMatchObject({
      departure: { values: { fuel: 4, paddle_board: true }, recordedBy: null },
      return: { values: { fuel: 1, paddle_board: false }, photos: [dent], recordedBy: null },
    });
    const photo = await t.app.inject({
      url: `/api/bookings/${id}/self-drive/photos/${dent}-960.webp?token=${encodeURIComponent(token)}`,
    });
    expect(photo.statusCode).toBe(200);
  });

  it('asks nothing of a boat with its skipper', async () => {
    const crewed = await createBoat(db);
    const [slot] = await createPrivateRun(db, crewed.id, new Date(DAY.getTime() + 6 * HOUR), 1);
    const { bookingId } = await buyAndConfirm(
      t.app,
      charterRequest(crewed, slot!, 1, { customer: { name: 'Bo', email: 'bo@example.com' }, lang: 'en' }),
      '10.0.8.200',
    );
    expect((await record(bookingId, 'departure', departure([]))).json()).toMatchObject({
      error: 'condition_not_required',
    });
  });
});
