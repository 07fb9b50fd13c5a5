// When seats free up, the waitlist is offered them. The domain events of the outbox say when:
// a shared booking that becomes canceled (released on the payment step, a lapsed hold, the
// customer's or the operator's cancellation, a waitlist offer nobody paid) gives its seats back
// to its trip. The event-e-mail job collects those trips from each batch of events and offers
// each trip's free seats in a transaction of its own (one trip's row lock at a time, so two
// instances never wait on each other in a circle). The waitlist job below does the same for
// every trip with visitors waiting, which also catches seats freed without a booking event (the
// operator adding seats) and a crash between the two, and forgets departed trips' entries.
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { StoredEvent } from '../events/domain-events';
import { offerFreedSeats } from './waitlist-service';
import { deleteDeparted, sharedSlotOfBooking, slotsWithWaiting } from './waitlist-repository';

/** The shared trip whose seats the event gave back, if it did. */
export async function tripFreedBy(tx: Db, event: StoredEvent): Promise<string | null> {
  if (event.kind !== 'booking.status_changed' || !event.bookingId) return null;
  if ((event.payload as { to?: unknown }).to !== 'canceled') return null;
  return sharedSlotOfBooking(tx, event.bookingId);
}

/** Offers the free seats of each trip, one transaction per trip, in the order of their ids. */
export async function offerOnTrips(ctx: AppContext, slotIds: Iterable<string>): Promise<number> {
  let offered = 0;
  for (const slotId of [...new Set(slotIds)].sort()) offered += await offerFreedSeats(ctx, slotId);
  return offered;
}

/** The waitlist job: forgets departed trips' entries, offers free seats wherever someone waits. */
export async function tendWaitlists(ctx: AppContext): Promise<number> {
  await deleteDeparted(ctx.db, ctx.now());
  return offerOnTrips(ctx, await slotsWithWaiting(ctx.db, ctx.now()));
}
