// The measured API paths. Each scenario first makes one real request; a route that does not
// exist yet (or fails) is reported as skipped with the reason instead of measured.
import type { AutocannonRequest } from 'autocannon';
import { CHECKOUT_ADULTS, type BenchData, type BenchTrip } from './bench-data';
import { cpuBetween, type CpuReading } from './cpu-time';
import { measure, warmUp, type LoadFigures } from './load';

export type ScenarioResult =
  | ({ name: string; status: 'measured'; unit: 'req/s' | 'bookings/s'; note?: string } & LoadFigures & {
        bookingsPerSecond?: number;
        /** CPU milliseconds per completed booking: the server process, the database's backends. */
        cpuPerBooking?: { serverMs: number; databaseMs: number; afterwardsMs?: number };
        /** CPU microseconds per answer: the server process, the database's backends. */
        cpuPerRequest?: { serverUs: number; databaseUs: number };
      })
  | { name: string; status: 'skipped'; reason: string };

async function probe(
  url: string,
  init?: RequestInit,
): Promise<{ ok: boolean; reason: string; body: string }> {
  try {
    const res = await fetch(url, init);
    const body = await res.text();
    if (res.ok) return { ok: true, reason: '', body };
    const missing = res.status === 404 && body.includes('No route');
    return {
      ok: false,
      reason: missing ? 'route not built yet' : `probe answered ${res.status}: ${body.slice(0, 200)}`,
      body,
    };
  } catch (err) {
    return { ok: false, reason: `probe failed: ${(err as Error).message}`, body: '' };
  }
}

export async function measureGet(
  name: string,
  base: string,
  paths: string[],
  seconds: number,
  readCpu?: () => Promise<CpuReading>,
): Promise<ScenarioResult> {
  const first = paths[0];
  if (!first) return { name, status: 'skipped', reason: 'nothing to request' };
  const check = await probe(base + first);
  if (!check.ok) return { name, status: 'skipped', reason: check.reason };
  let next = 0;
  // Rotate over the given paths (e.g. many booking ids) so no single row stays hot.
  const requests: AutocannonRequest[] | undefined =
    paths.length > 1
      ? [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }]
      : undefined;
  const url = base + (paths.length > 1 ? '' : first);
  // As a browser asks: compressed answers are what the month cache keeps.
  const headers = { 'accept-encoding': 'br, gzip' };
  await warmUp(url, requests, headers);
  const cpuBefore = await readCpu?.();
  const figures = await measure({ url, seconds, headers, ...(requests ? { requests } : {}) });
  const cpuAfter = await readCpu?.();
  // CPU per answer holds on a shared machine, where the rate swings with the load.
  const cpu = cpuBefore && cpuAfter && figures.requests > 0 ? cpuBetween(cpuBefore, cpuAfter) : undefined;
  const perRequest = (ms: number) => Math.round((ms * 1000) / figures.requests);
  return {
    name,
    status: 'measured',
    unit: 'req/s',
    ...figures,
    ...(cpu
      ? { cpuPerRequest: { serverUs: perRequest(cpu.serverMs), databaseUs: perRequest(cpu.databaseMs) } }
      : {}),
  };
}

const CARD = {
  number: '4242424242424242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 3,
  cvc: '123',
};

function intentBody(data: BenchData, trip: BenchTrip, n: number) {
  const unit = trip.seatPriceCents / 100;
  const totalCents = trip.seatPriceCents * CHECKOUT_ADULTS * trip.hours;
  return {
    currency: 'eur',
    amount: totalCents,
    booking: {
      boatId: data.checkoutBoatId,
      mode: 'shared',
      slotId: trip.slotId,
      dateISO: trip.startsAt,
      durationHours: trip.hours,
      tickets: { adults: CHECKOUT_ADULTS, children50: 0, kidsFree: 0 },
      priceBreakdown: {
        unitPerHour: unit,
        paidUnits: CHECKOUT_ADULTS,
        hours: trip.hours,
        total: totalCents / 100,
      },
    },
    customer: { name: `Bench Customer ${n}`, email: `bench${n}@example.com` },
    lang: 'en',
  };
}

/** Each simulated customer comes from its own address (the server trusts X-Forwarded-For here). */
const clientIp = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

const json = { 'content-type': 'application/json' };

/** One whole checkout by hand: proves the path works before it is measured. */
export async function oneCheckout(base: string, data: BenchData, n: number): Promise<string | undefined> {
  const trip = data.trips[n % data.trips.length]!;
  const ip = { 'x-forwarded-for': clientIp(n) };
  const intent = await probe(`${base}/api/boat/payment-intent`, {
    method: 'POST',
    headers: { ...json, ...ip },
    body: JSON.stringify(intentBody(data, trip, n)),
  });
  if (!intent.ok) return `payment-intent: ${intent.reason}`;
  const { clientSecret } = JSON.parse(intent.body) as { clientSecret: string };
  const pay = await probe(`${base}/api/payments/sandbox/confirm`, {
    method: 'POST',
    headers: { ...json, ...ip },
    body: JSON.stringify({ clientSecret, card: CARD, returnUrl: `${base}/booking` }),
  });
  if (!pay.ok) return `sandbox confirm: ${pay.reason}`;
  const intentId = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
  const confirm = await probe(`${base}/checkout/confirm?payment_intent=${encodeURIComponent(intentId)}`, {
    headers: { ...ip, 'idempotency-key': intentId },
  });
  if (!confirm.ok) return `checkout/confirm: ${confirm.reason}`;
  return undefined;
}

