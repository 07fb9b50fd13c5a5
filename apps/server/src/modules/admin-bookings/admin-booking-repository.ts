// Queries of the back-office bookings list, export and status changes. No rules here: the
// service decides what may change; these only read and write rows.
import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { BookingChannel } from '@boats/domain/booking-channel';
import type { BookingStatus } from '@boats/domain/booking-status';
import type { LocalizedText } from '@boats/domain/schemas/boat';
import type { Db } from '../../db/client';
import type { PaymentMethod } from '@boats/domain/schemas/operator-booking';
import {
  bookingHistory,
  bookings,
  boats,
  customerInvoices,
  owners,
  payments,
  tickets,
  tripChangeOffers,
} from '../../db/schema';
import { receivedCentsSql, refundedCentsSql, revenueCentsSql } from '../payments/ledger';
import { bookingChannelNameSql, bookingChannelSql, retailCentsSql } from '../bookings/channel';
import { isSold } from '../occupancy/occupancy';
import type { BookingsCursor } from './bookings-cursor';
import { boatsInScope, type OwnerScope } from '../owner-scope/owner-scope';
import { selectBookingInvoices, standingInvoice, type BookingInvoice } from '../invoices/customer-invoices';

export type BookingFilter = {
  /** Whose boats' bookings: every query of this file joins `boats` and applies it. */
  scope: OwnerScope;
  start?: string | undefined;
  end?: string | undefined;
  /** Trips starting before this instant only: a day of a range cut at midnight (dayParts). */
  endBefore?: string | undefined;
  status?: BookingStatus | undefined;
  type?: 'private' | 'shared' | undefined;
  channel?: BookingChannel | undefined;
  /** A search: its text, and the boats whose title holds it (`boatsTitled`). */
  search?: { text: string; boatIds: string[] } | undefined;
};

export type BookingRow = typeof bookings.$inferSelect & {
  boatTitle: LocalizedText;
  /** Summed from the ledger's succeeded payments. */
  receivedCents: number;
  refundedCents: number;
  /** starts_at in whole microseconds since the epoch, for the keyset cursor. */
  startsAtMicros: string;
  choiceDeadline: Date | null;
  channel: BookingChannel;
  channelName: string | null;
};
export type TicketRow = typeof tickets.$inferSelect;
export type HistoryRow = typeof bookingHistory.$inferSelect;

/** LIKE pattern matching `text` anywhere, with the pattern's own wildcards escaped. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The boats whose title holds `text` in any of its languages, found once per search (a
 * marketplace has a few hundred boats) rather than a title unpacked per booking.
 */
export async function boatsTitled(db: Db, text: string): Promise<string[]> {
  const rows = await db
    .select({ id: boats.id })
    .from(boats)
    .where(
      sql`exists (select 1 from jsonb_each_text(${boats.title}) as t(lng, text) where t.text ilike ${containsPattern(text)})`,
    );
  return rows.map((row) => row.id);
}

/**
 * A search's bookings: the name or e-mail holds the text (pg_trgm's trigram indexes answer
 * `ilike '%…%'`, migration 0051), the boat is one of those titled with it (by
 * `bookings_boat_starts_idx`), or the text is a booking reference as e-mails print it
 * ("#0A1B2C3D", the last 8 characters of the id) or a phone number however it is spaced ("600 11
 * 12 22"). A name, an e-mail or a boat is found through indexes, reading its matches and not every
 * booking of the month; a reference or a phone number still reads the month.
 */
function searchWhere(search: { text: string; boatIds: string[] }): SQL | undefined {
  const q = search.text;
  const pattern = containsPattern(q);
  const reference = /^#?\s*([0-9a-f]{8})$/i.exec(q.trim())?.[1];
  const digits = /^[\d\s+\-().]+$/.test(q) ? q.replace(/\D/g, '') : '';
  return or(
    ilike(bookings.customerName, pattern),
    ilike(bookings.customerEmail, pattern),
    search.boatIds.length > 0 ? inArray(bookings.boatId, search.boatIds) : undefined,
    reference ? sql`${bookings.id}::text like ${`%${reference.toLowerCase()}`}` : undefined,
    digits.length >= 4
      ? sql`regexp_replace(${bookings.customerPhone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`
      : undefined,
  );
}

