// Payouts through Stripe Connect with the official SDK against the local Stripe fake: the owner
// gets a connected account and Stripe's hosted onboarding link; a run transfers each payout once
// (the payout's id as idempotency key, so a run killed after the transfer moves nothing again);
// a refused transfer gives the lines back and the next run pays them; no account, no payout.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { boats, owners, payouts } from '../../../src/db/schema';
import { completeEndedTrips } from '../../../src/modules/jobs/trip-completion';
import { runPayouts } from '../../../src/modules/payouts/payout-service';
import { bearer, newOwner, tokenFor } from '../../helpers/admin-token';
import { stripeTestApp } from '../../helpers/stripe-test-app';
import { addBooking, at } from '../admin-bookings/admin-bookings.fixtures';

describe('payouts through Stripe Connect', async () => {
  const { t, fake } = await stripeTestApp(new Date('2026-11-15T12:00:00Z'));
  const ownerId = await newOwner(t, { displayName: 'Connect owner', commissionBps: 1000 });
  const [boat] = await t.ctx.db
    .insert(boats)
    .values({
      title: { en: 'Connect boat' },
      description: { en: 'A boat for tests' },
      capacity: 10,
      pricePerHourCents: 10_000,
      ownerId,
      publishedAt: new Date('2020-01-01T00:00:00Z'),
    })
    .returning();
  const sell = async (day: string, cents: number) => {
    await addBooking(t.ctx.db, boat!, {
      status: 'confirmed',
      start: at(day),
      grossCents: cents,
      commissionBps: 1000,
    });
    await completeEndedTrips(t.ctx);
  };

  it('onboards the owner on Stripe’s page, then transfers each payout exactly once', async () => {
    await sell('2026-11-05', 20_000);
    // Not onboarded yet: the run skips the owner, nothing moves.
    const before = await runPayouts(t.ctx, 'test');
    expect(before.skipped).toContainEqual({ ownerId, reason: 'no_account', balanceCents: 18_000 });
    expect(fake.transfers.size).toBe(0);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/owner/payouts/account',
      headers: bearer(await tokenFor(t, 'owner', { ownerId })),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { account, url } = res.json<{ account: string; url: string }>();
    expect(account).toMatch(/^acct_fake_/);
    expect(url).toContain(`https://connect.stripe.test/setup/${account}`);
    expect(fake.accounts.get(account)?.metadata).toEqual({ ownerId });

    // The first transfer succeeds at Stripe, then the process dies before it records the answer.
    const real = t.ctx.payouts;
    t.ctx.payouts = {
      ...real,
      transfer: async (request) => {
        await real.transfer(request);
        throw new Error('killed');
      },
    };
    try {
      expect((await runPayouts(t.ctx, 'test')).pending).toHaveLength(1);
    } finally {
      t.ctx.payouts = real;
    }
    const again = await runPayouts(t.ctx, 'test');
    expect(again.paid).toEqual([expect.objectContaining({ ownerId, amountCents: 18_000 })]);
    expect([...fake.transfers.values()]).toEqual([
      expect.objectContaining({ amount: 18_000, destination: account }),
    ]);
    const [payout] = await t.ctx.db.select().from(payouts).where(eq(payouts.ownerId, ownerId));
    expect(payout).toMatchObject({ state: 'paid', provider: 'stripe', account });
    expect(fake.requests.filter((r) => r.path === '/v1/transfers').map((r) => r.idempotencyKey)).toEqual([
      `payout-${payout!.id}`,
      `payout-${payout!.id}`,
    ]);
  });

  it('a transfer Stripe refuses gives the lines back; the next run pays them', async () => {
    const [owner] = await t.ctx.db.select().from(owners).where(eq(owners.id, ownerId));
    fake.refuseTransfersTo(owner!.payoutAccount!);
    await sell('2026-11-06', 5_000);
    const refused = await runPayouts(t.ctx, 'test');
    expect(refused.failed).toEqual([
      expect.objectContaining({
        ownerId,
        amountCents: 4_500,
        failure: expect.stringMatching(/cannot receive/),
      }),
    ]);
    fake.refuseTransfersTo(owner!.payoutAccount!, false);
    const retried = await runPayouts(t.ctx, 'test');
    expect(retried.paid).toEqual([expect.objectContaining({ ownerId, amountCents: 4_500 })]);
    expect([...fake.transfers.values()].map((x) => x.amount)).toEqual([18_000, 4_500]);
  });
});
