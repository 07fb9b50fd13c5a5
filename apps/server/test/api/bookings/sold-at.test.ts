// `bookings.paid_at` is when the booking was sold (docs/architecture.md#stored-values-that-copy-others):
// set by the lifecycle's one status statement on → paid, which writes the booking's `paid`
// history line with it, and never changed after. It is not the ledger's capture: a card paid
// after its hold was released is captured (and refunded) on a booking that was never sold,
// and the reconciliation job, the late payment's refund and the money invariants tell the two
// apart by it. On PGlite and PostgreSQL.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingHistory, bookings } from '../../../src/db/schema';
import { ledgerOf } from '../../../src/modules/payments/ledger';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { checkoutTestApp, confirmReturn, payByCard, bookingUrl } from '../../helpers/checkout-fixtures';

describe('bookings.paid_at: the sale, as the lifecycle recorded it', async () => {
  const { t, db, checkoutOnNextTrip } = await checkoutTestApp({ MAX_LIVE_HOLDS_PER_IP: '1000' });
  const admin = await tokenFor(t, 'admin');
  const checkout = () =>
    checkoutOnNextTrip(
      { adults: 2, children50: 0, kidsFree: 0 },
      { customer: { name: 'Lucía', email: 'lucia@example.com' } },
    );
  const release = (id: string) => t.app.inject({ method: 'POST', url: bookingUrl(t.ctx, id, '/release') });
  const booking = async (id: string) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  /** When the booking's history says it was sold (its line → paid), or null. */
  const soldInHistory = async (id: string) => {
    const lines = await db
      .select({ at: bookingHistory.at })
      .from(bookingHistory)
      .where(and(eq(bookingHistory.bookingId, id), eq(bookingHistory.toStatus, 'paid')));
    expect(lines.length).toBeLessThanOrEqual(1);
    return lines[0]?.at ?? null;
  };

  it('is set by the sale, with the history line that records it, and stays after a cancellation', async () => {
    const c = await checkout();
    expect((await booking(c.bookingId)).paidAt).toBeNull();
    const start = t.ctx.now();
    const saleAt = new Date(start.getTime() + 5 * 60_000);
    t.setNow(saleAt);
    expect((await payByCard(t.app, c.clientSecret)).json()).toEqual({ status: 'succeeded' });
    expect((await confirmReturn(t.app, c.intentId)).statusCode).toBe(200);
    const sold = await booking(c.bookingId);
    expect(sold.status).toBe('paid');
    expect(sold.paidAt).toEqual(saleAt);
    expect(await soldInHistory(c.bookingId)).toEqual(sold.paidAt);

    // The operator cancels it later: it was sold, so its money is the operator's to refund.
    t.setNow(new Date(start.getTime() + 10 * 60_000));
    const canceled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${c.bookingId}/cancel`,
      headers: bearer(admin),
      payload: { reason: 'Weather' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const after = await booking(c.bookingId);
    expect(after.status).toBe('canceled');
    expect(after.paidAt).toEqual(sold.paidAt);
    t.setNow(start);
  });

  it('stays empty when the card is captured after the hold was released: the ledger has the money, no sale happened', async () => {
    const c = await checkout();
    expect((await payByCard(t.app, c.clientSecret)).json()).toEqual({ status: 'succeeded' });
    expect((await release(c.bookingId)).statusCode).toBe(200);

    // The ledger captured the card (and gave it back): a capture is not a sale.
    expect(await ledgerOf(db, c.bookingId)).toMatchObject({ receivedCents: 10_000, refundedCents: 10_000 });
    const late = await booking(c.bookingId);
    expect(late.status).toBe('refunded');
    expect(late.paidAt).toBeNull();
    expect(await soldInHistory(c.bookingId)).toBeNull();
  });

  it('stays empty on a hold released unpaid', async () => {
    const c = await checkout();
    expect((await release(c.bookingId)).statusCode).toBe(200);
    expect((await booking(c.bookingId)).paidAt).toBeNull();
    expect(await ledgerOf(db, c.bookingId)).toMatchObject({ receivedCents: 0 });
  });

  it('matches the history of every booking written above', async () => {
    const rows = await db.select({ id: bookings.id, paidAt: bookings.paidAt }).from(bookings);
    expect(rows.length).toBe(3);
    for (const row of rows) expect(await soldInHistory(row.id)).toEqual(row.paidAt);
  });
});
