// The money invariant's safety net, run every job period: every succeeded payment ends on a
// paid, confirmed or completed booking, on a booking the operator canceled after payment (their
// refund decision), or refunded in full, whatever crashed or raced before.
// 1. Refunds left pending (crash or provider outage between the row and the provider's answer)
//    are asked again (the provider call is idempotent per refund row).
// 2. Intents of canceled or expired bookings that were never paid are asked of the provider:
//    still payable or only authorized (a declined or lapsed request) → canceled there; paid
//    after all → refunded.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { stopIntent } from '../bookings/payment-confirmation';
import { completeRefund } from '../bookings/refunds';

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
        or (p.status = 'succeeded' and p.amount_cents > (select coalesce(sum(r.amount_cents), 0) from refunds r
              where r.payment_id = p.id and r.status in ('pending', 'succeeded'))))
    order by b.updated_at limit ${BATCH}`);
  const intents = (open as { rows: { intent: string }[] }).rows.map((r) => r.intent);
  for (const intent of intents) await stopIntent(ctx, intent);
  return { refunds: refundIds.length, intents: intents.length };
}
