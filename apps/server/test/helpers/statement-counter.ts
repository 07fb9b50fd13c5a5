// Counts the SQL statements the app sends to its database, BEGIN and COMMIT included, as the
// bench does on PostgreSQL (bench/lib/statements-per-booking.ts). PostgreSQL: every statement
// of the pool goes through pg.Client#query. PGlite: through the instance's query (inside a
// transaction, the transaction's query), and each transaction adds its BEGIN and COMMIT, which
// PGlite runs itself.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../../src/db/client';

export type StatementCounter = {
  /** The statements since the last reset (their first words), for a failing test to show. */
  readonly statements: string[];
  reset(): void;
  stop(): void;
};

const firstWords = (text: unknown) =>
  String(typeof text === 'string' ? text : (text as { text?: string } | undefined)?.text).slice(0, 100);

export function countStatements(database: Database): StatementCounter {
  const statements: string[] = [];
  const counter = {
    statements,
    reset() {
      statements.length = 0;
    },
    stop: () => {},
  };
  if (database.kind === 'postgres') {
    const original = Reflect.get(pg.Client.prototype, 'query') as (...args: unknown[]) => unknown;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      statements.push(firstWords(args[0]));
      return original.apply(this, args);
    } as typeof pg.Client.prototype.query;
    counter.stop = () => {
      pg.Client.prototype.query = original as typeof pg.Client.prototype.query;
    };
    return counter;
  }
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<PGlite['query']>) => {
    statements.push(firstWords(args[0]));
    return query(...args);
  }) as PGlite['query'];
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) => {
    statements.push('begin');
    return transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((...args: Parameters<Transaction['query']>) => {
        statements.push(firstWords(args[0]));
        return txQuery(...args);
      }) as Transaction['query'];
      return callback(tx);
    }).finally(() => statements.push('commit'));
  }) as PGlite['transaction'];
  counter.stop = () => {
    client.query = query;
    client.transaction = transaction;
  };
  return counter;
}
