// The targets, checked against one bench result. Each line says PASS or MISS with the
// figure and the limit, so the README can quote it as is.
import type { FrontendSize } from './frontend-size';
import type { PageFigures } from './lighthouse';
import type { ScenarioResult } from './scenarios';

export type TargetCheck = { target: string; actual: string; pass: boolean };

export const JS_BUDGET_BYTES = 150 * 1024;

function apiTargets(
  label: string,
  scenario: ScenarioResult | undefined,
  referenceRps: number,
): TargetCheck[] {
  if (!scenario || scenario.status !== 'measured') {
    return [
      {
        target: `${label}: ≥ 30% of reference, p99 ≤ 50 ms`,
        actual: scenario?.status === 'skipped' ? `not measured (${scenario.reason})` : 'not measured',
        pass: false,
      },
    ];
  }
  const ratio = scenario.requestsPerSecond / referenceRps;
  return [
    {
      target: `${label}: ≥ 30% of reference req/s`,
      actual: `${(ratio * 100).toFixed(1)}% (${scenario.requestsPerSecond} of ${referenceRps})`,
      pass: ratio >= 0.3,
    },
    { target: `${label}: p99 ≤ 50 ms`, actual: `${scenario.p99Ms} ms`, pass: scenario.p99Ms <= 50 },
  ];
}

export function checkTargets(input: {
  referenceRps: number;
  postgres: Record<string, ScenarioResult>;
  frontend: FrontendSize;
  lighthouse: Record<string, PageFigures | { error: string }>;
}): TargetCheck[] {
  const checks: TargetCheck[] = [
    ...apiTargets('GET /api/boats (PostgreSQL)', input.postgres.boats, input.referenceRps),
    ...apiTargets('GET /api/boat/{id} month (PostgreSQL)', input.postgres.month, input.referenceRps),
  ];
  const checkout = input.postgres.checkout;
  if (checkout?.status === 'measured') {
    checks.push(
      {
        target: 'checkout ≥ 200 bookings/s (PostgreSQL)',
        actual: `${checkout.bookingsPerSecond ?? 0} bookings/s`,
        pass: (checkout.bookingsPerSecond ?? 0) >= 200,
      },
      {
        target: 'checkout with zero errors',
        actual: `${checkout.errors} errors`,
        pass: checkout.errors === 0,
      },
    );
  } else {
    checks.push({
      target: 'checkout ≥ 200 bookings/s with zero errors',
      actual: `not measured (${checkout?.status === 'skipped' ? checkout.reason : 'missing'})`,
      pass: false,
    });
  }
  const { frontend } = input;
  checks.push(
    {
      target: 'landing JS ≤ 150 KiB gzip',
      actual: `${(frontend.jsGzipBytes / 1024).toFixed(1)} KiB`,
      pass: frontend.jsGzipBytes <= JS_BUDGET_BYTES,
    },
    {
      target: 'no admin chunk and no Stripe on / (build)',
      actual: frontend.problems.join('; ') || 'none',
      pass: frontend.problems.length === 0,
    },
  );
  for (const [page, figures] of Object.entries(input.lighthouse)) {
    if ('error' in figures) {
      checks.push({ target: `Lighthouse ${page}`, actual: figures.error, pass: false });
      continue;
    }
    checks.push(
      {
        target: `${page} performance ≥ 95`,
        actual: String(figures.performance),
        pass: figures.performance >= 95,
      },
      {
        target: `${page} accessibility = 100`,
        actual: String(figures.accessibility),
        pass: figures.accessibility === 100,
      },
      {
        target: `${page} best practices ≥ 95`,
        actual: String(figures.bestPractices),
        pass: figures.bestPractices >= 95,
      },
      { target: `${page} SEO ≥ 95`, actual: String(figures.seo), pass: figures.seo >= 95 },
      {
        target: `${page} LCP ≤ 1.8 s`,
        actual: `${(figures.lcpMs / 1000).toFixed(2)} s`,
        pass: figures.lcpMs <= 1800,
      },
      { target: `${page} TBT ≤ 100 ms`, actual: `${figures.tbtMs} ms`, pass: figures.tbtMs <= 100 },
      { target: `${page} CLS ≤ 0.05`, actual: String(figures.cls), pass: figures.cls <= 0.05 },
      {
        target: `${page} loads no admin chunk and no Stripe (browser)`,
        actual: figures.forbiddenRequests.join(', ') || 'none',
        pass: figures.forbiddenRequests.length === 0,
      },
    );
  }
  return checks;
}
