// Queries of the condition records: one per booking and phase (schema.ts).
import { and, eq, inArray } from 'drizzle-orm';
import type { ConditionPhase } from '@boats/domain/schemas/condition';
import type { Db } from '../../db/client';
import { conditionReports, users } from '../../db/schema';

export type ConditionReportRow = typeof conditionReports.$inferSelect;
/** A record with the e-mail of the staff member who made it. */
export type ConditionWithRecorder = ConditionReportRow & { recordedByEmail: string | null };

const withRecorder = (db: Db) =>
  db
    .select({ report: conditionReports, recordedByEmail: users.email })
    .from(conditionReports)
    .leftJoin(users, eq(users.id, conditionReports.recordedByUserId));

/** The records of these bookings (a manifest's), by booking id. */
export async function conditionsOfBookings(
  db: Db,
  bookingIds: readonly string[],
): Promise<Map<string, ConditionWithRecorder[]>> {
  const found = new Map<string, ConditionWithRecorder[]>();
  if (bookingIds.length === 0) return found;
  const rows = await withRecorder(db).where(inArray(conditionReports.bookingId, [...bookingIds]));
  for (const row of rows) {
    const list = found.get(row.report.bookingId) ?? [];
    list.push({ ...row.report, recordedByEmail: row.recordedByEmail });
    found.set(row.report.bookingId, list);
  }
  return found;
}

export async function findCondition(
  db: Db,
  bookingId: string,
  phase: ConditionPhase,
): Promise<ConditionReportRow | undefined> {
  const [row] = await db
    .select()
    .from(conditionReports)
    .where(and(eq(conditionReports.bookingId, bookingId), eq(conditionReports.phase, phase)));
  return row;
}

export async function insertCondition(db: Db, row: typeof conditionReports.$inferInsert): Promise<void> {
  await db.insert(conditionReports).values(row);
}
