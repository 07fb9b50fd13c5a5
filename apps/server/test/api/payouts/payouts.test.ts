// Owners' payouts (docs/payments.md#from-a-card-to-an-owners-bank) through the admin's and the
// owner's calls, with the sandbox payout provider: who is paid, who is skipped and why, a refund
// after a payout carried as a negative balance and netted, a refused transfer retried, and a run
// killed after the money moved that pays nobody twice when started again.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  AdminPayoutsResponse,
  OwnerEarningsResponse,
  OwnerPayoutsResponse,
  OwnerStatementResponse,
} from '@boats/domain/schemas/payouts';
import { emailOutbox, owners, sandboxTransfers } from '../../../src/db/schema';
import { queueEventEmails } from '../../../src/modules/jobs/event-emails';
import { completeEndedTrips } from '../../../src/modules/jobs/trip-completion';
import { SANDBOX_REFUSING_ACCOUNT } from '../../../src/modules/payouts/sandbox-payouts';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { buildTestApp, type TestApp } from '../../helpers/test-app';
import { addBooking, addSandboxPayment, at, seedBoat } from '../admin-bookings/admin-bookings.fixtures';

const boatOf = (t: TestApp, ownerId: string) => seedBoat(t.ctx.db, { en: 'Owner boat' }, ownerId);

/** A confirmed, paid charter on `day` of November 2026 (10:00–12:00 Canary = UTC). */
async function sold(
  t: TestApp,
  boat: Awaited<ReturnType<typeof boatOf>>,
  day: string,
  cents: number,
  bps: number,
) {
  const { booking } = await addBooking(t.ctx.db, boat, {
    status: 'confirmed',
    start: at(day),
    grossCents: cents,
    commissionBps: bps,
  });
  await addSandboxPayment(t.ctx.db, booking.providerPaymentId!, cents);
  return booking;
}

