// Lighthouse (mobile preset, median of 3 fresh-browser runs) on pages of a running server:
//   node --import tsx bench/lighthouse.ts http://127.0.0.1:3000 [/ /booking …]
// Prints, per page, performance, LCP, TBT and CLS with the LCP element and the script bytes,
// and checks the issue's first-screen targets (TBT ≤ 50 ms, LCP < 2.5 s). `npm run bench` has
// the same figures from bench/lib/lighthouse.ts; this runs them alone, against any build.
import { lighthouseMedian } from './lib/lighthouse';

const [base, ...paths] = process.argv.slice(2);
if (!base || !/^https?:\/\//.test(base)) {
  console.error('usage: node --import tsx bench/lighthouse.ts <base-url> [path …] (default / and /booking)');
  process.exit(2);
}

let missed = 0;
for (const path of paths.length > 0 ? paths : ['/', '/booking']) {
  const figures = await lighthouseMedian(base.replace(/\/$/, '') + path);
  const tbtOk = figures.tbtMs <= 50;
  const lcpOk = figures.lcpMs < 2500;
  if (!tbtOk || !lcpOk) missed++;
  console.log(
    [
      `${path}: performance ${figures.performance}`,
      `LCP ${(figures.lcpMs / 1000).toFixed(2)} s${lcpOk ? '' : ' (over 2.5 s)'}`,
      `TBT ${figures.tbtMs} ms${tbtOk ? '' : ' (over 50 ms)'}`,
      `CLS ${figures.cls}`,
      `JS ${(figures.jsTransferBytes / 1024).toFixed(1)} KiB transferred`,
    ].join(' · '),
  );
  console.log(`  runs: ${figures.runs.map((r) => `LCP ${r.lcpMs} ms / TBT ${r.tbtMs} ms`).join(', ')}`);
  console.log(`  LCP element: ${figures.lcpElement.replace(/\s+/g, ' ').slice(0, 160)}`);
  if (figures.consoleErrors.length > 0) console.log(`  console errors: ${figures.consoleErrors.join(' | ')}`);
}
process.exit(missed > 0 ? 1 : 0);