const channelOf = bookingChannelSql(bookings.id, bookings.soldByUserId);

function filterWhere(filter: BookingFilter): SQL | undefined {
  return and(
    boatsInScope(filter.scope),
    filter.start ? gte(bookings.startsAt, new Date(filter.start)) : undefined,
    filter.end ? lte(bookings.startsAt, new Date(filter.end)) : undefined,
    filter.endBefore ? lt(bookings.startsAt, new Date(filter.endBefore)) : undefined,
    filter.status ? eq(bookings.status, filter.status) : undefined,
    filter.type ? eq(bookings.type, filter.type) : undefined,
    filter.channel ? sql`${channelOf} = ${filter.channel}` : undefined,
    filter.search ? searchWhere(filter.search) : undefined,
  );
}

const bookingColumns = {
  booking: bookings,
  boatTitle: boats.title,
  receivedCents: receivedCentsSql(bookings.id),
  refundedCents: refundedCentsSql(bookings.id),
  startsAtMicros: sql<string>`(extract(epoch from ${bookings.startsAt}) * 1000000)::bigint::text`,
  // The open choice of a customer whose trip was canceled (move or refund until the deadline).
  choiceDeadline: sql<
    string | null
  >`(select (extract(epoch from ${tripChangeOffers.deadline}) * 1000)::bigint::text
    from ${tripChangeOffers}
    where ${tripChangeOffers.bookingId} = ${bookings.id} and ${tripChangeOffers.decidedAt} is null)`,
  channel: channelOf,
  channelName: bookingChannelNameSql(bookings.id),
};

function flatten(
  rows: {
    booking: typeof bookings.$inferSelect;
    boatTitle: BookingRow['boatTitle'];
    receivedCents: number;
    refundedCents: number;
    startsAtMicros: string;
    choiceDeadline: string | null;
    channel: BookingChannel;
    channelName: string | null;
  }[],
): BookingRow[] {
  return rows.map((r) => ({
    ...r.booking,
    boatTitle: r.boatTitle,
    receivedCents: Number(r.receivedCents),
    refundedCents: Number(r.refundedCents),
    startsAtMicros: String(r.startsAtMicros),
    choiceDeadline: r.choiceDeadline === null ? null : new Date(Number(r.choiceDeadline)),
    channel: r.channel,
    channelName: r.channelName,
  }));
}

/**
 * The list's order: by trip start, oldest or latest first, or upcoming first — the trips from
 * `pivotMicros` on, soonest first, then the past ones, latest first (what an operator on a phone
 * wants on top).
 */
export type BookingOrder = 'asc' | 'desc' | { upcomingFromMicros: string };

const instantOfMicros = (micros: string) =>
  sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;

/**
 * An order one index scan on the trip start gives: oldest first, latest first, or the past as
 * "upcoming first" shows it (latest first, then by id).
 */
type IndexOrder = 'asc' | 'desc' | 'past';

/** ORDER BY and the keyset after the cursor for one index order. */
function orderAndKeyset(order: IndexOrder, after: BookingsCursor | undefined) {
  const cursorStart = after ? instantOfMicros(after.startsAtMicros) : undefined;
  if (order === 'past') {
    const keyset = after
      ? sql`(${bookings.startsAt} < ${cursorStart}
          or (${bookings.startsAt} = ${cursorStart} and ${bookings.id} > ${after.id}::uuid))`
      : undefined;
    return { orderBy: [desc(bookings.startsAt), asc(bookings.id)], keyset };
  }
  const direction = order === 'asc' ? asc : desc;
  const keyset = after
    ? order === 'asc'
      ? sql`(${bookings.startsAt}, ${bookings.id}) > (${cursorStart}, ${after.id}::uuid)`
      : sql`(${bookings.startsAt}, ${bookings.id}) < (${cursorStart}, ${after.id}::uuid)`
    : undefined;
  return { orderBy: [direction(bookings.startsAt), direction(bookings.id)], keyset };
}

/**
 * The query of one page in an index order, after the cursor when given (all rows without a
 * limit), within `bound` when given. Built apart so its plan can be checked
 * (test/postgres/season-scale.test.ts).
 */
