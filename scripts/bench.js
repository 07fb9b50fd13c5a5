#!/usr/bin/env node
// `npm run bench`: runs bench/run.ts with tsx (see docs/performance.md#npm-run-bench). Not part of `npm test`.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TZ: 'UTC' },
});
process.exit(result.status ?? 1);
