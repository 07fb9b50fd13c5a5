// Sees every row the app inserts, updates or deletes, whatever the code path: a row trigger on
// each table of the test database notes the table's name. The authorization matrices use it to
// prove that a back-office call that wrote anything also added its audit row
// (docs/security.md#audit-trail). Test databases only; the app never installs it. Not watched:
// a passkey ceremony's one-time challenge (modules/auth/passkeys.ts), which changes nothing of
// the account until the answer comes (that call is audited).
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

export type WriteWatch = {
  /** The tables written since the last call (each once, sorted), and a fresh start. */
  take(): Promise<string[]>;
};

export async function watchWrites(db: Db): Promise<WriteWatch> {
  const statements = [
    'create table if not exists test_writes (table_name text not null)',
    `create or replace function test_note_write() returns trigger language plpgsql as $$
    begin
      insert into test_writes (table_name) values (tg_table_name);
      return null;
    end $$`,
    `do $$
    declare t text;
    begin
      for t in
        select tablename from pg_tables
        where schemaname = current_schema()
          and tablename not in ('test_writes', 'audit_log', '__drizzle_migrations', 'passkey_challenges')
      loop
        execute format('drop trigger if exists test_note_write on %I', t);
        execute format(
          'create trigger test_note_write after insert or update or delete on %I
             for each row execute function test_note_write()', t);
      end loop;
    end $$`,
    'delete from test_writes',
  ];
  for (const statement of statements) await db.execute(sql.raw(statement));
  return {
    async take() {
      const { rows } = (await db.execute(sql`delete from test_writes returning table_name`)) as unknown as {
        rows: { table_name: string }[];
      };
      return [...new Set(rows.map((r) => r.table_name))].sort();
    },
  };
}
