// The read caches (availability months per boat, the catalogue, bookings as their customers see
// them, the back office's bookings figures and hot reads) and what keeps them true: the database
// triggers of migrations 0006 and 0007 (0016: reviews; 0027: payments and refunds; 0055: what
// tells a sale's channel) NOTIFY `data_changed` with '<table>:<boat id>' after every committed
// change to boats, slots, bookings, booking_slots, tickets, reviews, payments and refunds,
// resellers, agents and their sales, and staff roles, and those of 0063 '<table>:*' once per
// statement on a booking's history and invoice, a trip's cancellation and an owner's earning
// lines and payouts (0067: the billing records, their AEAT state and the audit trail; 0077: the
// commission invoices; 0083: their lines); a booking's rows add when its trip starts (0080), so
// the bookings figures of other ranges stay, and a customer's invoice names its boat as they do
// (0083), and a trip's slot and a booking's history tell when their trip starts too, money taken
// in person never (0091: it counts on the day it was taken). Every instance LISTENs (PGlite: in
// process) and drops what the change can touch. No write path calls the caches, so none can
// forget them.
import type { Database } from '../db/client';
import { AnswerCache } from './answer-cache';
import type { WorkQueue } from './work-queue';

const DATA_CHANGED_CHANNEL = 'data_changed';
/**
 * Tables only the back office reads (the figures and the back-office answers): the ledger, who
 * sold a booking (its channel and name), a booking's history, an owner's earning lines and
 * payouts, a trip's cancellation. A sale or a status change also writes its booking, which
 * notifies for the public answers.
 */
const BACK_OFFICE_ONLY_TABLES = new Set([
  'payments',
  'refunds',
  'reseller_bookings',
  'resellers',
  'agent_bookings',
  'agents',
  'users',
  'booking_history',
  'customer_invoices',
  'owner_earning_lines',
  'owner_invoices',
  'owner_invoice_lines',
  'payouts',
  'payout_lines',
  'trip_cancellations',
  'trip_cancellation_bookings',
  'trip_change_offers',
  'billing_records',
  'aeat_submissions',
  'audit_log',
  'skipper_licences',
  'condition_reports',
]);
/**
 * The tables the bookings list's figures read (read-cache.test.ts holds the figures' queries to
 * them): a change to any other (a booking's history, its invoice, the trip's row) leaves them.
 */
export const FIGURES_TABLES = new Set([
  'bookings',
  'boats',
  'tickets',
  'payments',
  'refunds',
  'reseller_bookings',
  'resellers',
  'agent_bookings',
  'agents',
  'users',
]);
/** A bound even for answers nothing invalidates: memory is not a second database. */
export const MAX_CACHED_MS = 10 * 60_000;
export const CATALOGUE_GROUP = 'catalogue';

export type ReadCaches = {
  /** Keyed by boat and requested range, grouped by boat id. */
  months: AnswerCache;
  /** One entry: the public fleet. */
  catalogue: AnswerCache;
  /** Keyed by booking id, grouped by the booking's boat (which its fill tells). */
  bookings: AnswerCache;
  /**
   * The bookings list's total and KPI tiles, keyed by filter, grouped by the filter's range of
   * trip starts (`tripStartsGroup`): they add up bookings of every boat with their tickets and
   * ledger, so a change to a booking drops the figures of the ranges holding its trip, and a
   * change that names no trip (a boat, a staff role) drops them all. A month's figures read every
   * booking of the month (about 12,000 at 200 boats), which twenty staff paging through it would
   * otherwise repeat on every page, and a sale for another month would make them repeat.
   */
  bookingFigures: AnswerCache;
  /**
   * The back office's hot reads (http/back-office-answers.ts), keyed by the caller's role and
   * scope and the whole query, grouped by what each reads (`backOfficeGroup`): a change drops
   * the answers that read its table and show its boat, so an owner's money stays while other
   * owners sell, and the audit trail while anyone does.
   */
  backOffice: AnswerCache;
};

/**
 * What a back-office answer reads: the tables its fill asks (read-cache.test.ts holds each fill
 * to its list; `ANY_TABLE` for an answer not held so), the boats whose rows it shows (an owner's
 * scope; undefined: every boat) and the trip starts whose bookings it shows (a day's trips, a
 * manifest, a month of the bookings list; undefined: any).
 */
export type BackOfficeReads = {
  tables: readonly string[] | typeof ANY_TABLE;
  boatIds?: readonly string[] | undefined;
  tripStarts?: TripStarts | undefined;
};
/** A range of trip starts, ISO instants, either end open. */
export type TripStarts = { start?: string | undefined; end?: string | undefined };
export const ANY_TABLE = '*';

