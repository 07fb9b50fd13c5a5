// Suspending an owner and pausing a boat with paid trips ahead (docs/back-office.md#safe-admin-actions):
// the bookings ahead are listed first; the step serves them, or cancels each through the
// lifecycle and refunds it in full; the ledger says so and the audit trail names them.
import type { UpcomingBookingsResponse } from '@boats/domain/schemas/upcoming-bookings';
import { bookingReference } from '@boats/domain/booking-reference';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bookings, emailOutbox, owners, ownerNotifications, refunds } from '../../../src/db/schema';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import {
  addBooking,
  addSandboxPayment,
  adminBookingsTestApp,
  at,
  seedBoat,
  type BoatFixture,
} from '../admin-bookings/admin-bookings.fixtures';

describe('safe admin actions: the bookings ahead of a suspended owner or a paused boat', async () => {
  // The clock: 15 November 2026, noon.
  const { t, admin } = await adminBookingsTestApp();

  /** An owner with a boat: two paid trips ahead (the later one confirmed), one past, one unpaid. */
  async function ownerWithBookings() {
    const ownerId = await newOwner(t);
    const boat = await seedBoat(t.ctx.db, { en: `Boat of ${ownerId.slice(0, 6)}` }, ownerId);
    const paid = async (day: string, status: 'paid' | 'confirmed', cents: number) => {
      const { booking } = await addBooking(t.ctx.db, boat, { status, start: at(day), grossCents: cents });
      await addSandboxPayment(t.ctx.db, booking.providerPaymentId!, cents);
      return booking;
    };
    const later = await paid('2026-11-28', 'confirmed', 24_000);
    const sooner = await paid('2026-11-20', 'paid', 15_000);
    const past = await paid('2026-11-10', 'paid', 9_000);
    const { booking: unpaid } = await addBooking(t.ctx.db, boat, {
      status: 'pending',
      start: at('2026-11-22'),
    });
    return { ownerId, boat, ahead: [sooner, later], past, unpaid };
  }

  const call = async (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const statusOf = async (ids: string[]) =>
    (await t.ctx.db.select().from(bookings).where(inArray(bookings.id, ids))).map((b) => b.status);
  const refundedCents = async (ids: string[]) =>
    (await t.ctx.db.select().from(refunds).where(inArray(refunds.bookingId, ids)))
      .filter((r) => r.status === 'succeeded')
      .reduce((sum, r) => sum + r.amountCents, 0);
  const audit = async (action: string, objectId: string) =>
    (await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, action))).filter(
      (row) => row.objectId === objectId,
    );

  it("lists the owner's paid bookings ahead, soonest first, with what each holds", async () => {
    const { ownerId, ahead } = await ownerWithBookings();
    const res = await call(admin, 'GET', `/api/admin/owners/${ownerId}/upcoming-bookings`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<UpcomingBookingsResponse>().items).toMatchObject([
      { _id: ahead[0]!.id, reference: bookingReference(ahead[0]!.id), paid: 150, people: 2 },
      { _id: ahead[1]!.id, paid: 240 },
    ]);
  });

  it('suspends an owner and serves their bookings: nothing canceled, nothing refunded', async () => {
    const { ownerId, ahead } = await ownerWithBookings();
    const ids = ahead.map((b) => b.id);
    const res = await call(admin, 'POST', `/api/admin/owners/${ownerId}/suspend`, { upcoming: 'serve' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      owner: { status: 'suspended' },
      outcome: { canceled: 0, refunded: 0 },
    });
    expect(await statusOf(ids)).toEqual(expect.arrayContaining(['paid', 'confirmed']));
    expect(await refundedCents(ids)).toBe(0);
    const [row] = await audit('owner.suspend', ownerId);
    expect(row?.changes).toMatchObject({ upcomingBookings: { after: 'served' } });
  });

  it('suspends an owner and cancels their bookings ahead with a full refund; the past and the unpaid stay', async () => {
    const { ownerId, ahead, past, unpaid } = await ownerWithBookings();
    const ids = ahead.map((b) => b.id);
    const res = await call(admin, 'POST', `/api/admin/owners/${ownerId}/suspend`, {
      upcoming: 'cancel_and_refund',
      reason: 'Your boat licence has expired.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      owner: { status: 'suspended' },
      outcome: { canceled: 2, refunded: 390, offered: 0 },
    });
    expect(await statusOf(ids)).toEqual(['refunded', 'refunded']);
    // The ledger gives back every cent received, through the card provider.
    expect(await refundedCents(ids)).toBe(39_000);
    expect(await statusOf([past.id, unpaid.id])).toEqual(expect.arrayContaining(['paid', 'pending']));
    const [row] = await audit('owner.suspend', ownerId);
    expect(row?.changes).toMatchObject({
      upcomingBookings: { before: ids.map(bookingReference), after: 'canceled and refunded' },
    });
    const [owner] = await t.ctx.db.select().from(owners).where(eq(owners.id, ownerId));
    expect(owner?.status).toBe('suspended');

    // The owner is told once, with the platform's reason and what became of their bookings: not a
    // cancellation and a refund e-mail per booking.
    await queueEventEmails(t.ctx);
    const mails = await t.ctx.db.select().from(emailOutbox);
    const toOwner = mails.filter((m) => m.toAddress === owner!.email);
    expect(toOwner.map((m) => [m.kind, m.subject])).toEqual([
      ['owner_suspended', 'Your account has been suspended'],
    ]);
    expect(toOwner[0]!.textBody).toContain('Why: Your boat licence has expired.');
    expect(toOwner[0]!.textBody).toContain(
      'Your 2 bookings ahead were canceled and their customers refunded in full (€390.00 in all).',
    );
    expect(toOwner[0]!.textBody).toContain('Your payouts are stopped while your account is suspended');
    expect(
      await t.ctx.db.select().from(ownerNotifications).where(eq(ownerNotifications.ownerId, ownerId)),
    ).toEqual([]);
    // Each customer is told why, the boat unavailable (not its owner's suspension), and with no
    // other boat to offer them, that everything is refunded.
    const cancellations = mails.filter((m) => m.kind === 'trip_canceled' && ids.includes(m.bookingId!));
    expect(cancellations).toHaveLength(2);
    for (const mail of cancellations) {
      expect(mail.textBody).toContain('We are sorry: the boat can no longer take you out on this trip.');
      expect(mail.textBody).toContain('You get your money back in full');
      expect(mail.textBody).not.toContain('suspend');
    }
  });

  it('refuses to suspend an owner through the PATCH that sets the rate: only the step that asks what becomes of their bookings ahead suspends', async () => {
    const { ownerId, ahead } = await ownerWithBookings();
    const res = await call(admin, 'PATCH', `/api/admin/owners/${ownerId}`, { status: 'suspended' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error: 'suspend_asks_first' });
    const [owner] = await t.ctx.db.select().from(owners).where(eq(owners.id, ownerId));
    expect(owner?.status).toBe('active');
    expect(await statusOf(ahead.map((b) => b.id))).toEqual(expect.arrayContaining(['paid', 'confirmed']));
    // Suspended through the step, the owner is reactivated with one PATCH, and a PATCH that
    // repeats the status they already have changes nothing.
    await call(admin, 'POST', `/api/admin/owners/${ownerId}/suspend`, { upcoming: 'serve' });
    const again = await call(admin, 'PATCH', `/api/admin/owners/${ownerId}`, { status: 'suspended' });
    expect(again.statusCode, again.body).toBe(200);
    const back = await call(admin, 'PATCH', `/api/admin/owners/${ownerId}`, { status: 'active' });
    expect(back.json()).toMatchObject({ owner: { status: 'active' } });
  });

  it('lets an owner pause their own boat and cancel its bookings ahead, never another owner’s', async () => {
    const mine = await ownerWithBookings();
    const theirs = await ownerWithBookings();
    const owner = await tokenFor(t, 'owner', { ownerId: mine.ownerId });
    const pause = (boat: BoatFixture) =>
      call(owner, 'POST', `/api/admin/boats/${boat.id}/pause`, { upcoming: 'cancel_and_refund' });
    // Another owner's boat is not found, as everywhere in an owner's scope.
    expect(
      (await call(owner, 'GET', `/api/admin/boats/${theirs.boat.id}/upcoming-bookings`)).statusCode,
    ).toBe(404);
    expect((await pause(theirs.boat)).statusCode).toBe(404);
    expect(await statusOf(theirs.ahead.map((b) => b.id))).toEqual(
      expect.arrayContaining(['paid', 'confirmed']),
    );

    const res = await pause(mine.boat);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      boat: { listing: 'paused' },
      outcome: { canceled: 2, refunded: 390 },
    });
    expect(await statusOf(mine.ahead.map((b) => b.id))).toEqual(['refunded', 'refunded']);
    expect(await refundedCents(mine.ahead.map((b) => b.id))).toBe(39_000);
    expect(await audit('boat.pause', mine.boat.id)).toHaveLength(1);
  });
});
