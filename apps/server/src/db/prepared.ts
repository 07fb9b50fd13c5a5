// Statements of the checkout's hot path, built once. Drizzle turns a query builder into SQL text
// and a result mapping on every call: in a checkout that was a fifth of the server's time. A
// prepared query keeps both, and on PostgreSQL its name lets each connection parse and plan the
// statement once instead of per call.
//
// A drizzle prepared query is bound to the session it was built on: its connection (the pool,
// or a transaction's client) and its logger. The function made here runs the one statement it
// built on the session of the `db` it is given, whichever it is, so the statement stays inside
// the caller's transaction. Both drivers (node-postgres and PGlite) keep these in `client` and
// `logger`, on the prepared query as on the session; `test/api/prepared-statements.test.ts` and
// the trigger-coverage test of `read-cache.test.ts` (which logs queries) fail if that changes.
import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db } from './client';

type Session = { client: unknown; logger: unknown };
type Preparing = { prepareQuery: (...args: unknown[]) => PgPreparedQuery<PreparedQueryConfig> };

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

/**
 * A hand-written statement (`sql` with `sql.placeholder(…)`, or `sql.param(sql.placeholder(…),
 * column)` where a value needs its column's encoding, as JSON does), prepared as `preparedStatement`
 * prepares a query builder's: for what the builders cannot say, such as two inserts in one
 * statement. Answers the driver's raw result.
 */
export function preparedSql<V extends Record<string, unknown>>(
  name: string,
  text: SQL,
): (db: Db, values: V) => Promise<unknown> {
  // Quoting and numbering placeholders do not depend on the connection: any dialect turns the
  // text into the same query.
  const query = new PgDialect().sqlToQuery(text);
  return preparedStatement<PreparedQueryConfig, V>(name, (db, n) =>
    (db._.session as unknown as Preparing).prepareQuery(query, undefined, n, false),
  );
}
