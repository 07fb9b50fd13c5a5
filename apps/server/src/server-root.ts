// The apps/server folder, whether this code runs from the source (src/…) or from the bundle
// (dist/server.js): files the server reads at run time (migrations, the built web app) are
// found from here, not from the depth of the file that asks.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findServerRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@boats/server'
    ) {
      return dir;
    }
    if (dirname(dir) === dir) throw new Error(`apps/server not found above ${start}`);
  }
}

export const SERVER_ROOT = findServerRoot(dirname(fileURLToPath(import.meta.url)));
