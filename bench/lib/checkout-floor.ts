// Measures the checkout's floor (checkout-floor-server.ts) as the checkout scenario is measured:
// 100 customers at once, each sending the three requests in turn, bookings a second and the CPU
// one booking costs the server process and the database, on a throwaway database of its own.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../apps/server/test/helpers/spawn-server';
import { cpuBetween, cpuClock } from './cpu-time';
import { measure, warmUp } from './load';
import type { ScenarioResult } from './scenarios';
import type { StatementCount } from './statements-per-booking';

/** The server's pool (db/client.ts), so the floor waits for connections as the server does. */
const POOL_SIZE = 20;

export async function measureCheckoutFloor(
  root: string,
  databaseUrl: string,
  count: StatementCount,
  seconds: number,
): Promise<ScenarioResult> {
  const statements = Math.round(count.statementsPerBooking);
  const name = `checkout's floor (the same 3 requests and ${statements} statements, trivial SQL)`;
  const url = new URL(databaseUrl);
  const database = `${url.pathname.slice(1)}_floor`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  url.pathname = `/${database}`;
  const setup = new pg.Client({ connectionString: url.toString() });
  await setup.connect();
  await setup.query('create table floor_rows (id bigserial primary key, n int not null)');
  await setup.end();
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench/lib/checkout-floor-server.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: url.toString(),
        FLOOR_STATEMENTS: String(statements),
        FLOOR_POOL_SIZE: String(POOL_SIZE),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    await new Promise((resolve, reject) => {
      child.stdout?.once('data', resolve);
      child.once('exit', () => reject(new Error('the floor server stopped')));
    });
    const base = `http://127.0.0.1:${port}`;
    let completed = 0;
    let counting = false;
    const json = { 'content-type': 'application/json' };
    const requests = [
      { method: 'POST' as const, path: '/intent', headers: json, body: '{}' },
      { method: 'POST' as const, path: '/card', headers: json, body: '{}' },
      {
        method: 'GET' as const,
        path: '/confirm',
        onResponse: (status: number) => {
          if (counting && status === 200) completed++;
        },
      },
    ];
    await warmUp(base, requests);
    const readCpu = cpuClock(child.pid!, url.toString());
    const before = await readCpu();
    counting = true;
    const started = Date.now();
    const figures = await measure({ url: base, seconds, requests });
    const elapsed = (Date.now() - started) / 1000;
    counting = false;
    const cpu = cpuBetween(before, await readCpu());
    const perBooking = (ms: number) => Math.round((ms / Math.max(completed, 1)) * 10) / 10;
    return {
      name,
      status: 'measured',
      unit: 'bookings/s',
      ...figures,
      bookingsPerSecond: Math.round(completed / elapsed),
      cpuPerBooking: { serverMs: perBooking(cpu.serverMs), databaseMs: perBooking(cpu.databaseMs) },
      note: `${completed} bookings completed; ${figures.requests} HTTP requests`,
    };
  } finally {
    // Stopped before its database goes, or the dropped connections kill it with an error.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
}