/** The answer's cache group: its tables and its boats, sorted, and its range of trip starts. */
export function backOfficeGroup(reads: BackOfficeReads): string {
  const tables = reads.tables === ANY_TABLE ? ANY_TABLE : [...reads.tables].sort().join(',');
  const boatIds = reads.boatIds ? [...reads.boatIds].sort().join(',') : '*';
  return `${tables}|${boatIds}|${tripStartsGroup(reads.tripStarts?.start, reads.tripStarts?.end)}`;
}

/**
 * Whether a change to `table` of boat `boatId` ('*': of no boat named), of a trip starting at
 * `tripStart` (epoch ms, when the change tells it), can touch an answer of `group`: it reads the
 * table, shows that boat's rows and that trip's, or the change names no boat or no trip, or it
 * changes a boat itself (which may have moved to another owner).
 */
function backOfficeTouched(
  group: string,
  table: string,
  boatId: string,
  tripStart: string | undefined,
): boolean {
  const [tables = ANY_TABLE, boatIds = '*', start = '', end = ''] = group.split('|');
  if (tables !== ANY_TABLE && !tables.split(',').includes(table)) return false;
  if (tripStart !== undefined && !holdsTripStart(`${start}|${end}`, Number(tripStart))) return false;
  if (boatIds === '*' || boatId === '*' || boatId === '' || table === 'boats') return true;
  return boatIds.split(',').includes(boatId);
}

/**
 * The group of the figures of bookings whose trips start in [start, end] (ISO instants; either
 * open), which a change to a booking starting at an instant outside it does not touch.
 */
export function tripStartsGroup(start: string | undefined, end: string | undefined): string {
  return `${start ? Date.parse(start) : ''}|${end ? Date.parse(end) : ''}`;
}

function holdsTripStart(group: string, instant: number): boolean {
  const [start = '', end = ''] = group.split('|');
  return (start === '' || instant >= Number(start)) && (end === '' || instant <= Number(end));
}

/** `queue`: where fills wait their turn (the embedded database); hits never wait. */
export async function startReadCaches(database: Database, queue?: WorkQueue): Promise<ReadCaches> {
  const runFill = queue
    ? <T>(work: () => Promise<T>) => queue.run(work)
    : <T>(work: () => Promise<T>) => work();
  const caches: ReadCaches = {
    months: new AnswerCache(500, runFill),
    catalogue: new AnswerCache(4, runFill),
    bookings: new AnswerCache(5000, runFill),
    // Filled inside a back-office request, which already holds its place in the queue.
    // A month's figures are kept day by day (admin-booking-service dayParts): 31 entries a filter.
    bookingFigures: new AnswerCache(6000),
    backOffice: new AnswerCache(2000),
  };
  const all = Object.values(caches);
  const listening = await database.listen(
    DATA_CHANGED_CHANNEL,
    (payload) => applyChange(caches, payload),
    (flowing) => all.forEach((cache) => cache.setListening(flowing)),
  );
  const caughtUp = () => listening.caughtUp();
  all.forEach((cache) => cache.followChanges(caughtUp));
  return caches;
}

function applyChange(caches: ReadCaches, payload: string): void {
  // '<table>:<boat id or *>', and ':<trip start, epoch ms>' from a booking's rows (migration 0080).
  const [table = '', boatId = '*', tripStart] = payload.split(':');
  caches.backOffice.invalidateWhere((group) => backOfficeTouched(group, table, boatId, tripStart));
  // The figures count bookings (their boat for an owner's scope), their tickets and their ledger;
  // a booking's row drops only the figures of the ranges that hold its trip's start.
  if (FIGURES_TABLES.has(table)) {
    if (tripStart === undefined) caches.bookingFigures.invalidateAll();
    else caches.bookingFigures.invalidateWhere((group) => holdsTripStart(group, Number(tripStart)));
  }
  // The ledger and the channels show in no public answer (a sale also writes its booking, which notifies).
  if (BACK_OFFICE_ONLY_TABLES.has(table)) return;
  const everything = boatId === '*' || boatId === '';
  // A booking's view shows its boat, its row and its tickets: any change on that boat can touch it.
  if (everything) caches.bookings.invalidateAll();
  else caches.bookings.invalidate(boatId);
  // Tickets (a check-in, say) show in no month and no catalogue; their sale also writes the slot.
  // Nor does a security deposit, which a booking's view names (its amount).
  if (table === 'tickets' || table === 'deposits') return;
  if (everything) caches.months.invalidateAll();
  else caches.months.invalidate(boatId);
  // The catalogue shows every public boat and which kinds of trip each still offers: any
  // change to a boat or a slot can touch it, and a review its rating; a booking (a seat sold) cannot.
  if (table === 'boats' || table === 'slots' || table === 'reviews' || everything)
    caches.catalogue.invalidate(CATALOGUE_GROUP);
}
