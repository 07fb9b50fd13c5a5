// Writes a gzip and a brotli copy beside every compressible file of the built web app, once, at
// start, so the in-memory file server (static-files.ts) sends ~120 KB of JavaScript instead of ~400 KB
// without compressing on each request. Copies are refreshed when the original is newer; writes
// go through a rename so two instances starting together never serve half a file. A read-only
// build folder is fine: the files are then sent uncompressed.
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) yield path;
  }
}

async function isFresh(copy: string, originalMtime: number): Promise<boolean> {
  try {
    return (await stat(copy)).mtimeMs >= originalMtime;
  } catch {
    return false;
  }
}

async function writeAtomically(path: string, content: Buffer): Promise<void> {
  const temp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, content);
  await rename(temp, path);
}

export async function precompressWebApp(distDir: string): Promise<{ written: number; failed: number }> {
  let written = 0;
  let failed = 0;
  // A build replaced while we walk it (files vanish) must not stop the server from starting.
  const all: string[] = [];
  try {
    for await (const path of files(distDir)) all.push(path);
  } catch {
    return { written, failed: failed + 1 };
  }
  for (const path of all) {
    const info = await stat(path).catch(() => undefined);
    if (!info || info.size < MIN_BYTES) continue;
    const variants = [
      [`${path}.gz`, (b: Buffer) => gzipAsync(b, { level: 9 })],
      [
        `${path}.br`,
        (b: Buffer) =>
          brotliAsync(b, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: b.length },
          }),
      ],
    ] as const;
    for (const [copy, compress] of variants) {
      if (await isFresh(copy, info.mtimeMs)) continue;
      try {
        await writeAtomically(copy, await compress(await readFile(path)));
        written++;
      } catch {
        failed++;
      }
    }
  }
  return { written, failed };
}
