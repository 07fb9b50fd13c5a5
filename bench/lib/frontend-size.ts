// What the landing route downloads before it can render: the prerendered landing page's boot
// script, the app's entry and the modules it preloads (which the boot script names, see
// apps/web/public/boot.js), the stylesheets, and every chunk they import statically.
// Chunks behind import() (booking flow, admin pages, Stripe) are counted apart: they must not
// be needed on `/`.
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

export type FrontendSize = {
  jsGzipBytes: number;
  cssGzipBytes: number;
  files: { file: string; rawBytes: number; gzipBytes: number }[];
  /** Static problems: an admin chunk or Stripe's loader reached from the landing route. */
  problems: string[];
};

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g;

function gzipBytes(content: Buffer): number {
  return gzipSync(content, { level: 9 }).length;
}

export function landingBundle(distDir: string): FrontendSize {
  const html = readFileSync(join(distDir, 'pages', 'index.en.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
  const boot = /<script[^>]*data-entry="([^"]+)"[^>]*data-preload="([^"]*)"/.exec(html);
  if (!boot)
    throw new Error('the built index.html has no boot script naming the app (data-entry, data-preload)');
  const preloads = [boot[1]!, ...boot[2]!.split(' ').filter(Boolean)];
  const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  const problems: string[] = [];
  if (/js\.stripe\.com/.test(html)) problems.push('the landing page loads js.stripe.com');

  const seen = new Set<string>();
  const queue = [...scripts, ...preloads].filter((src) => src.startsWith('/'));
  while (queue.length > 0) {
    const src = queue.shift()!;
    if (seen.has(src)) continue;
    seen.add(src);
    const code = readFileSync(join(distDir, src)).toString('utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) {
      const target = posix.normalize(posix.join(posix.dirname(src), match[1]!));
      if (!seen.has(target)) queue.push(target);
    }
  }
  const files = [...seen, ...styles].map((file) => {
    const content = readFileSync(join(distDir, file));
    if (file.endsWith('.js') && /admin/i.test(posix.basename(file)))
      problems.push(`admin chunk ${file} is loaded by /`);
    if (file.endsWith('.js') && content.includes('js.stripe.com/v3'))
      problems.push(`${file} carries Stripe's loader`);
    return { file, rawBytes: content.length, gzipBytes: gzipBytes(content) };
  });
  const sum = (ext: string) => files.filter((f) => f.file.endsWith(ext)).reduce((n, f) => n + f.gzipBytes, 0);
  return { jsGzipBytes: sum('.js'), cssGzipBytes: sum('.css'), files, problems };
}
