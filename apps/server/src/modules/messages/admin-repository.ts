// Reads contact messages for the back office: filtered, sorted and paged. Ties in the sort
// column are broken by id so a page never repeats or skips a message. Every query takes the
// caller's scope: an owner reads the messages sent from their boats' pages, nothing else.
import { and, asc, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { MessageSortField } from '@boats/domain/schemas/messages';
import type { LocalizedText } from '@boats/domain/schemas/boat';
import type { Db } from '../../db/client';
import { boats, contactMessages } from '../../db/schema';
import { boatIdInScope, type OwnerScope } from '../owner-scope/owner-scope';

export type MessageRow = typeof contactMessages.$inferSelect & { boatTitle: LocalizedText | null };

const messageColumns = { message: contactMessages, boatTitle: boats.title };
const flatten = (rows: { message: typeof contactMessages.$inferSelect; boatTitle: LocalizedText | null }[]) =>
  rows.map((r): MessageRow => ({ ...r.message, boatTitle: r.boatTitle }));

export type MessageFilter = {
  scope: OwnerScope;
  search?: string | undefined;
  source?: MessageRow['source'] | undefined;
  from?: Date | undefined;
  toExclusive?: Date | undefined;
};

// Text columns sort ignoring case, as a person reading the list expects ('alberto' beside 'Alba').
const SORT_COLUMNS: Record<MessageSortField, SQL | typeof contactMessages.createdAt> = {
  createdAt: contactMessages.createdAt,
  name: sql`lower(${contactMessages.name})`,
  email: sql`lower(${contactMessages.email})`,
  phone: sql`${contactMessages.phone}`,
  source: sql`${contactMessages.source}`,
};

function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterWhere(filter: MessageFilter): SQL | undefined {
  const pattern = filter.search ? containsPattern(filter.search) : undefined;
  return and(
    boatIdInScope(filter.scope, contactMessages.boatId),
    pattern
      ? or(
          ilike(contactMessages.name, pattern),
          ilike(contactMessages.email, pattern),
          ilike(contactMessages.phone, pattern),
          ilike(contactMessages.message, pattern),
        )
      : undefined,
    filter.source ? eq(contactMessages.source, filter.source) : undefined,
    filter.from ? gte(contactMessages.createdAt, filter.from) : undefined,
    filter.toExclusive ? lt(contactMessages.createdAt, filter.toExclusive) : undefined,
  );
}

export async function listMessageRows(
  db: Db,
  filter: MessageFilter,
  sort: MessageSortField,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
): Promise<MessageRow[]> {
  const direction = order === 'asc' ? asc : desc;
  return flatten(
    await db
      .select(messageColumns)
      .from(contactMessages)
      .leftJoin(boats, eq(boats.id, contactMessages.boatId))
      .where(filterWhere(filter))
      .orderBy(direction(SORT_COLUMNS[sort]), direction(contactMessages.id))
      .limit(limit)
      .offset(offset),
  );
}

export async function countMessages(db: Db, filter: MessageFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(contactMessages)
    .where(filterWhere(filter));
  return Number(row?.n ?? 0);
}

/** The message, when it is in the scope (another owner's message is not found). */
export async function findMessage(db: Db, scope: OwnerScope, id: string): Promise<MessageRow | undefined> {
  const [row] = flatten(
    await db
      .select(messageColumns)
      .from(contactMessages)
      .leftJoin(boats, eq(boats.id, contactMessages.boatId))
      .where(and(eq(contactMessages.id, id), boatIdInScope(scope, contactMessages.boatId))),
  );
  return row;
}

export async function updateMessageState(
  db: Db,
  scope: OwnerScope,
  id: string,
  state: { readAt?: Date | null; repliedAt?: Date },
): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(contactMessages)
    .set(state)
    .where(and(eq(contactMessages.id, id), boatIdInScope(scope, contactMessages.boatId)))
    .returning({ id: contactMessages.id });
  return row ? findMessage(db, scope, row.id) : undefined;
}
