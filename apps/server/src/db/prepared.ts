// Statements of the checkout's hot path, built once. Drizzle turns a query builder into SQL text
// and a result mapping on every call: in a checkout that was a fifth of the server's time. A
// prepared query keeps both, and on PostgreSQL its name lets each connection parse and plan the
// statement once instead of per call.
//
// A drizzle prepared query is bound to the session it was built on: its connection (the pool,
// or a transaction's client) and its logger. The function made here runs the one statement it
// built on the session of the `db` it is given, whichever it is, so the statement stays inside
// the caller's transaction. Both drivers (node-postgres and PGlite) keep these in `client` and
// `logger`, on the prepared query as on the session; `test/api/db/prepared-statements.test.ts` and
// the trigger-coverage test of `read-cache.test.ts` (which logs queries) fail if that changes.
import type { PgPreparedQuery, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db } from './client';

type Session = { client: unknown; logger: unknown };

function sessionOf(db: Db): Session {
  const session = (db._ as unknown as { session: Partial<Session> }).session;
  if (!session.client || !session.logger) throw new Error('prepared statement: unknown drizzle session');
  return { client: session.client, logger: session.logger };
}

/**
 * A statement built by `build` (with `sql.placeholder(…)` for its values) the first time it runs,
 * then run as-is on any connection. `name` must be unique in the process: PostgreSQL keeps one
 * text per name on each connection.
 */
export function preparedStatement<T extends PreparedQueryConfig, V extends Record<string, unknown>>(
  name: string,
  build: (db: Db, name: string) => PgPreparedQuery<T>,
): (db: Db, values: V) => Promise<T['execute']> {
  let built: PgPreparedQuery<T> | undefined;
  return (db, values) => {
    built ??= build(db, name);
    if (!('client' in built && 'logger' in built)) {
      throw new Error(`prepared statement ${name}: unknown drizzle prepared query`);
    }
    const onSession = Object.assign(Object.create(built) as PgPreparedQuery<T>, sessionOf(db));
    return onSession.execute(values);
  };
}
