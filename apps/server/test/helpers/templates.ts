// Where the migrated template databases live. Creating and migrating a database takes
// seconds, so global setup does it once and every test file starts from a copy. PGlite's are
// plain tar dumps of its data folder, not gzip: a file's copy loads in about half the CPU time
// (measured 2026-11-27: ~0.4 s against ~0.9 s), and about 130 PGlite databases open in a run.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

export const TEMPLATE_DIR = fileURLToPath(new URL('../../.tmp/templates', import.meta.url));
export const PGLITE_TEMPLATE = {
  empty: `${TEMPLATE_DIR}/empty.tar`,
  demo: `${TEMPLATE_DIR}/demo.tar`,
};
// Named after this checkout, so two clones testing against one PostgreSQL server at once
// never drop each other's templates.
const checkout = createHash('sha1').update(TEMPLATE_DIR).digest('hex').slice(0, 8);
export const PG_TEMPLATE = { empty: `boats_tpl_${checkout}_empty`, demo: `boats_tpl_${checkout}_demo` };
export type TemplateName = keyof typeof PGLITE_TEMPLATE;

export function postgresUrl(database: string): string {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}
