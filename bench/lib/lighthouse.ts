// Lighthouse 12 with its default (mobile) preset in Debian's Chromium, three runs per page,
// median of each figure. Each run gets a fresh browser so no cache carries over.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export type PageFigures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** What the page fetched that it should not (admin chunks, Stripe). */
  forbiddenRequests: string[];
  jsTransferBytes: number;
  failedAudits: string[];
  /** The element Lighthouse took as the largest contentful paint (the hero poster on `/`). */
  lcpElement: string;
  /** Messages the page logged as errors (they cost best-practices points). */
  consoleErrors: string[];
};

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

type Lhr = {
  /** Set when Lighthouse could not measure the page (e.g. NO_NAVSTART: its trace lost the start). */
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<
    string,
    {
      numericValue?: number;
      score: number | null;
      title: string;
      details?: { items?: Record<string, unknown>[] };
    }
  >;
};

async function runOnce(url: string): Promise<PageFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const lhr = result.lhr as unknown as Lhr;
    if (lhr.runtimeError) throw new LighthouseRunFailed(`${url}: ${lhr.runtimeError.code}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests = (lhr.audits['network-requests']?.details?.items ?? []) as {
      url: string;
      resourceType?: string;
      transferSize?: number;
      statusCode?: number;
    }[];
    const failedRequests = requests
      .filter((r) => (r.statusCode ?? 200) >= 400)
      .map((r) => `${r.statusCode} ${r.url}`);
    const forbiddenRequests = requests
      .map((r) => r.url)
      .filter((u) => /js\.stripe\.com/.test(u) || /\/assets\/[^/]*admin[^/]*\.js/i.test(u));
    const failedAudits = Object.entries(lhr.audits)
      .filter(
        ([, a]) =>
          a.score !== null && a.score < 0.9 && !/^(metrics|diagnostics|main-thread-tasks)$/.test(a.title),
      )
      .map(([id]) => id);
    const consoleErrors = (
      (lhr.audits['errors-in-console']?.details?.items ?? []) as {
        description?: string;
        source?: string;
        url?: string;
      }[]
    ).map((item) => `${item.url || item.source || ''}: ${item.description ?? ''}`.slice(0, 300));
    const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details?.items ?? []) as {
      items?: { node?: { snippet?: string } }[];
    }[];
    const lcpElement = lcpItems[0]?.items?.[0]?.node?.snippet ?? '';
    return {
      lcpElement,
      consoleErrors: [...consoleErrors, ...failedRequests],
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(numeric('largest-contentful-paint')),
      tbtMs: Math.round(numeric('total-blocking-time')),
      cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
      forbiddenRequests,
      jsTransferBytes: requests
        .filter((r) => r.resourceType === 'Script')
        .reduce((n, r) => n + (r.transferSize ?? 0), 0),
      failedAudits,
    };
  } finally {
    chrome.kill();
  }
}

/** A run Lighthouse itself could not measure; it says "run Lighthouse again". */
class LighthouseRunFailed extends Error {}

/** One measured run; a run Lighthouse could not measure is tried again, twice at most. */
async function measuredRun(url: string): Promise<PageFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url);
    } catch (err) {
      if (!(err instanceof LighthouseRunFailed) || attempt === 3) throw err;
      console.warn(`[bench] Lighthouse could not measure ${err.message}; running it again`);
    }
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

export async function lighthouseMedian(
  url: string,
  runs = 3,
): Promise<PageFigures & { runs: PageFigures[] }> {
  const all: PageFigures[] = [];
  for (let i = 0; i < runs; i++) all.push(await measuredRun(url));
  const pick = (key: keyof PageFigures) => median(all.map((r) => r[key] as number));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    jsTransferBytes: pick('jsTransferBytes'),
    forbiddenRequests: [...new Set(all.flatMap((r) => r.forbiddenRequests))],
    failedAudits: [...new Set(all.flatMap((r) => r.failedAudits))],
    consoleErrors: [...new Set(all.flatMap((r) => r.consoleErrors))],
    lcpElement: all[0]?.lcpElement ?? '',
    runs: all,
  };
}
