// The built web app, read into memory once at start (a few MB with its gzip and brotli copies)
// and answered from there. Reading files on every request would use libuv's worker threads,
// the ones password hashing also needs: under a sign-in flood the site itself would stall.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

export type StaticFile = {
  type: string;
  etag: string;
  cacheControl: string;
  identity: Buffer;
  /** Precompressed copies (precompress.ts), when they are smaller. */
  br?: Buffer;
  gzip?: Buffer;
};

function cacheControlOf(path: string): string {
  if (path.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (path.endsWith('.html')) return 'no-cache';
  return 'public, max-age=86400';
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** Every file of the build by URL path ("/assets/index-abc.js"); .gz/.br copies ride along. */
export async function loadStaticFiles(distDir: string): Promise<Map<string, StaticFile>> {
  const paths: string[] = [];
  for await (const path of walk(distDir)) paths.push(path);
  const present = new Set(paths);
  const files = new Map<string, StaticFile>();
  for (const path of paths) {
    if (/\.(br|gz|tmp)$/.test(path)) continue;
    const url = `/${relative(distDir, path).split(sep).join('/')}`;
    const identity = await readFile(path);
    const copy = async (suffix: string) =>
      present.has(path + suffix) ? readFile(path + suffix).catch(() => undefined) : undefined;
    const [br, gzip] = await Promise.all([copy('.br'), copy('.gz')]);
    files.set(url, {
      type: TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
      cacheControl: cacheControlOf(url),
      identity,
      ...(br && br.length < identity.length ? { br } : {}),
      ...(gzip && gzip.length < identity.length ? { gzip } : {}),
    });
  }
  return files;
}

/** One satisfiable "bytes=a-b" range of a file of `size` bytes (videos need them), else undefined. */
function singleRange(header: string | undefined, size: number): [number, number] | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start <= end && start < size ? [start, end] : undefined;
}

export function sendStaticFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile): FastifyReply {
  reply
    .header('content-type', file.type)
    .header('cache-control', file.cacheControl)
    .header('etag', file.etag)
    .header('accept-ranges', 'bytes');
  if (file.br || file.gzip) {
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  }
  if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();

  // Ranges for media only: a text answer may still be compressed whole by compress-responses.ts.
  const range = file.type.startsWith('text/')
    ? undefined
    : singleRange(request.headers.range, file.identity.length);
  if (range) {
    const [start, end] = range;
    return reply
      .status(206)
      .header('content-range', `bytes ${start}-${end}/${file.identity.length}`)
      .send(file.identity.subarray(start, end + 1));
  }
  const accepted = String(request.headers['accept-encoding'] ?? '').toLowerCase();
  if (file.br && /\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(file.br);
  if (file.gzip && /\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(file.gzip);
  return reply.send(file.identity);
}
