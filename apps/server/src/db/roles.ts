// The database roles of a production start (docs/operating.md#database-roles). Issued invoices,
// their VERI*FACTU records and the audit trail are kept whole by triggers that refuse UPDATE,
// DELETE and TRUNCATE; a table's owner (or a superuser) can switch a trigger off, so the app
// runs as a role that owns no table: the migrations run as the owner (DATABASE_MIGRATION_URL),
// which then grants the app's role the reads and writes it needs and nothing more.
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** The role a connection works as. */
export async function currentRole(db: Db): Promise<string> {
  const answer = await db.execute(sql`select current_user as role`);
  return (answer as { rows: { role: string }[] }).rows[0]!.role;
}

/**
 * Gives `role` what the app does with the public schema's tables (read, insert, update, delete,
 * its sequences), run by the owner after the migrations: never TRUNCATE, never ownership.
 */
export async function grantAppRole(owner: Db, role: string): Promise<void> {
  const app = sql.identifier(role);
  await owner.execute(sql`grant usage on schema public to ${app}`);
  await owner.execute(sql`grant select, insert, update, delete on all tables in schema public to ${app}`);
  await owner.execute(sql`grant usage, select, update on all sequences in schema public to ${app}`);
}

/**
 * Why the app's role could switch off the triggers that keep documents whole, or null: it is a
 * superuser, or it owns (or inherits the owner of) a table of the public schema.
 */
export async function roleCanAlterTables(db: Db): Promise<string | null> {
  const answer = await db.execute(sql`
    select current_user as role,
           (select rolsuper from pg_roles where rolname = current_user) as superuser,
           (select min(c.relname) from pg_class c
             where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
               and pg_has_role(current_user, c.relowner, 'USAGE')) as owned`);
  type Row = { role: string; superuser: boolean; owned: string | null };
  const { role, superuser, owned } = (answer as { rows: Row[] }).rows[0]!;
  if (superuser) return `the database role ${role} is a superuser`;
  if (owned) return `the database role ${role} owns the tables (${owned} among them)`;
  return null;
}
