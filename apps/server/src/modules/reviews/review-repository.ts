// Queries of the reviews table. Rules (who may write, until when) are in review-service.ts and
// the domain's reviews.ts; the back office's queries take an OwnerScope.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boats, reviewHelpfulVotes, reviews } from '../../db/schema';
import { boatIdInScope, type OwnerScope } from '../owner-scope/owner-scope';

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReviewRow = typeof reviews.$inferInsert;

const published = isNull(reviews.hiddenAt);

export async function findReviewOfBooking(db: Db, bookingId: string): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(reviews).where(eq(reviews.bookingId, bookingId));
  return row;
}

/** Inserts the booking's review; undefined when it already has one (the unique booking_id). */
export async function insertReview(db: Db, values: NewReviewRow): Promise<ReviewRow | undefined> {
  const [row] = await db.insert(reviews).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateReviewContent(
  db: Db,
  id: string,
  values: Pick<NewReviewRow, 'stars' | 'text' | 'firstName' | 'country' | 'language' | 'updatedAt'>,
): Promise<ReviewRow | undefined> {
  const [row] = await db.update(reviews).set(values).where(eq(reviews.id, id)).returning();
  return row;
}

export async function publishedReviewsOfBoat(db: Db, boatId: string): Promise<ReviewRow[]> {
  return db
    .select()
    .from(reviews)
    .where(and(eq(reviews.boatId, boatId), published))
    .orderBy(desc(reviews.createdAt))
    .limit(200);
}

/** Sum of stars and count of published reviews per boat (the catalogue's ratings). */
export async function ratingSumsByBoat(db: Db): Promise<Map<string, { sum: number; count: number }>> {
  const rows = await db
    .select({
      boatId: reviews.boatId,
      sum: sql<number>`sum(${reviews.stars})::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(reviews)
    .where(published)
    .groupBy(reviews.boatId);
  return new Map(rows.map((r) => [r.boatId, { sum: Number(r.sum), count: Number(r.count) }]));
}

const sumAndCount = {
  sum: sql<number>`coalesce(sum(${reviews.stars}), 0)::int`,
  count: sql<number>`count(*)::int`,
};

/** The same over the whole site. */
export async function ratingSumOfSite(db: Db): Promise<{ sum: number; count: number }> {
  const [row] = await db.select(sumAndCount).from(reviews).where(published);
  return { sum: Number(row?.sum ?? 0), count: Number(row?.count ?? 0) };
}

export async function ratingSumOfBoat(db: Db, boatId: string): Promise<{ sum: number; count: number }> {
  const [row] = await db
    .select(sumAndCount)
    .from(reviews)
    .where(and(eq(reviews.boatId, boatId), published));
  return { sum: Number(row?.sum ?? 0), count: Number(row?.count ?? 0) };
}

/** Who votes "helpful": the device's random id and the client address's keyed hash. */
export type HelpfulVoter = { device: string; address: string };

/**
 * A reader's "helpful" on a published review: counted once per device and once per client
 * address, so a second tap, a replayed cookie or a script that drops its cookie changes nothing.
 * Both keys are added together or not at all: a vote counts only when neither has voted on this
 * review (two racing votes of one address: the second waits on the first's key, then adds
 * nothing). Null when there is no published review with that id; otherwise whether it counted.
 */
export async function addHelpful(db: Db, id: string, voter: HelpfulVoter): Promise<boolean | null> {
  try {
    return await db.transaction(async (tx) => {
      const [review] = await tx
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.id, id), published));
      if (!review) return null;
      const added = await tx
        .insert(reviewHelpfulVotes)
        .values([
          { reviewId: id, deviceId: voter.device },
          { reviewId: id, deviceId: voter.address },
        ])
        .onConflictDoNothing()
        .returning({ reviewId: reviewHelpfulVotes.reviewId });
      // One key had voted already: keep neither, so the rows stay two per counted vote.
      if (added.length < 2) throw new VoteNotCounted();
      await tx
        .update(reviews)
        .set({ helpful: sql`${reviews.helpful} + 1` })
        .where(eq(reviews.id, id));
      return true;
    });
  } catch (err) {
    if (err instanceof VoteNotCounted) return false;
    throw err;
  }
}

/** Rolls back a vote whose device or address had voted on the review already. */
class VoteNotCounted extends Error {}

export type ScopedReview = { review: ReviewRow; boatTitle: string };

export async function reviewsInScope(db: Db, scope: OwnerScope): Promise<ScopedReview[]> {
  const rows = await db
    .select({ review: reviews, title: boats.title })
    .from(reviews)
    .innerJoin(boats, eq(boats.id, reviews.boatId))
    .where(boatIdInScope(scope, reviews.boatId))
    .orderBy(desc(reviews.createdAt))
    .limit(500);
  return rows.map((r) => ({ review: r.review, boatTitle: r.title.en }));
}

/** Locks a review of the scope's boats for a change; undefined when there is none. */
export async function lockReviewInScope(
  db: Db,
  scope: OwnerScope,
  id: string,
): Promise<ScopedReview | undefined> {
  const [row] = await db
    .select({ review: reviews, title: boats.title })
    .from(reviews)
    .innerJoin(boats, eq(boats.id, reviews.boatId))
    .where(and(eq(reviews.id, id), boatIdInScope(scope, reviews.boatId)))
    .for('update', { of: reviews });
  return row && { review: row.review, boatTitle: row.title.en };
}

export async function setOwnerReply(
  db: Db,
  id: string,
  reply: { text: string; language: string; at: Date; by: string },
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(reviews)
    .set({
      ownerReply: reply.text,
      ownerReplyLanguage: reply.language,
      ownerRepliedAt: reply.at,
      ownerRepliedBy: reply.by,
    })
    .where(and(eq(reviews.id, id), isNull(reviews.ownerReply)))
    .returning();
  return row;
}

export async function setHidden(
  db: Db,
  id: string,
  hide: { reason: 'abuse' | 'personal_data'; note: string; at: Date; by: string },
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(reviews)
    .set({ hiddenAt: hide.at, hiddenReason: hide.reason, hiddenNote: hide.note, hiddenBy: hide.by })
    .where(and(eq(reviews.id, id), published))
    .returning();
  return row;
}
