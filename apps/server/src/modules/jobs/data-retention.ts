// Personal data is kept only as long as it is needed (docs/privacy.md#how-long). Once a
// booking's trip ended more than RETENTION_YEARS ago, the customer's name, e-mail, phone and
// client address are blanked on the booking, its review keeps its stars but loses the name and
// the texts, and its e-mails are deleted from the outbox, as an erasure on request does
// (erasure/anonymise.ts); any other e-mail that old is deleted too; gift vouchers that lapsed as long ago
// lose their buyers' and recipients' names, addresses and messages; contact messages older than
// MESSAGE_RETENTION_MONTHS are deleted. What adds up money (amounts, the ledger, payouts) and
// what tax law keeps (tickets' codes, invoices with their recipients, billing records) is
// untouched. Idempotent: a row already blanked is not matched again.
import { and, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { bookings, contactMessages, emailOutbox, giftVouchers } from '../../db/schema';
import { blankBookings } from '../erasure/anonymise';

const BATCH = 500;

export type RetentionRun = { bookings: number; vouchers: number; messages: number };

function monthsBefore(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

export async function applyDataRetention(ctx: AppContext): Promise<RetentionRun> {
  const now = ctx.now();
  const ended = monthsBefore(now, 12 * ctx.config.RETENTION_YEARS);
  const run: RetentionRun = { bookings: 0, vouchers: 0, messages: 0 };

  for (;;) {
    const due = await ctx.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          lt(bookings.endsAt, ended),
          or(
            ne(bookings.customerName, ''),
            ne(bookings.customerEmail, ''),
            ne(bookings.customerPhone, ''),
            ne(bookings.customerAddress, ''),
            isNotNull(bookings.clientIp),
          ),
        ),
      )
      .limit(BATCH);
    if (due.length === 0) break;
    const ids = due.map((row) => row.id);
    await ctx.db.transaction((tx) => blankBookings(tx, ids));
    run.bookings += ids.length;
  }

  const vouchers = await ctx.db
    .update(giftVouchers)
    .set({ purchaserName: '', purchaserEmail: '', recipientName: '', recipientEmail: null, message: null })
    .where(
      and(
        lt(giftVouchers.expiresAt, ended),
        or(ne(giftVouchers.purchaserEmail, ''), ne(giftVouchers.purchaserName, '')),
      ),
    )
    .returning({ id: giftVouchers.id });
  run.vouchers = vouchers.length;
  // E-mails about no booking (a voucher's, a password reset's, a contact's acknowledgement) as
  // old; a booking's e-mails go with its customer's details above.
  await ctx.db
    .delete(emailOutbox)
    .where(and(isNull(emailOutbox.bookingId), lt(emailOutbox.createdAt, ended)));

  const messages = await ctx.db
    .delete(contactMessages)
    .where(lt(contactMessages.createdAt, monthsBefore(now, ctx.config.MESSAGE_RETENTION_MONTHS)))
    .returning({ id: contactMessages.id });
  run.messages = messages.length;
  return run;
}
