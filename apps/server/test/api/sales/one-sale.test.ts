// One sale for every channel (docs/architecture.md#one-sale-for-every-channel): the site's
// checkout, the crew's walk-in, the agent desk and a reseller's OCTO reservation offer the same
// seats just before they sell, and selling the last seats of one trip through all four at once
// sells exactly what was left, after which none of them offers a seat. And the channel modules
// reach the booking tables only through `sales`: none creates a booking, locks a trip or records
// a sale's money itself.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings } from '../../../src/db/schema';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { createBoat, createSlot, requestHold, sharedRequest } from '../../helpers/checkout-fixtures';
import { newReseller } from '../../helpers/reseller-fixture';
import { newAgentDesk } from '../../helpers/agent-fixture';
import { buildTestApp } from '../../helpers/test-app';

// 08:00 in the Canaries (summer time); the trip leaves at 11:00.
const NOW = new Date('2027-07-10T07:00:00Z');
const TODAY = '2027-07-10';

const MODULES = join(import.meta.dirname, '../../../src/modules');

/** Every import of a module's non-test files, with the names imported. */
function importsOf(module: string): { from: string; names: string[]; file: string }[] {
  const files = readdirSync(join(MODULES, module)).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
  );
  return files.flatMap((file) => {
    const text = readFileSync(join(MODULES, module, file), 'utf8');
    return [...text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)].map((m) => ({
      file: `${module}/${file}`,
      from: m[2]!,
      names: m[1]!.split(',').map((n) => n.trim().replace(/^type\s+/, '')),
    }));
  });
}