describe('payouts', async () => {
  const t = await buildTestApp({ template: 'empty', now: new Date('2026-11-15T12:00:00Z') });
  // Fresh tokens for each call: the test moves the app's clock past a token's life.
  const asAdmin = async () => bearer(await tokenFor(t, 'admin'));
  const marlin = await newOwner(t, { displayName: 'Marlin', commissionBps: 1000 });
  const anaga = await newOwner(t, { displayName: 'Anaga' });
  const closed = await newOwner(t, { displayName: 'Closed', status: 'suspended' });
  const held = await newOwner(t, { displayName: 'Held' });
  const small = await newOwner(t, { displayName: 'Small' });
  const boat = {
    marlin: await boatOf(t, marlin),
    anaga: await boatOf(t, anaga),
    closed: await boatOf(t, closed),
    held: await boatOf(t, held),
    small: await boatOf(t, small),
  };
  const asMarlin = async () => bearer(await tokenFor(t, 'owner', { ownerId: marlin }));

  const run = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/payouts/run',
      headers: await asAdmin(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{
      paid: { ownerId: string; amount: number }[];
      failed: { ownerId: string; amount: number; failure: string }[];
      pending: string[];
      skipped: { ownerId: string; reason: string; balance: number }[];
    }>();
  };
  const balances = async () => {
    const res = await t.app.inject({ url: '/api/admin/payouts', headers: await asAdmin() });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AdminPayoutsResponse>();
    return new Map(body.owners.map((o) => [o.ownerId, o]));
  };

  it('pays each active owner their payable balance, and says why the others wait', async () => {
    const big = await sold(t, boat.marlin, '2026-11-10', 20_000, 1000);
    await sold(t, boat.marlin, '2026-11-11', 10_000, 1000);
    await sold(t, boat.marlin, '2026-11-14', 5_000, 1000); // payable on the 17th
    await sold(t, boat.anaga, '2026-11-09', 30_000, 1500);
    await sold(t, boat.closed, '2026-11-09', 10_000, 1500);
    await sold(t, boat.held, '2026-11-09', 10_000, 1500);
    await sold(t, boat.small, '2026-11-09', 900, 1500); // €7.65 share, below the €10 minimum
    expect(await completeEndedTrips(t.ctx)).toBe(7);
    const hold = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payouts/owners/${held}/hold`,
      headers: await asAdmin(),
      payload: { onHold: true },
    });
    expect(hold.json()).toEqual({ onHold: true });

    const first = await run();
    expect(first.paid.map((p) => [p.ownerId, p.amount]).sort()).toEqual(
      [
        [marlin, 270],
        [anaga, 255],
      ].sort(),
    );
    expect(first.skipped).toEqual(
      expect.arrayContaining([
        { ownerId: closed, reason: 'suspended', balance: 85 },
        { ownerId: held, reason: 'on_hold', balance: 85 },
        { ownerId: small, reason: 'below_minimum', balance: 7.65 },
      ]),
    );
    const after = await balances();
    expect(after.get(marlin)).toMatchObject({ paidOut: 270, balance: 45, payable: 0, earned: 315 });
    expect(after.get(anaga)).toMatchObject({ paidOut: 255, balance: 0 });
    expect(after.get(closed)).toMatchObject({ paidOut: 0, balance: 85 });

    // The owner sees it too, and only their own.
    const earnings = (
      await t.app.inject({ url: '/api/owner/earnings', headers: await asMarlin() })
    ).json<OwnerEarningsResponse>();
    expect(earnings.balance).toMatchObject({ paidOut: 270, balance: 45 });
    expect(earnings.lines).toHaveLength(3);
    const payouts = (
      await t.app.inject({ url: '/api/owner/payouts', headers: await asMarlin() })
    ).json<OwnerPayoutsResponse>();
    expect(payouts.payouts).toHaveLength(1);
    expect(payouts.payouts[0]).toMatchObject({ amount: 270, state: 'paid', lineCount: 2 });
    expect(earnings.months).toEqual(['2026-11']);
    // The month's statement: every line earned in it, and its payout with the lines it carries.
    const statement = (
      await t.app.inject({ url: '/api/owner/statement?month=2026-11', headers: await asMarlin() })
    ).json<OwnerStatementResponse>();
    expect(statement.lines).toHaveLength(3);
    expect(statement.payouts.map((p) => p.lines.map((l) => l.share).sort())).toEqual([[180, 90].sort()]);
    const otherMonth = await t.app.inject({
      url: '/api/owner/statement?month=2026-10',
      headers: await asMarlin(),
    });
    expect(otherMonth.json<OwnerStatementResponse>()).toMatchObject({ lines: [], payouts: [] });
    const badMonth = await t.app.inject({
      url: '/api/owner/statement?month=2026-13',
      headers: await asMarlin(),
    });
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.body).toContain('month');
    // The admin reads an owner's by naming it; another owner's token reads only its own.
    const asAdminOf = async (ownerId?: string) =>
      t.app.inject({
        url: `/api/owner/earnings${ownerId ? `?ownerId=${ownerId}` : ''}`,
        headers: await asAdmin(),
      });
    expect((await asAdminOf()).statusCode).toBe(400);
    expect((await asAdminOf(marlin)).json<OwnerEarningsResponse>().balance).toMatchObject({ paidOut: 270 });
    const nosy = await t.app.inject({
      url: `/api/owner/earnings?ownerId=${marlin}`,
      headers: bearer(await tokenFor(t, 'owner', { ownerId: small })),
    });
    expect(nosy.json<OwnerEarningsResponse>().balance).toMatchObject({ ownerId: small, paidOut: 0 });

    // A run again at once pays nobody twice.
    expect((await run()).paid).toEqual([]);

    // A refund of €200 after the payout: the owner owes €180 back, carried as a negative balance.
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${big.id}/refund`,
      headers: await asAdmin(),
      payload: { amount: 200, reason: 'Dispute' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await balances()).get(marlin)).toMatchObject({ balance: -135, payable: -180, paidOut: 270 });
    const carried = await run();
    expect(carried.paid).toEqual([]);
    expect(carried.skipped).toContainEqual({ ownerId: marlin, reason: 'below_minimum', balance: -180 });

    // A new trip outweighs it: the next run nets the negative line against it.
    t.setNow(new Date('2026-11-20T12:00:00Z'));
    await sold(t, boat.marlin, '2026-11-16', 40_000, 1000);
    expect(await completeEndedTrips(t.ctx)).toBe(1);
    const netted = await run();
    expect(netted.paid).toEqual([expect.objectContaining({ ownerId: marlin, amount: 225 })]);
    const settled = (await balances()).get(marlin)!;
    expect(settled).toMatchObject({ balance: 0, paidOut: 495, earned: 495 });
  });

  it('holds an owner’s payouts for PAYOUT_HOLD_AFTER_CHANGE_HOURS after they change their payout details, and tells their address', async () => {
    t.setNow(new Date('2026-11-25T12:00:00Z'));
    // An owner whose payout account is already set: a change of it is what waits.
    const moved = await newOwner(t, {
      displayName: 'Moved',
      email: 'moved@example.com',
      language: 'es',
      payoutAccount: 'acct_moved_before',
    });
    await sold(t, await boatOf(t, moved), '2026-11-20', 10_000, 1500);
    expect(await completeEndedTrips(t.ctx)).toBe(1);
    const ownerToken = await tokenFor(t, 'owner', { ownerId: moved });
    // A token of the moment: the clock moves on by days below.
    const ownPayouts = async () => {
      const res = await t.app.inject({
        url: '/api/owner/payouts',
        headers: bearer(await tokenFor(t, 'owner', { ownerId: moved })),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ payoutsHeldUntil: string | null }>().payoutsHeldUntil;
    };
    expect(await ownPayouts()).toBeNull();
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/owner/payouts/account',
      headers: bearer(ownerToken),
    });
    expect(change.statusCode, change.body).toBe(200);
    // The owner's own page reads the hold too (issue 58).
    expect(await ownPayouts()).toBe('2026-11-27T12:00:00.000Z');

    await queueEventEmails(t.ctx);
    const [notice] = await t.ctx.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.kind, 'payout_details_changed'), eq(emailOutbox.toAddress, 'moved@example.com')),
      );
    expect(notice?.subject).toBe('Se están cambiando tus datos bancarios de pago');
    // 48 hours on, in Canary time (UTC+0 in November).
    expect(notice?.textBody).toContain('27/11/2026');
    expect((await balances()).get(moved)).toMatchObject({
      payable: 85,
      payoutsHeldUntil: '2026-11-27T12:00:00.000Z',
    });

    const held = await run();
    expect(held.paid.map((p) => p.ownerId)).not.toContain(moved);
    expect(held.skipped).toContainEqual({ ownerId: moved, reason: 'details_changed', balance: 85 });
    expect((await balances()).get(moved)).toMatchObject({ balance: 85, paidOut: 0 });

    t.setNow(new Date('2026-11-27T12:00:01Z'));
    expect((await balances()).get(moved)).toMatchObject({ payoutsHeldUntil: null });
    expect(await ownPayouts()).toBeNull();
    const released = await run();
    expect(released.paid).toContainEqual(expect.objectContaining({ ownerId: moved, amount: 85 }));
    expect((await balances()).get(moved)).toMatchObject({ balance: 0, paidOut: 85, earned: 85 });
  });

  it('a refused transfer gives the lines back; the next run pays them', async () => {
    await t.ctx.db
      .update(owners)
      .set({ payoutAccount: SANDBOX_REFUSING_ACCOUNT })
      .where(eq(owners.id, anaga));
    await sold(t, boat.anaga, '2026-11-16', 10_000, 1500);
    expect(await completeEndedTrips(t.ctx)).toBe(1);
    const refused = await run();
    expect(refused.failed).toEqual([
      expect.objectContaining({ ownerId: anaga, amount: 85, failure: expect.stringMatching(/refused/) }),
    ]);
    expect((await balances()).get(anaga)).toMatchObject({ balance: 85, payable: 85, paidOut: 255 });

    await t.ctx.db.update(owners).set({ payoutAccount: null }).where(eq(owners.id, anaga));
    const retried = await run();
    expect(retried.paid).toEqual([expect.objectContaining({ ownerId: anaga, amount: 85 })]);
    expect((await balances()).get(anaga)).toMatchObject({ balance: 0, paidOut: 340 });
  });

  it('a run killed after the money moved, started again, pays nobody twice', async () => {
    await sold(t, boat.anaga, '2026-11-17', 20_000, 1500);
    expect(await completeEndedTrips(t.ctx)).toBe(1);
    const real = t.ctx.payouts;
    // The transfer happens, then the process dies before it records the answer.
    t.ctx.payouts = {
      ...real,
      transfer: async (request) => {
        await real.transfer(request);
        throw new Error('killed');
      },
    };
    try {
      const killed = await run();
      expect(killed.paid).toEqual([]);
      expect(killed.pending).toHaveLength(1);
    } finally {
      t.ctx.payouts = real;
    }
    expect((await balances()).get(anaga)).toMatchObject({ inTransit: 170, balance: 0 });

    const again = await run();
    expect(again.paid).toEqual([expect.objectContaining({ ownerId: anaga, amount: 170 })]);
    const [transfers] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int`, cents: sql<number>`sum(amount_cents)::int` })
      .from(sandboxTransfers)
      .where(sql`account = ${`acct_sandbox_${anaga.replaceAll('-', '')}`}`);
    // €255 + €85 + €170: three transfers, each once.
    expect(transfers).toEqual({ n: 3, cents: 51_000 });
    expect((await balances()).get(anaga)).toMatchObject({ inTransit: 0, balance: 0, paidOut: 510 });
  });
});
