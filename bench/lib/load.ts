// One autocannon measurement: 100 connections, no pipelining, a fixed duration.
import autocannon, { type AutocannonRequest } from 'autocannon';

const CONNECTIONS = 100;

export type LoadFigures = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Socket errors, timeouts and non-2xx answers together. */
  errors: number;
  /** Requests autocannon gave up on after 10 s (counted in `errors` too). */
  timeouts: number;
  /** Answers that were not 2xx, 503 'busy' included (counted in `errors` too). */
  non2xx: number;
  requests: number;
  statusCodes: Record<string, number>;
  /**
   * The load generator's CPU over the run, in % of one core: autocannon runs in this process, on
   * the same cores as the server, so near 100 % the generator, not the server, set the rate.
   */
  generatorCpuPercent: number;
};

export async function measure(options: {
  url: string;
  seconds: number;
  requests?: AutocannonRequest[];
  headers?: Record<string, string>;
  /** Clients at once; CONNECTIONS unless told. */
  connections?: number;
}): Promise<LoadFigures> {
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({
    url: options.url,
    connections: options.connections ?? CONNECTIONS,
    pipelining: 1,
    duration: options.seconds,
    timeout: 10,
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.requests ? { requests: options.requests } : {}),
  });
  const cpu = process.cpuUsage(cpuBefore);
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stat.count;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
    statusCodes,
    generatorCpuPercent: Math.round((cpu.user + cpu.system) / 10_000 / options.seconds),
  };
}

/** A short run to warm the JIT, the pools and the caches before the measured run. */
export async function warmUp(
  url: string,
  requests?: AutocannonRequest[],
  headers?: Record<string, string>,
): Promise<void> {
  await autocannon({
    url,
    connections: 20,
    duration: 2,
    ...(requests ? { requests } : {}),
    ...(headers ? { headers } : {}),
  });
}
