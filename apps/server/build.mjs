// Builds the production server: one ES module, dist/server.js, with the domain package
// inlined and every npm dependency left to node_modules (PGlite finds its WebAssembly there).
// Migrations (drizzle/) and the web app (../web/dist) are found at run time from the server
// folder (src/server-root.ts), so the bundle reads the same files the source does, wherever
// under apps/server it is written (the journeys' servers write theirs under .tmp/).
// `node --enable-source-maps dist/server.js` runs it; tsx is for development only.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SERVER_DIR = fileURLToPath(new URL('.', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@boats/domain');

/** Writes the bundle to `outfile` (relative to apps/server), with its source map. */
export async function buildServerBundle(outfile = 'dist/server.js') {
  await build({
    absWorkingDir: SERVER_DIR,
    entryPoints: ['src/server.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Subpaths (drizzle-orm/pg-core, @electric-sql/pglite/contrib/…) stay external too.
    external: external.flatMap((name) => [name, `${name}/*`]),
    logLevel: 'warning',
    legalComments: 'none',
  });
}

// `node build.mjs [outfile]`: dist/server.js unless told otherwise (the tests write their own).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outfile = process.argv[2] ?? 'dist/server.js';
  const started = Date.now();
  await buildServerBundle(outfile);
  console.log(`server bundle: apps/server/${outfile} in ${Date.now() - started} ms`);
}
