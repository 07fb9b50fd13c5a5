// CPU time processes spent, read from /proc (Linux): the checkout scenario divides it by the
// bookings made, a figure that holds on a shared machine where bookings/s swings with the load.
import { readFileSync } from 'node:fs';
import pg from 'pg';

const TICKS_PER_SECOND = 100;

/** User + system CPU milliseconds of a process so far; 0 when it cannot be read. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

export type CpuReading = { server: number; backends: Map<number, number> };

/**
 * Reads the CPU milliseconds the server process and, on PostgreSQL, each backend serving its
 * database have used so far (PostgreSQL on this machine only: its processes are read from /proc).
 */
export function cpuClock(serverPid: number, databaseUrl?: string): () => Promise<CpuReading> {
  return async () => {
    const backends = new Map<number, number>();
    if (databaseUrl) {
      const url = new URL(databaseUrl);
      const name = url.pathname.slice(1);
      url.pathname = '/postgres';
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        const { rows } = await client.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = $1',
          [name],
        );
        for (const { pid } of rows) backends.set(pid, cpuMs(pid));
      } finally {
        await client.end();
      }
    }
    return { server: cpuMs(serverPid), backends };
  };
}

/** CPU used between two readings: the server's, and the database backends' (new ones from 0). */
export function cpuBetween(before: CpuReading, after: CpuReading): { serverMs: number; databaseMs: number } {
  let databaseMs = 0;
  for (const [pid, ms] of after.backends) databaseMs += ms - (before.backends.get(pid) ?? 0);
  return { serverMs: after.server - before.server, databaseMs };
}
