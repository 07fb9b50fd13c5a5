// The back office's hot reads (a month's bookings list page, a day's trips, a trip's manifest, an
// owner's earnings, statement and payouts) answered from the read cache between changes. The key
// is the caller's role and scope (`readerKeyOf` in modules/auth/require-admin.ts) with the address
// and its whole validated query, so an owner (or an owner's crew) is never answered from another
// scope's entry. A data-change notification drops the entries that read its table and show its
// boat and its trip's start (`BackOfficeReads`, http/read-caches.ts): a sale drops the day's trips
// of its own day, not the other days'. What moves with the clock alone (a hold lapsing,
// a cutoff passing, a line turning payable) is bounded by the fill's `validUntil`.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context';
import {
  backOfficeGroup,
  MAX_CACHED_MS,
  type BackOfficeReads,
  type ReadCaches,
  type TripStarts,
} from './read-caches';
import { sendCachedAnswer } from './send-cached-answer';

/** Who asks (`reader`: role and scope), where and with which query: all an answer depends on. */
function backOfficeKey(reader: string, request: FastifyRequest): string {
  return `${reader}|${request.url.split('?', 1)[0]}|${JSON.stringify(request.query)}`;
}

/**
 * Sends the answer of `fill` as its response schema would serialize it (unknown keys stripped),
 * from memory while nothing has changed and the clock has not reached its `validUntil`. The fill
 * gets a context whose clock stands still at the request's instant, so its answer and its
 * `validUntil` are worked out at the same moment.
 */
export async function sendBackOfficeAnswer<S extends z.ZodType>(
  ctx: AppContext,
  caches: ReadCaches,
  /** The caller's role and scope, `readerKeyOf(request)`. */
  reader: string,
  request: FastifyRequest,
  reply: FastifyReply,
  schema: S,
  /** What the fill reads: its tables, and the boats of the caller's scope (asked on a miss). */
  reads: {
    tables: BackOfficeReads['tables'];
    boatIds: (at: AppContext) => Promise<BackOfficeReads['boatIds']>;
  },
  /**
   * The answer, until when the clock alone leaves it true, and the trip starts whose bookings it
   * shows (none: any), which a change to a booking of another trip leaves it.
   */
  fill: (
    at: AppContext,
  ) => Promise<{ answer: z.input<S>; validUntil?: number | undefined; tripStarts?: TripStarts | undefined }>,
): Promise<FastifyReply> {
  const now = ctx.now();
  const at = now.getTime();
  // The group is the fill's to name: the scope's boats are read only when the answer is not kept.
  const answer = await caches.backOffice.get(backOfficeKey(reader, request), undefined, at, async () => {
    const frozen = { ...ctx, now: () => now };
    const [filled, boatIds] = await Promise.all([fill(frozen), reads.boatIds(frozen)]);
    return {
      body: JSON.stringify(schema.parse(filled.answer)),
      validUntil: Math.min(filled.validUntil ?? Infinity, at + MAX_CACHED_MS),
      group: backOfficeGroup({ tables: reads.tables, boatIds, tripStarts: filled.tripStarts }),
    };
  });
  // Customers' names and phones, an owner's money: nothing kept by the browser or a proxy.
  return sendCachedAnswer(request, reply, answer, 'no-store');
}

/** The earliest of the instants after `now` (ms), or undefined when none is. */
export function firstAfter(now: Date, instants: Iterable<Date | null | undefined>): number | undefined {
  let first: number | undefined;
  for (const instant of instants) {
    const t = instant?.getTime();
    if (t !== undefined && t > now.getTime() && (first === undefined || t < first)) first = t;
  }
  return first;
}
