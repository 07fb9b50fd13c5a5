// Builds the production server: one ES module, dist/server.js, with the domain package
// inlined and every npm dependency left to node_modules (PGlite finds its WebAssembly there).
// Migrations (drizzle/) and the web app (../web/dist) are found at run time from the server
// folder (src/server-root.ts), so the bundle reads the same files the source does.
// `node --enable-source-maps dist/server.js` runs it; tsx is for development only.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@boats/domain');

const started = Date.now();
await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
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
console.log(`server bundle: apps/server/dist/server.js in ${Date.now() - started} ms`);