describe('one sale for every channel', async () => {
  it('the channels reach the booking tables only through sales', () => {
    // What holds, creates or sells a booking: the lifecycle's creation, the trip's locks and seat
    // counts, and the ledger's record of a sale's money.
    const saleSteps = new Set([
      'createBooking',
      'claimCharterSlots',
      'lockSlot',
      'lockSlots',
      'liveHoldsUnderLock',
      'assertSeatsFit',
      'recordInPersonPayment',
      'recordAgentCashPayment',
      'recordResellerPayment',
    ]);
    const channels = ['checkout', 'admin-bookings', 'agents', 'octo'];
    const reached = channels.flatMap((module) =>
      importsOf(module).flatMap((i) => i.names.filter((n) => saleSteps.has(n)).map((n) => `${i.file}: ${n}`)),
    );
    expect(reached).toEqual([]);
    const inserts = channels.flatMap((module) =>
      readdirSync(join(MODULES, module))
        .filter((f) => f.endsWith('.ts'))
        .filter((f) => /\.insert\(bookings\)/.test(readFileSync(join(MODULES, module, f), 'utf8')))
        .map((f) => `${module}/${f}`),
    );
    expect(inserts).toEqual([]);
    // And each of them sells through sales.
    for (const module of ['checkout', 'agents', 'octo']) {
      expect(
        importsOf(module).some((i) => i.from.startsWith('../sales/')),
        module,
      ).toBe(true);
    }
  });

  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const admin = bearer(await tokenFor(t, 'admin'));
  const crew = bearer(await tokenFor(t, 'crew'));
  const boat = await createBoat(db, { title: { en: 'Harbour Cat' }, capacity: 12 });
  // 8 seats, 3 hours at €20 a seat-hour; the operator marked 2 seats taken (the skipper's
  // friends), so 6 are on sale.
  const trip = await createSlot(db, boat.id, {
    type: 'shared',
    start: new Date('2027-07-10T10:00:00Z'),
    hours: 3,
    seatsTotal: 8,
    seatsTaken: 2,
    seatPriceCents: 2000,
  });
  const viator = await newReseller(t, admin);
  const agent = (await newAgentDesk(t, admin, NOW)).headers;

  const oneAdult = { adults: 1, children50: 0, kidsFree: 0 };
  const counterSale = {
    passengers: oneAdult,
    customer: { name: 'Walk-in', phone: '+34 600 111 222' },
    language: 'en',
    payment: { method: 'cash' },
  };

  /** The seats each channel offers on the trip now. */
  async function offers() {
    const month = await t.app.inject({
      url: `/api/boat/${boat.id}?start=${new Date('2027-07-10T00:00:00Z').toISOString()}&end=${new Date('2027-07-11T00:00:00Z').toISOString()}`,
    });
    expect(month.statusCode, month.body).toBe(200);
    const site = month
      .json<{ availability: { shared: { _id: string; seatsLeft: number; available: boolean }[] } }>()
      .availability.shared.find((s) => s._id === trip.id);
    const octo = await t.app.inject({
      method: 'POST',
      url: '/octo/availability',
      headers: { authorization: `Bearer ${viator.key}` },
      payload: { productId: boat.id, optionId: 'DEFAULT', availabilityIds: [trip.id] },
    });
    expect(octo.statusCode, octo.body).toBe(200);
    const [reseller] = octo.json<{ vacancies: number; available: boolean }[]>();
    const desk = await t.app.inject({ url: `/api/agent/trips?date=${TODAY}`, headers: agent });
    expect(desk.statusCode, desk.body).toBe(200);
    const agentTrip = desk
      .json<{ items: { slotId: string; seatsLeft: number }[] }>()
      .items.find((i) => i.slotId === trip.id);
    const walkIn = await t.app.inject({ url: `/api/crew/trips?date=${TODAY}`, headers: crew });
    expect(walkIn.statusCode, walkIn.body).toBe(200);
    const crewTrip = walkIn
      .json<{ items: { slotId: string; seatsLeft: number }[] }>()
      .items.find((i) => i.slotId === trip.id);
    return {
      site: site?.available ? site.seatsLeft : 0,
      octo: reseller?.available ? reseller.vacancies : 0,
      agentDesk: agentTrip?.seatsLeft ?? 0,
      walkIn: crewTrip?.seatsLeft ?? 0,
    };
  }

  it('sells the last seats of a trip through all four channels at once: exactly what every channel offered', async () => {
    // Two checkouts in progress on the site hold three seats and one: 2 left.
    const before = await requestHold(
      t.app,
      sharedRequest(boat.id, trip, { ...oneAdult, adults: 3 }),
      '203.0.113.1',
    );
    expect(before.statusCode, before.body).toBe(200);
    const held = await requestHold(t.app, sharedRequest(boat.id, trip, oneAdult), '203.0.113.2');
    expect(held.statusCode, held.body).toBe(200);
    expect(await offers()).toEqual({ site: 2, octo: 2, agentDesk: 2, walkIn: 2 });

    // One seat each, four channels at once, two seats left: two sales, two refusals.
    const answers = await Promise.all([
      requestHold(t.app, sharedRequest(boat.id, trip, oneAdult), '203.0.113.3'),
      t.app.inject({
        method: 'POST',
        url: `/api/crew/trips/${trip.id}/bookings`,
        headers: crew,
        payload: counterSale,
      }),
      t.app.inject({
        method: 'POST',
        url: `/api/agent/trips/${trip.id}/bookings`,
        headers: agent,
        payload: counterSale,
      }),
      t.app.inject({
        method: 'POST',
        url: '/octo/bookings',
        headers: { authorization: `Bearer ${viator.key}` },
        payload: {
          productId: boat.id,
          optionId: 'DEFAULT',
          availabilityId: trip.id,
          unitItems: [{ unitId: 'adult' }],
        },
      }),
    ]);
    const sold = answers.filter((a) => a.statusCode === 200 || a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode !== 200 && a.statusCode !== 201);
    expect(sold, answers.map((a) => `${a.statusCode} ${a.body}`).join('\n')).toHaveLength(2);
    // Each refusal says the trip is sold out, in its channel's words.
    for (const answer of refused) expect(answer.body).toMatch(/sold out|seat/i);

    const onTrip = await db.select().from(bookings).where(eq(bookings.slotId, trip.id));
    const holding = onTrip.filter((b) => b.status === 'paid' || b.status === 'pending');
    expect(holding.reduce((n, b) => n + b.seats, 0)).toBe(6);
    expect(await offers()).toEqual({ site: 0, octo: 0, agentDesk: 0, walkIn: 0 });
  });
});
