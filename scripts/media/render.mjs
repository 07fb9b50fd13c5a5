#!/usr/bin/env node
// Writes every scene as an SVG file; make-media.sh rasterises and encodes them.
// Usage: node scripts/media/render.mjs <outDir> [fps] [seconds]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PHOTOS } from './lib/catalog.mjs';
import { charter, shared } from './lib/promo.mjs';
import { heroFrame } from './lib/hero.mjs';

const [outDir, fpsArg = '25', secArg = '10'] = process.argv.slice(2);
if (!outDir) {
  console.error('usage: render.mjs <outDir> [fps] [seconds]');
  process.exit(2);
}
const fps = Number(fpsArg);
const T = Number(secArg);

for (const d of ['boats', 'promo', 'hero']) mkdirSync(join(outDir, d), { recursive: true });

let n = 0;
for (const [slug, scenes] of Object.entries(PHOTOS)) {
  scenes.forEach((scene, i) => {
    writeFileSync(join(outDir, 'boats', `${slug}-${i + 1}.svg`), scene());
    n += 1;
  });
}
writeFileSync(join(outDir, 'promo', 'charter.svg'), charter());
writeFileSync(join(outDir, 'promo', 'shared.svg'), shared());

// frames 0 .. fps*T-1; frame fps*T would equal frame 0, so the loop is seamless
const frames = Math.round(fps * T);
for (let i = 0; i < frames; i++) {
  writeFileSync(join(outDir, 'hero', `frame-${String(i).padStart(4, '0')}.svg`), heroFrame(i / fps, T));
}
console.log(`wrote ${n} boat scenes, 2 promo scenes, ${frames} hero frames to ${outDir}`);