export function bookingPageQuery(
  db: Db,
  filter: BookingFilter,
  order: IndexOrder,
  limit: number | undefined,
  after?: BookingsCursor,
  bound?: SQL,
) {
  const { orderBy, keyset } = orderAndKeyset(order, after);
  const query = db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(boats, eq(boats.id, bookings.boatId))
    .where(and(filterWhere(filter), bound, keyset))
    .orderBy(...orderBy);
  return limit === undefined ? query : query.limit(limit);
}

/**
 * One page in the order, after the cursor when given; `limit` rows (all without one). Upcoming
 * first is read as two index-ordered halves, the trips from the pivot on and then the past, so
 * a page reads about a page of bookings: one sort of the whole filter by a computed key read
 * every booking of the month for each page (126 ms against 1 ms at 200 boats).
 */
export async function listBookingRows(
  db: Db,
  filter: BookingFilter,
  order: BookingOrder,
  limit: number | undefined,
  after?: BookingsCursor,
): Promise<BookingRow[]> {
  if (typeof order === 'string') return flatten(await bookingPageQuery(db, filter, order, limit, after));
  const pivot = instantOfMicros(order.upcomingFromMicros);
  const afterInPast = after !== undefined && BigInt(after.startsAtMicros) < BigInt(order.upcomingFromMicros);
  const upcoming = afterInPast
    ? []
    : flatten(await bookingPageQuery(db, filter, 'asc', limit, after, gte(bookings.startsAt, pivot)));
  if (limit !== undefined && upcoming.length >= limit) return upcoming;
  const past = await bookingPageQuery(
    db,
    filter,
    'past',
    limit === undefined ? undefined : limit - upcoming.length,
    afterInPast ? after : undefined,
    lt(bookings.startsAt, pivot),
  );
  return [...upcoming, ...flatten(past)];
}

/** The list's total and its tiles, as `kpiFiguresQuery` answers them (cents, counts). */
export type KpiFigures = {
  total: number;
  count: number;
  revenueCents: number;
  heldCents: number;
  seatsSold: number;
  completed: number;
  byChannel: ChannelFigures[];
};

/**
 * The sold bookings of one channel (a reseller or agent by name): how many, what their customers
 * were charged at retail, and their revenue (revenueCentsSql: retail less the channel's commission
 * and the refunds).
 */
type ChannelFigures = {
  channel: BookingChannel;
  name: string | null;
  count: number;
  retailCents: number;
  revenueCents: number;
};

/**
 * The first booking start at or after `now`, anywhere: the list's "upcoming first" order splits
 * at the moment of asking, so a booking starting moves from one half to the other with no write.
 */
export async function nextBookingStart(db: Db, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`min(${bookings.startsAt})`.mapWith(bookings.startsAt) })
    .from(bookings)
    .where(gte(bookings.startsAt, now));
  return row?.at ?? null;
}

/**
 * The filter's total and the tiles in one statement, summed by the database (a booking counts as
 * revenue while sold; its revenue is revenueCentsSql, received − refunded; a shared booking's people are its tickets,
 * or its seats before tickets exist). test/api/admin-bookings/bookings-kpi-sql.test.ts holds it
 * equal to a row-by-row model (test/helpers/bookings-kpi-model.ts) on random bookings.
 * Reading the month's rows into the server to add them up took seconds at 200 boats.
 */
export function kpiFiguresQuery(db: Db, filter: BookingFilter) {
  const perBooking = db
    .select({
      sold: sql<boolean>`${isSold()}`.as('sold'),
      status: bookings.status,
      type: bookings.type,
      netCents: sql<number>`${revenueCentsSql(bookings.id)}`.as('net_cents'),
      people: sql<number>`coalesce(nullif((select count(*) from ${tickets}
        where ${tickets.bookingId} = ${bookings.id}), 0), ${bookings.seats}, 0)`.as('people'),
    })
    .from(bookings)
    .innerJoin(boats, eq(boats.id, bookings.boatId))
    .where(filterWhere(filter))
    .as('per_booking');
  return db
    .select({
      total: sql<number>`count(*)::int`,
      count: sql<number>`(count(*) filter (where ${perBooking.sold}))::int`,
      revenueCents: sql<number>`coalesce(sum(${perBooking.netCents}) filter (where ${perBooking.sold}), 0)::bigint`,
      heldCents: sql<number>`coalesce(sum(${perBooking.netCents}) filter (where not ${perBooking.sold}), 0)::bigint`,
      seatsSold: sql<number>`coalesce(sum(${perBooking.people})
        filter (where ${perBooking.sold} and ${perBooking.type} = 'shared'), 0)::int`,
      completed: sql<number>`(count(*) filter (where ${perBooking.status} = 'completed'))::int`,
    })
    .from(perBooking);
}

