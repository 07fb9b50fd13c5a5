// The checkout's floor: the same three requests a customer sends (payment intent, card,
// confirm) and the same statements and transactions the real sale sends (counted by
// statements-per-booking.ts), each statement trivial SQL. What this costs per booking is what
// the shape of the path costs on this machine (HTTP, node-postgres round trips, two commits)
// before any of the sale's own work: the ceiling the checkout cannot pass without fewer
// statements or requests. Run in its own process, like the server, for its own CPU reading.
import Fastify from 'fastify';
import pg from 'pg';

const statements = Number(process.env.FLOOR_STATEMENTS);
const poolSize = Number(process.env.FLOOR_POOL_SIZE);
// The card step sends two statements outside a transaction (the sandbox's intent, updated then
// read); the two transactions, BEGIN and COMMIT included, share the rest, the confirm's the
// larger, as in the real path.
const CARD_STATEMENTS = 2;
const intentStatements = Math.floor((statements - CARD_STATEMENTS) / 3);
const confirmStatements = statements - CARD_STATEMENTS - intentStatements;

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: poolSize });
const select = (client: pg.ClientBase | pg.Pool, n: number) => client.query('select $1::int as n', [n]);
const insert = (client: pg.ClientBase | pg.Pool, n: number) =>
  client.query('insert into floor_rows (n) values ($1) returning id', [n]);

/** A transaction of `count` statements, BEGIN and COMMIT counted: half reads, half writes. */
async function transaction(count: number): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    for (let i = 0; i < count - 2; i++) await (i % 2 ? insert(client, i) : select(client, i));
    await client.query('commit');
  } finally {
    client.release();
  }
}

const app = Fastify({ logger: false });
app.post('/intent', async () => {
  await transaction(intentStatements);
  return { clientSecret: 'pi_floor_secret_floor' };
});
app.post('/card', async () => {
  await insert(pool, 1);
  await select(pool, 2);
  return { status: 'succeeded' };
});
app.get('/confirm', async () => {
  await transaction(confirmStatements);
  return { status: 'confirmed' };
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log('ready');
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
