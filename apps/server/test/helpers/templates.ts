// Where the migrated template databases live. Creating and migrating a database takes
// seconds, so global setup does it once and every test file starts from a copy.
import { fileURLToPath } from 'node:url';

export const TEMPLATE_DIR = fileURLToPath(new URL('../../.tmp/templates', import.meta.url));
export const PGLITE_TEMPLATE = {
  empty: `${TEMPLATE_DIR}/empty.tar.gz`,
  demo: `${TEMPLATE_DIR}/demo.tar.gz`,
};
export const PG_TEMPLATE = { empty: 'boats_tpl_empty', demo: 'boats_tpl_demo' };
export type TemplateName = keyof typeof PGLITE_TEMPLATE;

export function postgresUrl(database: string): string {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}
