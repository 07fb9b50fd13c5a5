import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';

export type NewContactMessageRow = typeof contactMessages.$inferInsert;

export async function insertContactMessage(db: Db, row: NewContactMessageRow): Promise<{ id: string }> {
  const [inserted] = await db.insert(contactMessages).values(row).returning({ id: contactMessages.id });
  if (!inserted) throw new Error('insert into contact_messages returned no row');
  return inserted;
}

export async function findContactMessage(db: Db, id: string) {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return row;
}
