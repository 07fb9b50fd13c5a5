import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { boats, tickets } from '../../../src/db/schema';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import { createBoat, createPrivateRun, createSlot, HOUR } from '../../helpers/checkout-fixtures';
import { buyCharter, buySeats } from '../../helpers/operator-fixtures';

// 07:00 in the Canaries (summer time); the trips leave at 10:00 and 14:00 local time.
const NOW = new Date('2027-06-10T06:00:00Z');
const TODAY = '2027-06-10';
const MORNING = new Date('2027-06-10T09:00:00Z');

type TripJson = {
  slotId: string;
  boatTitle: string;
  boatTitleI18n: Record<string, string>;
  type: string;
  start: string;
  seatsTotal: number;
  seatsSold: number;
  seatsHeld: number;
  paidSeats: number;
  minSeatsToDepart: number;
  minimumWaived: boolean;
  state: string;
  cutoffAt: string | null;
  atRisk: boolean;
  people: number;
  boarded: number;
};
type CheckinJson = {
  result: string;
  code: string;
  people: number;
  checkedInAt: string | null;
  checkedInBy: string | null;
  booking: { customerName: string };
};

describe("the operator's day: trips, manifests and check-in", async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const admin = bearer(await tokenFor(t, 'admin'));
  const crew = bearer(await tokenFor(t, 'crew'));
  const user = bearer(await tokenFor(t, 'user'));

  const boat = await createBoat(db, {
    title: { en: 'Dolphin Star', es: 'Estrella Delfín', ru: 'Звезда дельфина' },
    capacity: 12,
  });
  const charterBoat = await createBoat(db, { title: { en: 'Blue Charter' }, pricePerHourCents: 20000 });
  const morning = await createSlot(db, boat.id, {
    type: 'shared',
    start: MORNING,
    hours: 3,
    seatsTotal: 10,
    seatPriceCents: 2000,
  });
  const afternoon = await createSlot(db, boat.id, {
    type: 'shared',
    start: new Date(MORNING.getTime() + 4 * HOUR),
    hours: 2,
    seatsTotal: 4,
    seatPriceCents: 2000,
  });
  const tomorrow = await createSlot(db, boat.id, {
    type: 'shared',
    start: new Date(MORNING.getTime() + 24 * HOUR),
    hours: 2,
    seatsTotal: 10,
    seatPriceCents: 2000,
  });
  const run = await createPrivateRun(db, charterBoat.id, MORNING, 3);

  // Morning: a family (2 adults, a child 6–12, a child under 6) and a couple: 5 paid seats of 6.
  const family = await buySeats(
    t,
    boat.id,
    morning,
    { adults: 2, children50: 1, kidsFree: 1 },
    { name: 'Олег Петров', email: 'oleg@example.com', phone: '+34600111222' },
    'ru',
  );
  const couple = await buySeats(
    t,
    boat.id,
    morning,
    { adults: 2 },
    { name: '=Evil, "Quoted"', email: 'couple@example.com', phone: '+34 600 333 444' },
  );
  const fullHouse = await buySeats(
    t,
    boat.id,
    afternoon,
    { adults: 4 },
    {
      name: 'Four Friends',
      email: 'four@example.com',
      phone: '+34600555666',
    },
  );
  const later = await buySeats(
    t,
    boat.id,
    tomorrow,
    { adults: 1 },
    {
      name: 'Tomorrow Person',
      email: 'tomorrow@example.com',
      phone: '+34600777888',
    },
  );
  const charterId = await buyCharter(t, charterBoat, run[0]!, 2, {
    name: 'Charter Party',
    email: 'charter@example.com',
    phone: '+34600999000',
  });

  // The checkout refuses a booking below the minimum on its own; the operator raises it later.
  await db.update(boats).set({ sharedMinSeatsToDepart: 6 }).where(eq(boats.id, boat.id));

  const trips = async (headers = crew, date = TODAY) =>
    t.app.inject({ url: `/api/crew/trips?date=${date}`, headers });
  const scan = (code: string, headers = crew, slotId?: string) =>
    t.app.inject({ method: 'POST', url: '/api/crew/checkin', headers, payload: { code, slotId } });

  it('lists every boat’s trips of the Canary day with sales, minimum and state', async () => {
    const res = await trips();
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<{ items: TripJson[] }>().items;
    const byId = new Map(items.map((i) => [i.slotId, i]));
    expect(items.map((i) => i.slotId)).not.toContain(tomorrow.id);
    expect(byId.get(morning.id)).toMatchObject({
      boatTitle: 'Dolphin Star',
      // The crew reads the boat in their own language.
      boatTitleI18n: { en: 'Dolphin Star', es: 'Estrella Delfín', ru: 'Звезда дельфина' },
      type: 'shared',
      seatsTotal: 10,
      seatsSold: 6,
      seatsHeld: 0,
      paidSeats: 5,
      minSeatsToDepart: 6,
      state: 'below_minimum',
      // Cutoff 12 h before 10:00 local is 22:00 yesterday: already passed, so not "at risk" any more.
      cutoffAt: new Date(MORNING.getTime() - 12 * HOUR).toISOString(),
      atRisk: false,
      people: 6,
      boarded: 0,
    });
    expect(byId.get(afternoon.id)).toMatchObject({ state: 'full', paidSeats: 4, seatsSold: 4 });
    // The charter party (the fixture's default of 2 adults) counts as the trip's people.
    // The two-hour charter is one trip over its real span, not a card per hour.
    expect(byId.get(run[0]!.id)).toMatchObject({
      type: 'private',
      state: 'full',
      people: 2,
      start: MORNING.toISOString(),
      end: new Date(MORNING.getTime() + 2 * HOUR).toISOString(),
    });
    expect(byId.has(run[1]!.id)).toBe(false);
    expect(byId.get(run[2]!.id)).toMatchObject({ type: 'private', state: 'on_track' });
  });

  it('flags a trip below its minimum as at risk before the cutoff, and the admin may waive it', async () => {
    t.setNow(new Date(MORNING.getTime() - 20 * HOUR));
    // Tokens signed at the moved clock (a token from the future is refused).
    const crew = bearer(await tokenFor(t, 'crew'));
    const admin = bearer(await tokenFor(t, 'admin'));
    try {
      const before = (await trips(crew))
        .json<{ items: TripJson[] }>()
        .items.find((i) => i.slotId === morning.id);
      expect(before).toMatchObject({ state: 'below_minimum', atRisk: true });
      expect(
        (
          await t.app.inject({
            method: 'PUT',
            url: `/api/admin/trips/${morning.id}/minimum`,
            headers: crew,
            payload: { waived: true },
          })
        ).statusCode,
      ).toBe(403);
      const waived = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/trips/${morning.id}/minimum`,
        headers: admin,
        payload: { waived: true },
      });
      expect(waived.json()).toMatchObject({ minimumWaived: true, state: 'on_track', atRisk: false });
      await t.app.inject({
        method: 'PUT',
        url: `/api/admin/trips/${morning.id}/minimum`,
        headers: admin,
        payload: { waived: false },
      });
    } finally {
      t.setNow(NOW);
    }
  });

  it('answers a bad date with a 400 naming the field, and strangers with 401/403', async () => {
    const bad = await trips(crew, '2027-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('date');
    expect((await t.app.inject({ url: `/api/crew/trips?date=${TODAY}` })).statusCode).toBe(401);
    expect((await trips(user)).statusCode).toBe(403);
    expect((await trips(admin)).statusCode).toBe(200);
  });

  it('gives the manifest: names, phones, passengers, tickets and boarding', async () => {
    const res = await t.app.inject({ url: `/api/crew/trips/${morning.id}/manifest`, headers: crew });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      trip: TripJson;
      bookings: {
        customerName: string;
        customerPhone: string;
        adults: number;
        children50: number;
        kidsFree: number;
        amountPaid: number;
        tickets: { code: string; passengerType: string; checkedInAt: string | null }[];
      }[];
    }>();
    expect(body.trip.slotId).toBe(morning.id);
    const oleg = body.bookings.find((b) => b.customerName === 'Олег Петров');
    expect(oleg).toMatchObject({ customerPhone: '+34600111222', adults: 2, children50: 1, kidsFree: 1 });
    // (2 + ½) × €20 × 3 h
    expect(oleg?.amountPaid).toBe(150);
    expect(oleg?.tickets.map((x) => x.code).sort()).toEqual([...family.codes].sort());
    expect(oleg?.tickets.map((x) => x.passengerType).sort()).toEqual([
      'adult',
      'adult',
      'child_u13',
      'child_u6_free',
    ]);
    expect(body.bookings).toHaveLength(2);
    // An address that names no trip id at all is bad input, said with the field.
    const garbled = await t.app.inject({ url: `/api/crew/trips/${tomorrow.id}x/manifest`, headers: crew });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.body).toContain('slotId');
    const unknownTrip = await t.app.inject({
      url: '/api/crew/trips/00000000-0000-4000-8000-000000000000/manifest',
      headers: crew,
    });
    expect(unknownTrip.statusCode).toBe(404);
  });

  it("lets the crew read only the manifests of today's trips and the next two days'; admins read all", async () => {
    const trip = (days: number) =>
      createSlot(db, boat.id, {
        type: 'shared',
        start: new Date(MORNING.getTime() + days * 24 * HOUR),
        hours: 2,
        seatsTotal: 10,
        seatPriceCents: 2000,
      });
    const [lastWeek, yesterday, inTwoDays, inThreeDays] = await Promise.all([
      trip(-7),
      trip(-1),
      trip(2),
      trip(3),
    ]);
    const read = (slotId: string, who: Record<string, string>, csv = false) =>
      t.app.inject({ url: `/api/crew/trips/${slotId}/manifest${csv ? '.csv' : ''}`, headers: who });

    for (const open of [morning, tomorrow, inTwoDays])
      expect((await read(open.id, crew)).statusCode).toBe(200);
    for (const closed of [lastWeek, yesterday, inThreeDays]) {
      const refused = await read(closed.id, crew);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/today's trips and the next 2 days'/);
      expect((await read(closed.id, crew, true)).statusCode).toBe(403);
      expect((await read(closed.id, admin)).statusCode).toBe(200);
      expect((await read(closed.id, admin, true)).statusCode).toBe(200);
    }
  });

  it('boards a ticket once: a second scan answers already with when and by whom', async () => {
    const code = family.codes[0]!;
    const first = await scan(code.toLowerCase(), crew, morning.id);
    expect(first.statusCode, first.body).toBe(200);
    const boarded = first.json<CheckinJson>();
    expect(boarded).toMatchObject({ result: 'boarded', code, people: 1, checkedInAt: NOW.toISOString() });
    expect(boarded.checkedInBy).toMatch(/^crew-/);

    t.setNow(new Date(NOW.getTime() + 5 * 60_000));
    const again = (await scan(code, admin, morning.id)).json<CheckinJson>();
    t.setNow(NOW);
    expect(again).toMatchObject({
      result: 'already',
      checkedInAt: NOW.toISOString(),
      checkedInBy: boarded.checkedInBy,
    });

    const manifest = await t.app.inject({ url: `/api/crew/trips/${morning.id}/manifest`, headers: crew });
    expect(manifest.body).toContain(NOW.toISOString());
    const trip = (await trips()).json<{ items: TripJson[] }>().items.find((i) => i.slotId === morning.id);
    expect(trip?.boarded).toBe(1);
  });

  it('boards once when the same code is scanned twice at the same moment', async () => {
    const code = couple.codes[0]!;
    const answers = await Promise.all([scan(code), scan(code), scan(code)]);
    const results = answers.map((a) => a.json<CheckinJson>().result).sort();
    expect(results).toEqual(['already', 'already', 'boarded']);
  });

  it('answers wrong_trip, not_today, canceled and an unknown code', async () => {
    expect((await scan(fullHouse.codes[0]!, crew, morning.id)).json<CheckinJson>().result).toBe('wrong_trip');
    expect((await scan(later.codes[0]!, crew)).json<CheckinJson>().result).toBe('not_today');
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${fullHouse.bookingId}/cancel`,
      headers: admin,
      payload: { reason: 'test' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await scan(fullHouse.codes[1]!, crew, afternoon.id)).json<CheckinJson>().result).toBe('canceled');
    const unknown = await scan('TF-0000-0000-00');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'unknown_code' });
    const empty = await scan('');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('code');
  });

  it('lists the charter party on each slot it covers, over the charter’s whole span', async () => {
    const res = await t.app.inject({ url: `/api/crew/trips/${run[1]!.id}/manifest`, headers: crew });
    const body = res.json<{
      trip: { start: string; end: string };
      bookings: { bookingId: string; customerName: string }[];
    }>();
    expect(body.bookings.map((b) => b.bookingId)).toEqual([charterId]);
    // Asked by its second hour, the manifest still says the charter's 10:00–12:00.
    expect(body.trip).toMatchObject({
      start: MORNING.toISOString(),
      end: new Date(MORNING.getTime() + 2 * HOUR).toISOString(),
    });
  });

  it('boards a charter by its one boarding pass on any hour of the charter', async () => {
    // The charter's boarding pass is a ticket row on the private booking.
    await db.insert(tickets).values({
      bookingId: charterId,
      code: 'TF-CHRT-PASS-01',
      seatNo: 0,
      passengerType: 'adult',
      pricePaidCents: 0,
    });
    const pass = (await scan('tf-chrt-pass-01', crew, run[1]!.id)).json<CheckinJson>();
    expect(pass).toMatchObject({
      result: 'boarded',
      code: 'TF-CHRT-PASS-01',
      booking: { customerName: 'Charter Party' },
    });
    expect((await scan('TF-CHRT-PASS-01', crew, morning.id)).json<CheckinJson>().result).toBe('wrong_trip');
    expect((await scan('TF-CHRT-PASS-01', crew, run[0]!.id)).json<CheckinJson>().result).toBe('already');
  });

  it('exports the manifest as CSV a spreadsheet reads back', async () => {
    const res = await t.app.inject({ url: `/api/crew/trips/${morning.id}/manifest.csv`, headers: crew });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/manifest_2027-06-10_/);
    const rows = parse(res.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.boat === 'Dolphin Star' && r.type === 'shared')).toBe(true);
    const evil = rows.filter((r) => r.customer === `'=Evil, "Quoted"`);
    expect(evil).toHaveLength(2);
    expect(evil[0]?.phone).toBe('+34 600 333 444');
    expect(
      rows
        .filter((r) => r.customer === 'Олег Петров')
        .map((r) => r['passenger type'])
        .sort(),
    ).toEqual(['adult', 'adult', 'child 6-12', 'child under 6 (free)']);
    expect(rows.find((r) => r.ticket === family.codes[0])?.['boarded at (Canary time)']).toBe(
      '10/06/2027 07:00',
    );
  });

  it("writes the manifest CSV in the operator's language: headers, boat title, trip and passenger types", async () => {
    const read = async (lang: string) => {
      const res = await t.app.inject({
        url: `/api/crew/trips/${morning.id}/manifest.csv?lang=${lang}`,
        headers: crew,
      });
      expect(res.statusCode).toBe(200);
      return parse(res.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    };
    const es = await read('es');
    expect(es.every((r) => r.barco === 'Estrella Delfín' && r.tipo === 'compartida')).toBe(true);
    expect(
      es
        .filter((r) => r.cliente === 'Олег Петров')
        .map((r) => r['tipo de pasajero'])
        .sort(),
    ).toEqual(['adulto', 'adulto', 'niño 6-12', 'niño menor de 6 (gratis)']);
    const ru = await read('ru');
    expect(ru.every((r) => r['лодка'] === 'Звезда дельфина' && r['тип'] === 'групповая')).toBe(true);
    expect(ru.find((r) => r['билет'] === family.codes[0])?.['пассажир']).toBe('взрослый');
    expect(Object.keys(ru[0] ?? {}).join(' ')).not.toMatch(/[a-z]/);
    // A language the back office does not have is refused, not silently English.
    const dutch = await t.app.inject({
      url: `/api/crew/trips/${morning.id}/manifest.csv?lang=nl`,
      headers: crew,
    });
    expect(dutch.statusCode).toBe(400);
    // German is one of the site's languages: its spreadsheet is German.
    const de = await t.app.inject({
      url: `/api/crew/trips/${morning.id}/manifest.csv?lang=de`,
      headers: crew,
    });
    expect(de.statusCode).toBe(200);
    expect(de.body).toContain('Buchungsnummer');
  });

  it('lets an admin create a crew account (Staff) that signs in and sees only the day', async () => {
    const email = 'deckhand@example.com';
    const password = 'a-first-password-for-crew';
    const create = (headers: Record<string, string>, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/staff', headers, payload });
    const created = await create(admin, { email: ' Deckhand@Example.com ', role: 'crew', password });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ account: { email, role: 'crew' } });
    const signIn = await t.app.inject({ method: 'POST', url: '/user/auth', payload: { email, password } });
    expect(signIn.json()).toMatchObject({ user: { email, role: 'crew' } });
    const token = bearer(signIn.json<{ accessToken: string }>().accessToken);
    expect((await trips(token)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/admin/boats', headers: token })).statusCode).toBe(403);
    expect((await create(admin, { email, role: 'crew', password })).statusCode).toBe(409);
    expect((await create(crew, { email: 'x@example.com', role: 'crew', password })).statusCode).toBe(403);
    const bad = await create(admin, { email: 'nope', role: 'crew', password });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('email');
  });

  it('keeps crew out of everything else', async () => {
    for (const url of [
      '/api/admin/boats',
      '/checkout/bookings',
      '/messages/admin/messages?page=1&limit=10',
    ]) {
      expect((await t.app.inject({ url, headers: crew })).statusCode, url).toBe(403);
    }
  });

  // A phone without signal records each check-in with its time and sends it when the signal
  // returns (docs/back-office.md#check-in-without-signal).
  const offlineScan = (code: string, scannedAt: Date | string, headers = crew, slotId = morning.id) =>
    t.app.inject({
      method: 'POST',
      url: '/api/crew/checkin',
      headers,
      payload: {
        code,
        slotId,
        scannedAt: typeof scannedAt === 'string' ? scannedAt : scannedAt.toISOString(),
      },
    });

  it("boards a check-in sent later at the phone's own time, and answers its resend as boarded", async () => {
    const code = family.codes[1]!;
    const scannedAt = new Date(NOW.getTime() + 2 * 60_000);
    t.setNow(new Date(NOW.getTime() + 12 * 60_000));
    try {
      const sent = await offlineScan(code, scannedAt);
      expect(sent.statusCode, sent.body).toBe(200);
      const first = sent.json<CheckinJson>();
      expect(first).toMatchObject({ result: 'boarded', checkedInAt: scannedAt.toISOString() });
      // Its answer was lost with the signal: the phone sends it again and reads it boarded.
      expect((await offlineScan(code, scannedAt)).json<CheckinJson>()).toMatchObject({
        result: 'boarded',
        checkedInAt: scannedAt.toISOString(),
        checkedInBy: first.checkedInBy,
      });
      const manifest = await t.app.inject({ url: `/api/crew/trips/${morning.id}/manifest`, headers: crew });
      expect(manifest.body).toContain(scannedAt.toISOString());
    } finally {
      t.setNow(NOW);
    }
  });

  it('tells the phone whose offline check-in came second who boarded the ticket and when', async () => {
    const code = family.codes[2]!;
    const otherPhone = bearer(await tokenFor(t, 'crew'));
    const theirs = await offlineScan(code, new Date(NOW.getTime() - 5 * 60_000), otherPhone);
    expect(theirs.json<CheckinJson>().result).toBe('boarded');
    const mine = (await offlineScan(code, new Date(NOW.getTime() - 2 * 60_000))).json<CheckinJson>();
    expect(mine).toMatchObject({
      result: 'already',
      checkedInAt: new Date(NOW.getTime() - 5 * 60_000).toISOString(),
      checkedInBy: theirs.json<CheckinJson>().checkedInBy,
    });
    // The same time from the same phone is the resend; from another account it is not.
    expect(mine.checkedInBy).not.toBe(
      (await offlineScan(family.codes[1]!, NOW)).json<CheckinJson>().checkedInBy ?? '',
    );
  });

  it('answers a ticket canceled meanwhile with when and by whom it was canceled', async () => {
    const sent = await offlineScan(fullHouse.codes[2]!, new Date(NOW.getTime() - 60_000), crew, afternoon.id);
    expect(sent.statusCode, sent.body).toBe(200);
    const body = sent.json<CheckinJson & { canceledAt: string | null; canceledBy: string | null }>();
    expect(body.result).toBe('canceled');
    // The admin canceled the booking earlier in this file, at the test's clock.
    expect(body.canceledAt).toBe(NOW.toISOString());
    expect(body.canceledBy).toMatch(/^admin-.*@example\.com$/);
  });

  it('takes a phone clock running ahead as now, and refuses a scan older than 36 hours naming the field', async () => {
    const ahead = (
      await offlineScan(family.codes[3]!, new Date(NOW.getTime() + 3_600_000))
    ).json<CheckinJson>();
    expect(ahead).toMatchObject({ result: 'boarded', checkedInAt: NOW.toISOString() });
    const old = await offlineScan(couple.codes[1]!, new Date(NOW.getTime() - 37 * 3_600_000));
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ error: 'checkin_too_old' });
    expect(old.body).toContain('scannedAt');
    const garbage = await offlineScan(couple.codes[1]!, 'yesterday');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.body).toContain('scannedAt');
  });
});
