// Reads contact messages for the back office: filtered, sorted and paged. Ties in the sort
// column are broken by id so a page never repeats or skips a message.
import { and, asc, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { MessageSortField } from '@boats/domain/schemas/messages';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';

export type MessageRow = typeof contactMessages.$inferSelect;

export type MessageFilter = {
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
  return db
    .select()
    .from(contactMessages)
    .where(filterWhere(filter))
    .orderBy(direction(SORT_COLUMNS[sort]), direction(contactMessages.id))
    .limit(limit)
    .offset(offset);
}

export async function countMessages(db: Db, filter: MessageFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(contactMessages)
    .where(filterWhere(filter));
  return Number(row?.n ?? 0);
}

export async function findMessage(db: Db, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return row;
}

export async function updateMessageState(
  db: Db,
  id: string,
  state: { readAt?: Date | null; repliedAt?: Date },
): Promise<MessageRow | undefined> {
  const [row] = await db.update(contactMessages).set(state).where(eq(contactMessages.id, id)).returning();
  return row;
}
