// Prints the README's figures (scenario table and targets) from bench/results/latest.json:
// `node --import tsx bench/readme-figures.ts`.
import { readFileSync } from 'node:fs';

type Measured = {
  name: string;
  status: 'measured';
  unit: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  timeouts: number;
  bookingsPerSecond?: number;
};
type Scenario = Measured | { name: string; status: 'skipped'; reason: string };
type Result = {
  ranAt: string;
  machine: {
    cpu: string;
    cores: number;
    memoryGiB: number;
    os: string;
    node: string;
    postgres: string;
    loadAverageAtStart: number[];
    loadAverageAtEnd?: number[];
  };
  startTimes: { bundleMs: number; tsxMs: number };
  sqlPerBooking?: { statementsPerBooking: number; transactionsPerBooking: number };
  reference: Measured;
  postgres: Record<string, Scenario>;
  pglite: Record<string, Scenario>;
  frontend: { jsGzipBytes: number; cssGzipBytes: number };
  lighthouse: Record<
    string,
    {
      performance: number;
      accessibility: number;
      bestPractices: number;
      seo: number;
      lcpMs: number;
      tbtMs: number;
      cls: number;
    }
  >;
  targets: { target: string; actual: string; pass: boolean }[];
};

const r = JSON.parse(readFileSync(new URL('results/latest.json', import.meta.url), 'utf8')) as Result;
const ref = r.reference.requestsPerSecond;
const row = (db: string, s: Scenario) =>
  s.status === 'skipped'
    ? `| ${db} | ${s.name} | skipped: ${s.reason} | | | | | |`
    : `| ${db} | ${s.name} | ${s.bookingsPerSecond !== undefined ? `**${s.bookingsPerSecond} bookings/s** (${s.requestsPerSecond} req/s)` : `${s.requestsPerSecond} req/s`} | ${s.p50Ms} ms | ${s.p99Ms} ms | ${s.errors} | ${s.timeouts} | ${((s.requestsPerSecond / ref) * 100).toFixed(1)} % |`;
const lines = [
  `RANAT ${r.ranAt.slice(0, 16).replace('T', ' ')} UTC`,
  `MACHINE ${r.machine.cpu}, ${r.machine.cores} cores, ${r.machine.memoryGiB} GiB, ${r.machine.os}, Node ${r.machine.node}, PostgreSQL ${r.machine.postgres}`,
  `LOAD ${r.machine.loadAverageAtStart[0]} at start, ${r.machine.loadAverageAtEnd?.[0] ?? '?'} at end`,
  `START bundle ${r.startTimes.bundleMs} ms, tsx ${r.startTimes.tsxMs} ms`,
  `SQL ${r.sqlPerBooking ? `${r.sqlPerBooking.statementsPerBooking} statements in ${r.sqlPerBooking.transactionsPerBooking} transactions per booking` : 'not measured'}`,
  '',
  '| database | scenario | rate | p50 | p99 | errors | timeouts | of reference |',
  '|---|---|---|---|---|---|---|---|',
  `| – | ${r.reference.name} | ${ref} req/s | ${r.reference.p50Ms} ms | ${r.reference.p99Ms} ms | ${r.reference.errors} | ${r.reference.timeouts} | 100 % |`,
  ...Object.values(r.postgres).map((s) => row('PostgreSQL', s)),
  ...Object.values(r.pglite).map((s) => row('PGlite', s)),
  '',
  `Landing route: ${(r.frontend.jsGzipBytes / 1024).toFixed(1)} KiB JavaScript and ${(r.frontend.cssGzipBytes / 1024).toFixed(1)} KiB CSS, gzip.`,
  '',
  '| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS |',
  '|---|---|---|---|---|---|---|---|',
  ...Object.entries(r.lighthouse).map(
    ([page, f]) =>
      `| \`${page}\` | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ${f.seo} | ${(f.lcpMs / 1000).toFixed(2)} s | ${f.tbtMs} ms | ${f.cls} |`,
  ),
  '',
  ...r.targets.map((t) => `| ${t.target} | ${t.actual} | ${t.pass ? 'PASS' : '**MISS**'} |`),
];
console.log(lines.join('\n'));
