// Crew may sell a walk-in below the trip's minimum when their owner allows it (issue 40,
// docs/back-office.md#walk-ins-below-the-minimum): the owner's permission through
// /api/owner/crew-permissions (audited, another owner's unreadable and unchanged), the crew's sale
// after the cutoff waiving the trip's minimum so the cutoff job leaves the trip sailing, and the
// refusal without the permission saying who can allow it. On PGlite and PostgreSQL.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingHistory, owners, slots } from '../../../src/db/schema';
import { auditLog } from '../../../src/modules/audit/schema';
import { cancelTripsBelowMinimum } from '../../../src/modules/trip-cancellation/minimum-cutoff';
import { platformOwnerId } from '../../../src/modules/owner-scope/platform-owner';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buildTestApp } from '../../helpers/test-app';
import { createBoat, createSlot, HOUR } from '../../helpers/checkout-fixtures';

/** 9 June 2027, 08:00 in the Canaries. */
const NOW = new Date('2027-06-09T07:00:00Z');

describe('crew selling a walk-in below the minimum', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const db = t.ctx.db;
  const martaId = await newOwner(t);
  const ottoId = await newOwner(t);
  const marta = bearer(await tokenFor(t, 'owner', { ownerId: martaId }));
  const otto = bearer(await tokenFor(t, 'owner', { ownerId: ottoId }));
  const martaCrewToken = await tokenFor(t, 'crew', { ownerId: martaId });
  const martaCrew = bearer(martaCrewToken);

  /**
   * A trip of Marta's (minimum 3 paid seats, 2-hour cutoff) in 90 minutes: its cutoff passed half
   * an hour ago and the job has not run yet. One boat each, so the trips never overlap.
   */
  const tripPastCutoff = async () => {
    const boat = await createBoat(db, {
      ownerId: martaId,
      capacity: 12,
      sharedMinSeatsToDepart: 3,
      cutoffHours: 2,
    });
    return createSlot(db, boat.id, {
      type: 'shared',
      start: new Date(NOW.getTime() + 1.5 * HOUR),
      hours: 2,
      seatsTotal: 12,
      seatPriceCents: 2000,
    });
  };
  const walkIn = (slotId: string, headers: Record<string, string>, adults = 1) =>
    t.app.inject({
      method: 'POST',
      url: `/api/crew/trips/${slotId}/bookings`,
      headers,
      payload: {
        passengers: { adults, children50: 0, kidsFree: 0 },
        customer: { name: 'Walk-in', phone: '+34600111222' },
        language: 'en',
        payment: { method: 'cash' },
      },
    });
  const permission = (headers: Record<string, string>, query = '') =>
    t.app.inject({ url: `/api/owner/crew-permissions${query}`, headers });
  const setPermission = (headers: Record<string, string>, sellBelowMinimum: boolean, query = '') =>
    t.app.inject({
      method: 'PUT',
      url: `/api/owner/crew-permissions${query}`,
      headers,
      payload: { sellBelowMinimum },
    });
  const stored = async (ownerId: string) =>
    (await db.select().from(owners).where(eq(owners.id, ownerId)))[0]!.crewMaySellBelowMinimum;
  const slotRow = async (id: string) => (await db.select().from(slots).where(eq(slots.id, id)))[0]!;

  it('refuses the crew without the permission, saying the owner can allow it or an admin waive it', async () => {
    expect((await permission(marta)).json()).toEqual({
      permissions: { sellBelowMinimum: false },
      isPlatform: false,
    });
    const trip = await tripPastCutoff();
    const res = await walkIn(trip.id, martaCrew);
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json<{ error: string; message: string; details: object }>();
    expect(body.error).toBe('below_minimum');
    expect(body.details).toEqual({ reason: 'owner', seats: 3, missing: 2 });
    expect(body.message).toContain("the boat's owner allows it on their crew accounts page");
    expect(body.message).toContain('or when an admin waives the minimum for this trip');
    expect((await slotRow(trip.id)).minimumWaived).toBe(false);
    // Nothing stops the cutoff job: the trip is canceled.
    expect(await cancelTripsBelowMinimum(t.ctx)).toBe(1);
    expect((await slotRow(trip.id)).canceledAt).not.toBeNull();
  });

  it('lets the owner switch it on (audited), and the crew then sells 1 seat of a minimum of 3: the trip sails', async () => {
    const put = await setPermission(marta, true);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ permissions: { sellBelowMinimum: true }, isPlatform: false });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'owner.crew_permissions'), eq(auditLog.ownerId, martaId)));
    expect(audit).toMatchObject({
      actorRole: 'owner',
      objectType: 'owner',
      objectId: martaId,
      changes: { crewMaySellBelowMinimum: { before: false, after: true } },
    });

    const trip = await tripPastCutoff();
    // The crew's day says so before the sale: the form decides with it.
    const day = await t.app.inject({ url: '/api/crew/trips?date=2027-06-09', headers: martaCrew });
    const listed = day.json<{ items: { slotId: string; crewMaySellBelowMinimum: boolean }[] }>().items;
    expect(listed.find((x) => x.slotId === trip.id)?.crewMaySellBelowMinimum).toBe(true);

    const res = await walkIn(trip.id, martaCrew);
    expect(res.statusCode, res.body).toBe(201);
    expect((await slotRow(trip.id)).minimumWaived).toBe(true);
    // The call's audit row says the crew member waived the trip's minimum under the owner's permission.
    const bookingId = res.json<{ bookingId: string }>().bookingId;
    const [row] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'booking.walk_in'), eq(auditLog.bookingId, bookingId)));
    expect(row).toMatchObject({
      actorRole: 'crew',
      ownerId: martaId,
      boatId: trip.boatId,
      changes: {
        minimumWaived: { before: false, after: true },
        minimumWaivedUnder: { before: null, after: 'owner_permission' },
      },
    });
    const [opened] = await db
      .select()
      .from(bookingHistory)
      .where(and(eq(bookingHistory.bookingId, bookingId), eq(bookingHistory.code, 'operator_booked')));
    expect(opened?.params).toEqual({ method: 'cash', belowMinimum: 3 });

    // The cutoff job leaves it sailing.
    expect(await cancelTripsBelowMinimum(t.ctx)).toBe(0);
    expect((await slotRow(trip.id)).canceledAt).toBeNull();
  });

  it('keeps an ordinary sale ordinary: reaching the minimum waives nothing', async () => {
    await setPermission(marta, true);
    const trip = await tripPastCutoff();
    const res = await walkIn(trip.id, martaCrew, 3);
    expect(res.statusCode, res.body).toBe(201);
    expect((await slotRow(trip.id)).minimumWaived).toBe(false);
  });

  it("never shows or changes another owner's permission", async () => {
    await setPermission(marta, true);
    // Otto naming Marta reads and writes his own.
    expect((await permission(otto, `?ownerId=${martaId}`)).json()).toEqual({
      permissions: { sellBelowMinimum: false },
      isPlatform: false,
    });
    const put = await setPermission(otto, false, `?ownerId=${martaId}`);
    expect(put.statusCode, put.body).toBe(200);
    expect(await stored(martaId)).toBe(true);
    expect(await stored(ottoId)).toBe(false);
    // Crew read and set none.
    expect((await permission(martaCrew)).statusCode).toBe(403);
    expect((await setPermission(martaCrew, true)).statusCode).toBe(403);
  });

  it("the platform's crew follow the admin's setting on the platform's row", async () => {
    const admin = bearer(await tokenFor(t, 'admin'));
    const platformId = await platformOwnerId(db);
    const platformBoat = await createBoat(db, {
      ownerId: platformId,
      capacity: 12,
      sharedMinSeatsToDepart: 3,
      cutoffHours: 0,
    });
    const trip = await createSlot(db, platformBoat.id, {
      type: 'shared',
      start: new Date(NOW.getTime() + 5 * HOUR),
      seatsTotal: 12,
      seatPriceCents: 2000,
    });
    const platformCrew = bearer(await tokenFor(t, 'crew'));
    const refused = await walkIn(trip.id, platformCrew);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ details: object }>().details).toEqual({ reason: 'admin', seats: 3, missing: 2 });

    expect((await permission(admin)).json()).toEqual({
      permissions: { sellBelowMinimum: false },
      isPlatform: true,
    });
    expect((await setPermission(admin, true)).statusCode).toBe(200);
    expect(await stored(platformId)).toBe(true);
    expect((await walkIn(trip.id, platformCrew)).statusCode).toBe(201);
    expect((await slotRow(trip.id)).minimumWaived).toBe(true);
  });
});