/** What a steady stream of sales did while it ran: sold, refused or failed, and the rate asked. */
export type SalesLanded = { perSecond: number; sold: number; failed: number; firstFailure?: string };

/**
 * Sales landing at a steady rate while something else is measured: every 1000 / perSecond ms a
 * new customer runs the whole checkout (hold, card, confirm), whether or not the one before has
 * finished, as customers arrive in a season. Each committed sale notifies the server's caches.
 * `firstCustomer` keeps these customers' addresses apart from other runs'.
 */
export function landSales(
  base: string,
  data: BenchData,
  perSecond: number,
  firstCustomer: number,
): { stop(): Promise<SalesLanded> } {
  let n = firstCustomer;
  const landed: SalesLanded = { perSecond, sold: 0, failed: 0 };
  const running = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const sale = oneCheckout(base, data, n++).then(
      (failure) => {
        if (failure === undefined) landed.sold++;
        else {
          landed.failed++;
          landed.firstFailure ??= failure;
        }
      },
      (err: Error) => {
        landed.failed++;
        landed.firstFailure ??= err.message;
      },
    );
    running.add(sale);
    void sale.finally(() => running.delete(sale));
  }, 1000 / perSecond);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(running);
      return landed;
    },
  };
}

/**
 * The server's and database's CPU from `from` until a second in which they used less than a
 * tenth of a core (at most a minute).
 */
async function cpuUntilIdle(from: CpuReading, readCpu: () => Promise<CpuReading>): Promise<number> {
  let last = from;
  for (let second = 0; second < 60; second++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await readCpu();
    const { serverMs, databaseMs } = cpuBetween(last, now);
    last = now;
    if (serverMs + databaseMs < 100) break;
  }
  const { serverMs, databaseMs } = cpuBetween(from, last);
  return serverMs + databaseMs;
}

export async function measureCheckout(
  base: string,
  data: BenchData,
  seconds: number,
  readCpu?: () => Promise<CpuReading>,
): Promise<ScenarioResult> {
  const name = 'checkout (intent → sandbox pay → confirm)';
  if (data.trips.length === 0) return { name, status: 'skipped', reason: 'no bench trips' };
  const failure = await oneCheckout(base, data, 1);
  if (failure) return { name, status: 'skipped', reason: failure };

  let n = 10;
  let completed = 0;
  let counting = false;
  const requests: AutocannonRequest[] = [
    {
      method: 'POST',
      path: '/api/boat/payment-intent',
      setupRequest: (req, ctx) => {
        const id = n++;
        ctx.ip = clientIp(id);
        const trip = data.trips[id % data.trips.length]!;
        return {
          ...req,
          headers: { ...json, 'x-forwarded-for': ctx.ip as string },
          body: JSON.stringify(intentBody(data, trip, id)),
        };
      },
      onResponse: (status, body, ctx) => {
        ctx.secret = status === 200 ? (JSON.parse(body) as { clientSecret: string }).clientSecret : undefined;
      },
    },
    {
      method: 'POST',
      path: '/api/payments/sandbox/confirm',
      setupRequest: (req, ctx) => {
        const secret = ctx.secret as string | undefined;
        if (!secret) return undefined; // the hold failed: start over with a new customer
        return {
          ...req,
          headers: { ...json, 'x-forwarded-for': ctx.ip as string },
          body: JSON.stringify({ clientSecret: secret, card: CARD, returnUrl: `${base}/booking` }),
        };
      },
    },
    {
      method: 'GET',
      setupRequest: (req, ctx) => {
        const secret = ctx.secret as string;
        const intentId = secret.slice(0, secret.indexOf('_secret_'));
        return {
          ...req,
          path: `/checkout/confirm?payment_intent=${encodeURIComponent(intentId)}`,
          headers: { 'x-forwarded-for': ctx.ip as string, 'idempotency-key': intentId },
        };
      },
      onResponse: (status) => {
        if (counting && status === 200) completed++;
      },
    },
  ];
  await warmUp(base, requests);
  const cpuBefore = await readCpu?.();
  counting = true;
  const started = Date.now();
  const figures = await measure({ url: base, seconds, requests });
  const elapsed = (Date.now() - started) / 1000;
  counting = false;
  const cpuAfter = await readCpu?.();
  const bookingsPerSecond = Math.round(completed / elapsed);
  const cpu = cpuBefore && cpuAfter && completed > 0 ? cpuBetween(cpuBefore, cpuAfter) : undefined;
  const perBooking = (ms: number) => Math.round((ms / completed) * 10) / 10;
  // The jobs finish each sale after its answer (the confirmation e-mail with its invoice's PDF,
  // the reseller's webhooks): their CPU is counted until the server rests, so what a sale costs
  // in all is printed, not only what its requests cost.
  const afterwards = cpuAfter && completed > 0 && readCpu ? await cpuUntilIdle(cpuAfter, readCpu) : undefined;
  return {
    name,
    status: 'measured',
    unit: 'bookings/s',
    ...figures,
    bookingsPerSecond,
    ...(cpu
      ? {
          cpuPerBooking: {
            serverMs: perBooking(cpu.serverMs),
            databaseMs: perBooking(cpu.databaseMs),
            ...(afterwards === undefined ? {} : { afterwardsMs: perBooking(afterwards) }),
          },
        }
      : {}),
    note: `${completed} bookings completed; ${figures.requests} HTTP requests`,
  };
}
