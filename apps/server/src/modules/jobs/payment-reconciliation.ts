// The money invariant's safety net, run every job period: every succeeded payment ends on a
// paid, confirmed or completed booking, on a booking the operator canceled after payment (their
// refund decision), or refunded in full, whatever crashed or raced before.
// 1. Refunds left pending (crash or provider outage between the row and the provider's answer)
//    are asked again (the provider call is idempotent per refund row).
// 2. Intents of canceled or expired bookings that were never paid are asked of the provider:
//    still payable or only authorized (a declined or lapsed request) → canceled there; paid
//    after all → refunded.
// 3. Gift vouchers sold in the last day whose payment is still open are asked of the provider:
//    paid after all (a buyer who closed the tab) → active, with their e-mails.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { stopIntent } from '../bookings/payment-confirmation';
import { completeRefund } from '../bookings/refunds';
import { settleVoucherSale } from '../gift-vouchers/gift-voucher-service';
import { paymentHoldsSql } from '../payments/ledger';

const BATCH = 100;

export async function reconcilePayments(ctx: AppContext): Promise<{ refunds: number; intents: number }> {
  const pending = await ctx.db.execute<{ id: string }>(sql`
    select id from refunds where status = 'pending' order by created_at limit ${BATCH}`);
  const refundIds = (pending as { rows: { id: string }[] }).rows.map((r) => r.id);
  for (const id of refundIds) await completeRefund(ctx, id);

  const open = await ctx.db.execute<{ intent: string }>(sql`
    select b.provider_payment_id as intent from bookings b
    left join payments p on p.provider_id = b.provider_payment_id
    where b.status in ('canceled', 'refunded') and b.paid_at is null and b.provider_payment_id is not null
      and (p.id is null
        or p.status in ('requires_action', 'requires_capture', 'processing', 'failed')
        or (p.status = 'succeeded' and ${paymentHoldsSql(sql.raw('p'))} > 0))
    order by b.updated_at limit ${BATCH}`);
  const intents = (open as { rows: { intent: string }[] }).rows.map((r) => r.intent);
  for (const intent of intents) await stopIntent(ctx, intent);

  const since = new Date(ctx.now().getTime() - 24 * 3_600_000).toISOString();
  const sales = await ctx.db.execute<{ intent: string }>(sql`
    select p.provider_id as intent from payments p
    where p.booking_id is null and p.gift_voucher_id is not null
      and p.status in ('requires_action', 'processing') and p.created_at >= ${since}
    order by p.created_at limit ${BATCH}`);
  for (const { intent } of (sales as { rows: { intent: string }[] }).rows) {
    const found = await ctx.payments.retrieveIntent(intent).catch(() => undefined);
    if (found) await settleVoucherSale(ctx, found);
  }
  return { refunds: refundIds.length, intents: intents.length };
}
