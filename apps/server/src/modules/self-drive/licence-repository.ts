// Queries of the skipper's licences: one row per booking (schema.ts).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conditionReports, skipperLicences, users } from '../../db/schema';

export type SkipperLicenceRow = typeof skipperLicences.$inferSelect;
/** A licence with the e-mail of the staff member who confirmed or refused it. */
export type LicenceWithChecker = SkipperLicenceRow & { checkedByEmail: string | null };

const withChecker = (db: Db) =>
  db
    .select({ licence: skipperLicences, checkedByEmail: users.email })
    .from(skipperLicences)
    .leftJoin(users, eq(users.id, skipperLicences.checkedByUserId));

export async function findLicence(db: Db, bookingId: string): Promise<LicenceWithChecker | undefined> {
  const [row] = await withChecker(db).where(eq(skipperLicences.bookingId, bookingId));
  return row && { ...row.licence, checkedByEmail: row.checkedByEmail };
}

/** The licences of these bookings (a manifest's), by booking id. */
export async function licencesOfBookings(
  db: Db,
  bookingIds: readonly string[],
): Promise<Map<string, LicenceWithChecker>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await withChecker(db).where(inArray(skipperLicences.bookingId, [...bookingIds]));
  return new Map(rows.map((r) => [r.licence.bookingId, { ...r.licence, checkedByEmail: r.checkedByEmail }]));
}

/** Writes the booking's licence as recorded (a new one, or the details typed again). */
export async function saveLicence(db: Db, row: typeof skipperLicences.$inferInsert): Promise<void> {
  const checked = {
    checkedByUserId: row.checkedByUserId ?? null,
    checkedAt: row.checkedAt ?? null,
    refusalReason: row.refusalReason ?? null,
  };
  await db
    .insert(skipperLicences)
    .values(row)
    .onConflictDoUpdate({ target: skipperLicences.bookingId, set: { ...row, ...checked } });
}

/** Crew held it against the document: confirmed, or refused with a reason. */
export async function markLicenceChecked(
  db: Db,
  bookingId: string,
  patch: Pick<SkipperLicenceRow, 'status' | 'checkedByUserId' | 'checkedAt' | 'refusalReason'>,
): Promise<void> {
  await db.update(skipperLicences).set(patch).where(eq(skipperLicences.bookingId, bookingId));
}

/** Whether a private photo belongs to this booking: its licence's, or a condition record's. */
export async function bookingHasPhoto(db: Db, bookingId: string, photo: string): Promise<boolean> {
  const [licence] = await db
    .select({ bookingId: skipperLicences.bookingId })
    .from(skipperLicences)
    .where(and(eq(skipperLicences.bookingId, bookingId), eq(skipperLicences.photo, photo)));
  if (licence) return true;
  const [record] = await db
    .select({ bookingId: conditionReports.bookingId })
    .from(conditionReports)
    .where(
      and(
        eq(conditionReports.bookingId, bookingId),
        sql`${conditionReports.photos} @> ${JSON.stringify([photo])}::jsonb`,
      ),
    );
  return record !== undefined;
}