/** The filter's sold bookings per channel and name, as the tiles' breakdown shows them. */
async function channelFigures(db: Db, filter: BookingFilter): Promise<ChannelFigures[]> {
  const perBooking = db
    .select({
      channel: sql<BookingChannel>`${channelOf}`.as('channel'),
      name: sql<string | null>`${bookingChannelNameSql(bookings.id)}`.as('channel_name'),
      retailCents: sql<number>`${retailCentsSql(bookings.id, bookings.amountGrossCents)}`.as('retail_cents'),
      netCents: sql<number>`${revenueCentsSql(bookings.id)}`.as('net_cents'),
    })
    .from(bookings)
    .innerJoin(boats, eq(boats.id, bookings.boatId))
    .where(and(filterWhere(filter), isSold()))
    .as('per_booking');
  const rows = await db
    .select({
      channel: perBooking.channel,
      name: perBooking.name,
      count: sql<number>`count(*)::int`,
      retailCents: sql<number>`coalesce(sum(${perBooking.retailCents}), 0)::bigint`,
      revenueCents: sql<number>`coalesce(sum(${perBooking.netCents}), 0)::bigint`,
    })
    .from(perBooking)
    .groupBy(perBooking.channel, perBooking.name);
  return rows
    .map((r) => ({
      channel: r.channel,
      name: r.name,
      count: Number(r.count),
      retailCents: Number(r.retailCents),
      revenueCents: Number(r.revenueCents),
    }))
    .sort(channelOrder);
}

