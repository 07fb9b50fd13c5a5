// Model-based test of an owner's suspension (fast-check on PostgreSQL; issue 58): random
// interleavings of a customer's instant sale on the owner's boat, a request to book on their
// request boat, the owner accepting or declining a request, the admin suspending the owner (their
// paid trips ahead served or canceled and refunded) and reactivating them. After every step:
// - a suspended owner takes no action that charges a card: no card payment on their boats appears
//   during a step taken while they are suspended (an accept answers 409 owner_suspended), and their
//   boats sell nothing (no new booking);
// - a suspension leaves none of their requests open: each is canceled, its authorization let go;
// - every canceled booking holds no money (received − refunds, pending or done = 0) and every
//   captured cent is on a live booking or refunded (no refund above what was received).
// OWNER_SUSPENSION_RUNS sets the number of runs (default 25).
import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UpcomingFate } from '@boats/domain/schemas/upcoming-bookings';
import { bookings, sandboxPaymentIntents } from '../../src/db/schema';
import { bearer, newOwner, tokenFor } from '../helpers/admin-token';
import { buildTestApp } from '../helpers/test-app';
import {
  confirmReturn,
  createBoat,
  createSharedTrip,
  HOUR,
  payByCard,
  requestHold,
  sharedRequest,
} from '../helpers/checkout-fixtures';

const RUNS = Number(process.env.OWNER_SUSPENSION_RUNS ?? 25);
const NOW = new Date('2027-06-01T09:00:00Z');

type Op =
  | { kind: 'sale' | 'request' }
  | { kind: 'accept' | 'decline'; request: number }
  | { kind: 'suspend'; upcoming: UpcomingFate }
  | { kind: 'reactivate' };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom({ kind: 'sale' as const }, { kind: 'request' as const }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom('accept' as const, 'decline' as const),
      request: fc.nat(10),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('suspend' as const),
      upcoming: fc.constantFrom('serve' as const, 'cancel_and_refund' as const),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'reactivate' as const }) },
);

type Money = { id: string; status: string; received: number; refunded: number; cardCaptures: number };

describe("an owner's suspension, model-based", async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const admin = async () => bearer(await tokenFor(t, 'admin'));
  let trips = 0;
  let customers = 0;

  /** The owner's bookings with what the ledger holds for each and its card captures. */
  async function moneyOf(boatIds: string[]): Promise<Money[]> {
    const ids = sql.join(
      boatIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    return (
      (await db.execute(sql`select b.id, b.status,
        (select coalesce(sum(p.amount_cents), 0) from payments p where p.booking_id = b.id and p.status = 'succeeded')::int as received,
        (select coalesce(sum(r.amount_cents), 0) from refunds r where r.booking_id = b.id and r.status <> 'failed')::int as refunded,
        (select count(*) from payments p where p.booking_id = b.id and p.status = 'succeeded' and p.provider = 'sandbox')::int as "cardCaptures"
        from bookings b where b.boat_id in (${ids})`)) as unknown as { rows: Money[] }
    ).rows;
  }

  it(`keeps a suspended owner from charging a card over ${RUNS} runs`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 10 }), async (ops) => {
        const ownerId = await newOwner(t);
        const asOwner = async () => bearer(await tokenFor(t, 'owner', { ownerId }));
        const instant = await createBoat(db, { ownerId });
        const onRequest = await createBoat(db, { ownerId, bookingMode: 'request' });
        const boatIds = [instant.id, onRequest.id];
        const requests: string[] = [];
        let suspended = false;

        for (const step of ops) {
          const before = await moneyOf(boatIds);
          if (step.kind === 'sale' || step.kind === 'request') {
            trips += 1;
            customers += 1;
            const boat = step.kind === 'sale' ? instant : onRequest;
            const trip = await createSharedTrip(
              db,
              boat.id,
              new Date(NOW.getTime() + (10 + trips) * 24 * HOUR),
            );
            const from = `10.77.${Math.floor(customers / 250) % 250}.${customers % 250}`;
            const hold = await requestHold(
              t.app,
              sharedRequest(
                boat.id,
                trip,
                { adults: 2, children50: 0, kidsFree: 0 },
                { customer: { name: 'Customer', email: `c${customers}@example.com` } },
              ),
              from,
            );
            // A suspended owner's boats are off the site: nothing is held.
            if (suspended) {
              expect(hold.statusCode, hold.body).not.toBe(200);
            } else {
              expect(hold.statusCode, hold.body).toBe(200);
              const { clientSecret, bookingId } = hold.json<{ clientSecret: string; bookingId: string }>();
              expect((await payByCard(t.app, clientSecret, undefined, undefined, from)).statusCode).toBe(200);
              const intentId = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
              expect((await confirmReturn(t.app, intentId)).statusCode).toBe(200);
              if (step.kind === 'request') requests.push(bookingId);
            }
          } else if (step.kind === 'accept' || step.kind === 'decline') {
            const id = requests[step.request % Math.max(1, requests.length)];
            if (!id) continue;
            const answer = await t.app.inject({
              method: 'POST',
              url: `/api/admin/bookings/${id}/${step.kind}`,
              headers: await asOwner(),
              ...(step.kind === 'decline' ? { payload: { reasonCode: 'crew_unavailable' } } : {}),
            });
            if (suspended && step.kind === 'accept') expect(answer.statusCode).toBe(409);
          } else if (step.kind === 'suspend') {
            if (suspended) continue;
            const res = await t.app.inject({
              method: 'POST',
              url: `/api/admin/owners/${ownerId}/suspend`,
              headers: await admin(),
              payload: { upcoming: step.upcoming, reason: 'Model' },
            });
            expect(res.statusCode, res.body).toBe(200);
            suspended = true;
            // None of their requests is left open, and no authorization is kept for one.
            const open = await db
              .select({ id: bookings.id, intent: bookings.providerPaymentId })
              .from(bookings)
              .where(and(inArray(bookings.boatId, boatIds), eq(bookings.status, 'requested')));
            expect(open).toEqual([]);
            const intents = (
              await db
                .select({ status: sandboxPaymentIntents.status })
                .from(sandboxPaymentIntents)
                .innerJoin(bookings, eq(bookings.providerPaymentId, sandboxPaymentIntents.id))
                .where(and(inArray(bookings.boatId, boatIds), eq(bookings.status, 'canceled')))
            ).map((i) => i.status);
            expect(intents).not.toContain('requires_capture');
          } else {
            const res = await t.app.inject({
              method: 'PATCH',
              url: `/api/admin/owners/${ownerId}`,
              headers: await admin(),
              payload: { status: 'active' },
            });
            expect(res.statusCode, res.body).toBe(200);
            suspended = false;
          }

          const after = await moneyOf(boatIds);
          if (suspended && step.kind !== 'reactivate') {
            // Nothing sold and no card charged while suspended (a suspension itself only refunds).
            expect(after.length).toBe(before.length);
            for (const b of after) {
              const was = before.find((x) => x.id === b.id)!;
              expect(b.cardCaptures, `booking ${b.id}: no card charged while suspended`).toBe(
                was.cardCaptures,
              );
              expect(b.received).toBe(was.received);
            }
          }
          for (const b of after) {
            expect(b.refunded, `booking ${b.id}: never refunded above what it received`).toBeLessThanOrEqual(
              b.received,
            );
            if (b.status === 'canceled')
              expect(b.received - b.refunded, `canceled ${b.id} holds no money`).toBe(0);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });
});
