// A step of a boat's listing (docs/back-office.md#listings): the domain's table decides whether
// this actor may take it from the boat's state, on the boat's locked row; the step writes the
// instants it sets and a line of the boat's history in the same transaction. What the public site
// shows follows from the row (onPublicSiteSql), and the read caches from the boats trigger.
import { needsCompleteBoat, nextListing, type ListingAction } from '@boats/domain/listing-state';
import { ADMIN_PATHS } from '@boats/domain/public-paths';
import type { AdminBoat } from '@boats/domain/schemas/boat';
import { isUuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import { conflict, DomainError, notFound } from '../../http/errors';
import type { TokenUser } from '../auth/access-token';
import { scopeOf } from '../owner-scope/owner-scope';
import { noteAudit } from '../audit/audit-trail';
import { emitEvent } from '../events/domain-events';
import { adminBoatOf, recordBoatHistory, type BoatHistoryAction } from './admin-boat-service';
import { lockBoat, updateBoat } from './boat-repository';
import { factColumnsFor, listingFactsOf, missingOfRow } from './listing';

/** The line each step writes in the boat's history. */
const HISTORY_OF: Record<ListingAction, BoatHistoryAction> = {
  submit: 'submitted',
  withdraw: 'withdrawn',
  send_back: 'sent_back',
  approve: 'published',
  pause: 'paused',
  resume: 'resumed',
  suspend: 'suspended',
  reinstate: 'unsuspended',
  archive: 'archived',
  restore: 'restored',
};

/** The platform's decisions on a submitted boat, each told to its owner by e-mail. */
const TOLD: Partial<Record<ListingAction, 'approved' | 'sent_back'>> = {
  approve: 'approved',
  send_back: 'sent_back',
};

export async function changeListing(
  ctx: AppContext,
  user: TokenUser,
  id: string,
  action: ListingAction,
  /** The platform's note to the owner when it sends the boat back. */
  note?: string,
): Promise<AdminBoat> {
  const scope = scopeOf(user);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const row = isUuid(id) ? await lockBoat(tx, scope, id) : undefined;
    if (!row) throw notFound('Boat');
    const verdict = nextListing(listingFactsOf(row), action, user.role === 'admin' ? 'admin' : 'owner');
    if (!verdict.ok && verdict.reason === 'actor')
      throw new DomainError(403, 'listing_forbidden', `Only the platform may ${action} a listing`, {
        action,
        from: verdict.from,
      });
    if (!verdict.ok)
      throw conflict('listing_transition', `A ${verdict.from} listing cannot ${action}`, {
        action,
        from: verdict.from,
      });
    const missing = missingOfRow(row);
    if (needsCompleteBoat(action) && missing.length > 0)
      throw conflict('listing_incomplete', `The boat still needs: ${missing.join(', ')}`, { missing });
    await updateBoat(tx, scope, id, { ...factColumnsFor(row, verdict.facts, now), updatedAt: now });
    noteAudit({ changes: { listing: { before: verdict.from, after: verdict.to } } });
    await recordBoatHistory(tx, { boatId: id, at: now, action: HISTORY_OF[action], by: user });
    const decision = TOLD[action];
    if (decision)
      // In the step's transaction: the owner is told exactly when the step holds. The e-mail
      // hangs off the event (jobs/event-emails.ts, mail/boat-listing-emails.ts).
      await emitEvent(tx, {
        kind: 'boat.listing_decided',
        bookingId: null,
        payload: {
          boatId: id,
          decision,
          missing,
          note: decision === 'sent_back' ? note || null : null,
          editorUrl: `${ctx.config.publicUrl}${ADMIN_PATHS.boats}/edit/${encodeURIComponent(id)}`,
        },
      });
  });
  return adminBoatOf(ctx, scope, id);
}
