// 16:9 images for the split-hero promo blocks.
import { Scene, f, rng, smoothPath } from './svg.mjs';
import { C, LIGHT, sky, sun, cloud, sea, waves, glitter, gomera, haze } from './nature.mjs';
import { backdrop } from './backdrops.mjs';
import { deckInto } from './deck.mjs';
import { BOATS } from './boats.mjs';
import { placeBoat } from './place.mjs';

const W169 = 1920;
const H169 = 1080;

/** Private charter: a couple on the aft sofa of a yacht, watching the sun go down. */
export function charter() {
  const s = new Scene(W169, H169);
  deckInto(s, {
    variant: 'couple',
    seed: 81,
  });
  return s.toString();
}

/** Side-view dolphin; (x, y) = body centre, len in px, angle in degrees (positive = nose up). */
function dolphin(x, y, len, angle, flip = false) {
  const S = [0, 0.03, 0.08, 0.14, 0.22, 0.32, 0.45, 0.6, 0.75, 0.88, 0.96, 1];
  const Wd = [0.005, 0.016, 0.03, 0.062, 0.086, 0.097, 0.094, 0.074, 0.046, 0.024, 0.016, 0.013];
  const bend = 0.1;
  const cl = (s) => [len * (0.5 - s), -len * bend * (1 - (2 * s - 1) ** 2)];
  const top = [];
  const bot = [];
  S.forEach((s, i) => {
    const [cx, cy] = cl(s);
    const up = Wd[i] * len * (s > 0.06 && s < 0.2 ? 1.25 : 1.05);
    top.push([cx, cy - up]);
    bot.push([cx, cy + Wd[i] * len * 0.95]);
  });
  const body = smoothPath([...top, ...bot.slice().reverse()], true, 0.9);
  const [tx, ty] = cl(1);
  const fluke = `M${f(tx + 8)},${f(ty)}C${f(tx - 6)},${f(ty - 10)} ${f(tx - len * 0.08)},${f(ty - len * 0.09)} ${f(tx - len * 0.1)},${f(ty - len * 0.085)}C${f(tx - len * 0.07)},${f(ty - len * 0.03)} ${f(tx - len * 0.06)},${f(ty)} ${f(tx - len * 0.1)},${f(ty + len * 0.07)}C${f(tx - len * 0.06)},${f(ty + len * 0.07)} ${f(tx - 6)},${f(ty + 10)} ${f(tx + 8)},${f(ty)}Z`;
  const [dx, dy] = cl(0.5);
  const fin = `M${f(dx + len * 0.08)},${f(dy - len * 0.07)}C${f(dx + len * 0.02)},${f(dy - len * 0.15)} ${f(dx - len * 0.06)},${f(dy - len * 0.2)} ${f(dx - len * 0.1)},${f(dy - len * 0.19)}C${f(dx - len * 0.07)},${f(dy - len * 0.13)} ${f(dx - len * 0.06)},${f(dy - len * 0.09)} ${f(dx - len * 0.08)},${f(dy - len * 0.06)}Z`;
  const [px, py] = cl(0.3);
  const flipper = `M${f(px + len * 0.04)},${f(py + len * 0.05)}C${f(px)},${f(py + len * 0.1)} ${f(px - len * 0.05)},${f(py + len * 0.13)} ${f(px - len * 0.09)},${f(py + len * 0.13)}C${f(px - len * 0.05)},${f(py + len * 0.08)} ${f(px - len * 0.03)},${f(py + len * 0.06)} ${f(px - len * 0.02)},${f(py + len * 0.05)}Z`;
  const belly = [];
  for (let i = 1; i < 9; i++) {
    const [cx, cy] = cl(S[i]);
    belly.push([cx, cy + Wd[i] * len * 0.1]);
  }
  const bellyD = smoothPath([...belly, ...bot.slice(1, 9).reverse()], true, 0.9);
  const [ex, ey] = cl(0.11);
  const sx = flip ? -1 : 1;
  return (
    `<g transform="translate(${f(x)},${f(y)}) scale(${sx},1) rotate(${f(-angle)})">` +
    `<path d="${fin}" fill="#3f5a75"/><path d="${fluke}" fill="#3f5a75"/>` +
    `<path d="${body}" fill="#54708d"/><path d="${bellyD}" fill="#d5e0e8"/>` +
    `<path d="${flipper}" fill="#46617d"/>` +
    `<path d="M${f(len * 0.42)},${f(-len * 0.045)}Q${f(len * 0.1)},${f(-len * 0.1)} ${f(-len * 0.3)},${f(-len * 0.05)}" stroke="#fff" stroke-opacity=".18" stroke-width="${f(len * 0.012)}" fill="none" stroke-linecap="round"/>` +
    `<circle cx="${f(ex)}" cy="${f(ey - len * 0.008)}" r="${f(len * 0.008)}" fill="#14222f"/>` +
    '</g>'
  );
}

/** Splash where a dolphin meets the water. */
function splash(x, y, w, R) {
  let out = `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(w * 0.6)}" ry="${f(w * 0.07)}" fill="#fff" fill-opacity=".3" stroke="#fff" stroke-opacity=".7" stroke-width="3"/>`;
  for (let i = 0; i < 18; i++) {
    const a = Math.PI * (0.1 + 0.8 * R());
    const d = w * (0.2 + 0.5 * R());
    out += `<circle cx="${f(x + Math.cos(a) * d * (R() < 0.5 ? -1 : 1))}" cy="${f(y - Math.sin(a) * d * 0.5)}" r="${f(2 + R() * w * 0.03)}" fill="#fff" opacity="${f((0.5 + R() * 0.5) * 100) / 100}"/>`;
  }
  return out;
}

/** Shared trip: guests on a big catamaran, dolphins jumping alongside. */
export function shared() {
  const s = new Scene(W169, H169);
  const L = LIGHT.day;
  const R = rng(91);
  const hz = 500;
  sky(s, L, hz);
  sun(s, L, 1560, 170, 38, 340, 0.55);
  s.add(
    cloud(120, 180, 300, '#fff', 0.75, R),
    cloud(760, 120, 240, '#fff', 0.6, R),
    cloud(1250, 260, 280, '#fff', 0.7, R),
  );
  sea(s, L, hz, C.turq);
  s.add(`<path d="${gomera(1620, hz + 1, 520, 50)}" fill="${haze(L, '#7d86a3', 0.65)}"/>`);
  s.add(backdrop(s, L, 'colon', hz, R, { scale: 0.8 }));
  s.add(glitter(s, L, hz, 1560, R, { n: 90, spread: 500, op: 0.5 }));
  s.add(waves(s, L, hz, R, { op: 0.3 }));
  s.add(placeBoat(s, 'bigCat', BOATS.bigCat, { x: 300, wl: 760, sc: 1.55, wake: 0.6, seed: 92 }));
  s.add(waves(s, L, 770, rng(93), { rows: 12, op: 0.25 }));
  const Rs = rng(94);
  s.add(dolphin(1120, 1000, 220, 6).replace('<g ', '<g opacity=".3" '));
  s.add(dolphin(1400, 850, 380, 30));
  s.add(splash(1250, 945, 200, Rs));
  s.add(dolphin(1700, 790, 330, -20));
  s.add(splash(1830, 850, 150, Rs));
  s.add(splash(1560, 800, 90, Rs));
  return s.toString();
}
