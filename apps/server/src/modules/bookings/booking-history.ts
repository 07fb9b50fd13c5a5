// Every status change of a booking is written here, in the transaction that makes it.
import type { BookingStatus } from '@boats/domain/booking-status';
import type { Db } from '../../db/client';
import { bookingHistory } from '../../db/schema';

export type BookingTransitionRecord = {
  bookingId: string;
  from: BookingStatus | null;
  to: BookingStatus;
  /** 'system', 'customer', 'provider' or the admin's e-mail. */
  actor: string;
  actorUserId?: string | null;
  reason?: string | null;
  at?: Date;
};

export async function recordBookingTransition(tx: Db, entry: BookingTransitionRecord): Promise<void> {
  await tx.insert(bookingHistory).values({
    bookingId: entry.bookingId,
    fromStatus: entry.from,
    toStatus: entry.to,
    actor: entry.actor,
    actorUserId: entry.actorUserId ?? null,
    reason: entry.reason ?? null,
    ...(entry.at ? { at: entry.at } : {}),
  });
}