/** The tiles' breakdown order: the busiest channel first, then by channel and name. */
function channelOrder(a: ChannelFigures, b: ChannelFigures): number {
  return b.count - a.count || compareText(a.channel, b.channel) || compareText(a.name ?? '', b.name ?? '');
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export async function kpiFigures(db: Db, filter: BookingFilter): Promise<KpiFigures> {
  const [[row], byChannel] = await Promise.all([kpiFiguresQuery(db, filter), channelFigures(db, filter)]);
  return {
    byChannel,
    total: Number(row?.total ?? 0),
    count: Number(row?.count ?? 0),
    revenueCents: Number(row?.revenueCents ?? 0),
    heldCents: Number(row?.heldCents ?? 0),
    seatsSold: Number(row?.seatsSold ?? 0),
    completed: Number(row?.completed ?? 0),
  };
}

/** The figures of bookings split into parts (the days of a month) as one filter's: each part's summed. */
export function addFigures(parts: KpiFigures[]): KpiFigures {
  const channels = new Map<string, ChannelFigures>();
  for (const c of parts.flatMap((p) => p.byChannel)) {
    const key = JSON.stringify([c.channel, c.name]);
    const known = channels.get(key);
    channels.set(
      key,
      known
        ? {
            ...known,
            count: known.count + c.count,
            retailCents: known.retailCents + c.retailCents,
            revenueCents: known.revenueCents + c.revenueCents,
          }
        : c,
    );
  }
  const sum = (figure: (p: KpiFigures) => number) => parts.reduce((total, p) => total + figure(p), 0);
  return {
    byChannel: [...channels.values()].sort(channelOrder),
    total: sum((p) => p.total),
    count: sum((p) => p.count),
    revenueCents: sum((p) => p.revenueCents),
    heldCents: sum((p) => p.heldCents),
    seatsSold: sum((p) => p.seatsSold),
    completed: sum((p) => p.completed),
  };
}

/** The booking, when its boat is in the scope (another owner's booking is not found). */
export async function findBookingRow(db: Db, scope: OwnerScope, id: string): Promise<BookingRow | undefined> {
  const [row] = flatten(
    await db
      .select(bookingColumns)
      .from(bookings)
      .innerJoin(boats, eq(boats.id, bookings.boatId))
      .where(and(eq(bookings.id, id), boatsInScope(scope))),
  );
  return row;
}

/** Whether the booking's boat is in the scope: the check before any action on a booking. */
export async function bookingInScope(db: Db, scope: OwnerScope, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(boats, eq(boats.id, bookings.boatId))
    .where(and(eq(bookings.id, id), boatsInScope(scope)));
  return row !== undefined;
}

export async function ticketsOf(db: Db, bookingIds: string[]): Promise<TicketRow[]> {
  if (bookingIds.length === 0) return [];
  return db.select().from(tickets).where(inArray(tickets.bookingId, bookingIds)).orderBy(asc(tickets.seatNo));
}

export async function historyOf(db: Db, bookingIds: string[]): Promise<HistoryRow[]> {
  if (bookingIds.length === 0) return [];
  return db
    .select()
    .from(bookingHistory)
    .where(inArray(bookingHistory.bookingId, bookingIds))
    .orderBy(asc(bookingHistory.at), asc(bookingHistory.id));
}

/** What the export adds to a booking's row for an accountant (exportFactsOf). */
export type ExportFacts = {
  bookingId: string;
  ownerName: string;
  ownerTaxId: string;
  ownerIsPlatform: boolean;
  /** The methods of its succeeded payments, each once, in a fixed order. */
  paymentMethods: PaymentMethod[];
  invoiceNumber: string | null;
  /** The numbers of the rectifying invoices correcting it, in the order they were issued. */
  rectifyingNumbers: string[];
  /** IGIC of the standing invoice and of the rectifying invoices correcting it. */
  igicCents: number | null;
};

/**
 * The invoice that stands for a booking (its F1 or F2, or the F3 that replaced its F2, as the
 * owner's statement names it) and its IGIC with that of the rectifying invoices issued on it
 * (refunds, a dearer move): the tax on what the booking kept invoiced.
 */
function invoiceFacts(
  invoices: BookingInvoice[],
): { number: string; rectifying: string[]; igicCents: number } | null {
  const standing = standingInvoice(invoices);
  if (!standing) return null;
  const rectifying = invoices
    .filter((i) => i.correctsId === standing.id && i.invoiceType.startsWith('R'))
    .sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime() || a.number.localeCompare(b.number));
  const igicCents = [standing, ...rectifying].reduce((sum, i) => sum + i.igicCents, 0);
  return { number: standing.number, rectifying: rectifying.map((i) => i.number), igicCents };
}

/** The owner, payment methods and standing customer invoice of each booking, one export page at a time. */
export async function exportFactsOf(db: Db, bookingIds: string[]): Promise<ExportFacts[]> {
  if (bookingIds.length === 0) return [];
  const [rows, invoices] = await Promise.all([
    db
      .select({
        bookingId: bookings.id,
        ownerName: sql<string>`case when ${owners.legalName} <> '' then ${owners.legalName} else ${owners.displayName} end`,
        ownerTaxId: owners.taxId,
        ownerIsPlatform: owners.isPlatform,
        paymentMethods: sql<PaymentMethod[] | null>`(select array_agg(distinct p.method order by p.method)
          from ${payments} p where p.booking_id = ${bookings.id} and p.status = 'succeeded')`,
      })
      .from(bookings)
      .innerJoin(boats, eq(boats.id, bookings.boatId))
      .innerJoin(owners, eq(owners.id, boats.ownerId))
      .where(inArray(bookings.id, bookingIds)),
    selectBookingInvoices(db).where(
      and(inArray(customerInvoices.bookingId, bookingIds), eq(customerInvoices.byRecipient, false)),
    ),
  ]);
  const invoicesOf = new Map<string, BookingInvoice[]>();
  for (const invoice of invoices)
    invoicesOf.set(invoice.bookingId, [...(invoicesOf.get(invoice.bookingId) ?? []), invoice]);
  return rows.map((r) => {
    const invoice = invoiceFacts(invoicesOf.get(r.bookingId) ?? []);
    return {
      ...r,
      paymentMethods: r.paymentMethods ?? [],
      invoiceNumber: invoice?.number ?? null,
      rectifyingNumbers: invoice?.rectifying ?? [],
      igicCents: invoice?.igicCents ?? null,
    };
  });
}
