// The queries of the admin's records page (record-routes.ts), built apart so the season test
// (test/postgres/season-scale.test.ts) can hold their plans to reading what they show: a page of
// a month's records, the few rejected ones, the issuers whose messages do not go, those whose
// records are held for want of a representation, one name per issuer, never every record of a
// season.
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { canaryPeriodRange } from '@boats/domain/canary-time';
import type { BillingRecordsQuery } from '@boats/domain/schemas/invoicing';
import type { Db } from '../../db/client';
import { owners } from '../owners/schema';
import { aeatSubmissions, billingChains, billingRecords } from './schema';

/** The records page's filter: an issuer, an invoice type, the Canary month a record was generated in. */
export type RecordsFilter = Pick<BillingRecordsQuery, 'issuerNif' | 'invoiceType' | 'month'>;

/**
 * Records with their AEAT state, newest first (a month's index reads a page); `after`: only the
 * records older than that one in this order (the next page).
 */
function recordsWithState(db: Db, where: SQL | undefined, limit: number, after?: string) {
  const older = after
    ? sql`(${billingRecords.createdAt}, ${billingRecords.position}, ${billingRecords.id}) <
        (select created_at, position, id from billing_records where id = ${after})`
    : undefined;
  return db
    .select({ record: billingRecords, submission: aeatSubmissions })
    .from(billingRecords)
    .innerJoin(aeatSubmissions, eq(aeatSubmissions.recordId, billingRecords.id))
    .where(and(where, older))
    .orderBy(desc(billingRecords.createdAt), desc(billingRecords.position), desc(billingRecords.id))
    .limit(limit);
}

/** A page of the filter's records. */
export function recordsPageQuery(db: Db, filter: RecordsFilter, limit: number, after?: string) {
  const range = filter.month ? canaryPeriodRange(filter.month) : null;
  return recordsWithState(
    db,
    and(
      filter.issuerNif ? eq(billingRecords.issuerNif, filter.issuerNif) : undefined,
      filter.invoiceType ? eq(billingRecords.invoiceType, filter.invoiceType) : undefined,
      range
        ? and(gte(billingRecords.createdAt, range.start), lt(billingRecords.createdAt, range.end))
        : undefined,
    ),
    limit,
    after,
  );
}

/** One record with its AEAT state. */
export function recordQuery(db: Db, id: string) {
  return recordsWithState(db, eq(billingRecords.id, id), 1);
}

/**
 * The records the AEAT rejected or accepted with errors and nobody corrected yet, through their
 * partial index.
 */
export function recordsToCorrectQuery(db: Db, limit: number) {
  // Literal, as the partial index's predicate, so the planner matches them.
  return recordsWithState(db, sql`${aeatSubmissions.state} in ('rejected', 'accepted_with_errors')`, limit);
}

/** How many failed tries of a message make its issuer's waiting records an alert. */
const STUCK_AFTER_TRIES = 3;

/**
 * The issuers whose records have waited through STUCK_AFTER_TRIES failed tries, with how many of
 * theirs wait and the last failure (read through the waiting records' index: the few in flight).
 */
export function stuckIssuersQuery(db: Db) {
  return db
    .select({
      issuerNif: aeatSubmissions.issuerNif,
      waiting: count(),
      attempts: sql<number>`max(${aeatSubmissions.attempts})::int`,
      // The failure of the record tried most: the one the issuer's later records wait behind.
      why: sql<string>`coalesce((array_agg(${aeatSubmissions.errorText} order by ${aeatSubmissions.attempts} desc))[1], '')`,
    })
    .from(aeatSubmissions)
    .where(inArray(aeatSubmissions.state, ['pending', 'sent']))
    .groupBy(aeatSubmissions.issuerNif)
    .having(sql`max(${aeatSubmissions.attempts}) >= ${STUCK_AFTER_TRIES}`)
    .orderBy(aeatSubmissions.issuerNif);
}

/**
 * The NIFs whose records wait for a representation (docs/invoicing.md#sending-for-others-lawfully):
 * those of owners the platform issues for (not itself) none of whose rows has its representation
 * before the AEAT recorded. A NIF no owner has (the platform's) is never held. Written out in SQL
 * so the sender and the alert read one rule.
 */
export const heldIssuerNifs = sql`(select tax_id from ${owners} where not is_platform group by tax_id having bool_and(aeat_represented_since is null))`;

/** The issuers whose records are held for want of a representation, with how many wait. */
export function heldIssuersQuery(db: Db) {
  return db
    .select({ issuerNif: aeatSubmissions.issuerNif, waiting: count() })
    .from(aeatSubmissions)
    .where(and(eq(aeatSubmissions.state, 'pending'), sql`${aeatSubmissions.issuerNif} in ${heldIssuerNifs}`))
    .groupBy(aeatSubmissions.issuerNif)
    .orderBy(aeatSubmissions.issuerNif);
}

/**
 * Each issuer with the name of its latest invoice record: one row per chain (billing_chains), its
 * latest alta read backwards through the chain's (issuer, position) index.
 */
export function issuersQuery(db: Db) {
  const latest = db
    .select({ name: sql<string>`${billingRecords.content}->>'issuerName'`.as('name') })
    .from(billingRecords)
    .where(and(eq(billingRecords.issuerNif, billingChains.issuerNif), eq(billingRecords.kind, 'alta')))
    .orderBy(desc(billingRecords.position))
    .limit(1)
    .as('latest');
  return db
    .select({ nif: billingChains.issuerNif, name: latest.name })
    .from(billingChains)
    .innerJoinLateral(latest, sql`true`)
    .orderBy(billingChains.issuerNif);
}
