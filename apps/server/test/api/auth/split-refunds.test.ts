// Step-up's refund limit cannot be split (issue 53): on a session whose second factor is older
// than STEP_UP_MINUTES, a refund passes only while it, the account's refunds of the last
// STEP_UP_REFUND_WINDOW_MINUTES and the booking's earlier refunds stay within STEP_UP_REFUND_EUR
// (200 €). 200 + 100 in sequence and 150 + 150 at once both went through before.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refunds } from '../../../src/db/schema';
import { newOwner } from '../../helpers/admin-token';
import { codeAt, enrolledSignIn, newAccount, signInAgain } from '../../helpers/second-factor';
import { buildTestApp } from '../../helpers/test-app';
import { addBooking, addSandboxPayment, at, seedBoat } from '../admin-bookings/admin-bookings.fixtures';

// 10 s into a 30 s step, like second-factor.test.ts.
const NOW = new Date('2026-11-27T10:00:10Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

describe('step-up: refunds split under the threshold', async () => {
  const t = await buildTestApp({ template: 'empty', now: NOW });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const ownerId = await newOwner(t);
  const boat = await seedBoat(t.ctx.db, { en: 'Split refunds' }, ownerId);
  let accounts = 0;
  let day = 0;

  /** A new admin with an authenticator, signed in at NOW: its factor is stale from NOW + 10 min. */
  const admin = async () => {
    accounts += 1;
    t.setNow(NOW);
    const account = await newAccount(t, `refunder-${accounts}@boats.test`, 'admin', null);
    return enrolledSignIn(t, account.email);
  };

  /** A canceled booking whose `cents` were paid by card and are all refundable. */
  const canceled = async (cents: number) => {
    day += 1;
    const { booking } = await addBooking(t.ctx.db, boat, {
      status: 'canceled',
      start: at(`2027-01-${String(day).padStart(2, '0')}`),
      grossCents: cents,
      receivedCents: cents,
    });
    await addSandboxPayment(t.ctx.db, booking.providerPaymentId!, cents);
    return booking.id;
  };

  const refund = (token: string, bookingId: string, amount: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${bookingId}/refund`,
      headers: bearer(token),
      payload: { amount },
    });

  const refundedCents = async (bookingId: string) =>
    (await t.ctx.db.select().from(refunds).where(eq(refunds.bookingId, bookingId))).reduce(
      (sum, r) => sum + r.amountCents,
      0,
    );

  it('refuses 200 € then 100 € on two bookings in sequence without a fresh factor, and takes it after the code', async () => {
    const { accessToken, secret } = await admin();
    const first = await canceled(30_000);
    const second = await canceled(30_000);
    t.setNow(minutes(11));
    const twoHundred = await refund(accessToken, first, 200);
    expect(twoHundred.statusCode, twoHundred.body).toBe(200);

    t.setNow(minutes(12));
    const hundred = await refund(accessToken, second, 100);
    expect(hundred.statusCode).toBe(403);
    expect(hundred.json()).toMatchObject({ error: 'step_up_required' });
    expect(await refundedCents(second)).toBe(0);

    const stepUp = await t.app.inject({
      method: 'POST',
      url: '/user/step-up',
      headers: bearer(accessToken),
      payload: { code: await codeAt(secret, t.ctx.now()) },
    });
    expect(stepUp.statusCode, stepUp.body).toBe(200);
    const again = await refund(accessToken, second, 100);
    expect(again.statusCode, again.body).toBe(200);
    expect(await refundedCents(second)).toBe(10_000);
  });

  it('refuses the second of 150 € + 150 € sent at once on two bookings', async () => {
    const { accessToken } = await admin();
    const one = await canceled(15_000);
    const other = await canceled(15_000);
    t.setNow(minutes(11));
    const answers = await Promise.all([refund(accessToken, one, 150), refund(accessToken, other, 150)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 403]);
    expect(answers.find((a) => a.statusCode === 403)?.json()).toMatchObject({ error: 'step_up_required' });
    expect((await refundedCents(one)) + (await refundedCents(other))).toBe(15_000);
  });

  it('refuses the second of 150 € + 150 € sent at once on one booking', async () => {
    const { accessToken } = await admin();
    const booking = await canceled(30_000);
    t.setNow(minutes(11));
    const answers = await Promise.all([refund(accessToken, booking, 150), refund(accessToken, booking, 150)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 403]);
    expect(await refundedCents(booking)).toBe(15_000);
  });

  it('counts what the booking was refunded before, by another account too', async () => {
    const colleague = await admin();
    const { accessToken } = await admin();
    const booking = await canceled(30_000);
    t.setNow(minutes(11));
    expect((await refund(colleague.accessToken, booking, 150)).statusCode).toBe(200);
    const more = await refund(accessToken, booking, 100);
    expect(more.statusCode).toBe(403);
    expect(more.json()).toMatchObject({ error: 'step_up_required' });
    expect(await refundedCents(booking)).toBe(15_000);
  });

  it('forgets the account’s refunds after STEP_UP_REFUND_WINDOW_MINUTES (60)', async () => {
    const { accessToken, secret } = await admin();
    const first = await canceled(20_000);
    const second = await canceled(20_000);
    t.setNow(minutes(11));
    expect((await refund(accessToken, first, 200)).statusCode).toBe(200);
    // A new sign-in (access tokens are short), whose factor is stale again 12 minutes later.
    t.setNow(minutes(60));
    const email = `refunder-${accounts}@boats.test`;
    const session = await signInAgain(t, email, secret);
    t.setNow(minutes(72));
    const later = await refund(session.accessToken, second, 200);
    expect(later.statusCode, later.body).toBe(200);
  });

  it('lets a fresh factor refund above the limit, and counts that refund in the window after', async () => {
    const { accessToken } = await admin();
    const big = await canceled(50_000);
    const small = await canceled(5_000);
    t.setNow(minutes(5));
    expect((await refund(accessToken, big, 500)).statusCode).toBe(200);
    t.setNow(minutes(11));
    const after = await refund(accessToken, small, 50);
    expect(after.statusCode).toBe(403);
    expect(after.json()).toMatchObject({ error: 'step_up_required' });
  });
});
