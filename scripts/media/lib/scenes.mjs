// Boat photo scenes (4:3): at sea, in the harbour, at sunset.
import { Scene, f, rng, mix } from './svg.mjs';
import { C, LIGHT, sky, sun, cloud, sea, waves, glitter, palm } from './nature.mjs';
import { backdrop } from './backdrops.mjs';
import { BOATS } from './boats.mjs';
import { placeBoat, LEN } from './place.mjs';

export const W43 = 1600;
export const H43 = 1200;

/** Warm, darker tint for boats in sunset light. */
export function duskFilter(s, amount = 1) {
  const a = amount;
  const m = [
    [1 - 0.06 * a, 0.06 * a, 0, 0.03 * a],
    [0.03 * a, 1 - 0.24 * a, 0.03 * a, 0],
    [0, 0.04 * a, 1 - 0.42 * a, 0.02 * a],
  ];
  const v = m.map((r) => `${r[0]} ${r[1]} ${r[2]} 0 ${r[3]}`).join(' ') + ' 0 0 0 1 0';
  return s.filter(
    `<feColorMatrix type="matrix" values="${v.replace(/(\d\.\d{3})\d+/g, '$1')}"/>`,
    'color-interpolation-filters="sRGB"',
  );
}

function clouds(s, L, R, hz, n, col = '#ffffff', op = 0.7) {
  let out = '';
  for (let i = 0; i < n; i++) {
    const w = 160 + R() * 260;
    const x = (i / n) * s.w + R() * (s.w / n) - w / 3;
    const y = hz * (0.18 + R() * 0.55);
    out += cloud(x, y, w, col, f(op * (0.5 + R() * 0.5) * 100) / 100, R);
  }
  return out;
}

/** Boat under way on open water with the location behind. */
export function atSea(cfg) {
  const {
    kind,
    loc,
    light = 'day',
    side = 'left',
    sc,
    wl,
    flip = false,
    wake = 0.5,
    seed = 1,
    boat = {},
  } = cfg;
  const s = new Scene(W43, H43);
  const L = LIGHT[light];
  const R = rng(seed);
  const hz = cfg.hz ?? 600;
  sky(s, L, hz);
  const sunX = cfg.sunX ?? (side === 'left' ? s.w * 0.82 : s.w * 0.18);
  const sunY = cfg.sunY ?? hz * 0.28;
  sun(s, L, sunX, sunY, light === 'day' ? 34 : 44, light === 'day' ? 300 : 520, light === 'day' ? 0.5 : 0.8);
  s.add(clouds(s, L, R, hz, 4, light === 'sunset' ? '#ffd3b0' : '#ffffff', light === 'day' ? 0.75 : 0.45));
  sea(s, L, hz, light === 'day' ? C.turq : null);
  s.add(backdrop(s, L, loc, hz, R, { side }));
  s.add(glitter(s, L, hz, sunX, R, { n: 90, spread: 420, op: light === 'day' ? 0.5 : 0.8 }));
  s.add(waves(s, L, hz, R, { op: 0.3 }));
  const x = cfg.x ?? (s.w - LEN[kind] * sc) / 2;
  const filter = light === 'sunset' ? duskFilter(s, 0.8) : light === 'golden' ? duskFilter(s, 0.35) : '';
  s.add(placeBoat(s, kind, BOATS[kind], { x, wl, sc, flip, wake, rot: cfg.rot ?? 0, boat, filter, seed }));
  s.add(waves(s, L, wl + 10, rng(seed + 9), { rows: 10, op: 0.22 }));
  return s.toString();
}

/** Moored in a marina, wooden pontoon in front, palm tree on the quay. */
export function harbour(cfg) {
  const { kind, loc, light = 'day', side = 'left', sc, flip = false, seed = 3, boat = {} } = cfg;
  const s = new Scene(W43, H43);
  const L = LIGHT[light];
  const R = rng(seed);
  const hz = cfg.hz ?? 640;
  sky(s, L, hz);
  const sunX = side === 'left' ? s.w * 0.8 : s.w * 0.2;
  sun(s, L, sunX, hz * 0.26, 34, 320, light === 'day' ? 0.5 : 0.8);
  s.add(clouds(s, L, R, hz, 3, '#ffffff', 0.7));
  sea(s, L, hz, mix(C.turq, '#3fb8a8', 0.5));
  s.add(backdrop(s, L, loc, hz, R, { side, harbour: true }));
  s.add(waves(s, L, hz, R, { op: 0.22, rows: 34 }));
  const wl = cfg.wl ?? 930;
  const x = cfg.x ?? (s.w - LEN[kind] * sc) / 2;
  const filter = light === 'golden' ? duskFilter(s, 0.3) : '';
  s.add(placeBoat(s, kind, BOATS[kind], { x, wl, sc, flip, wake: 0, boat, reflect: 0.28, filter, seed }));
  // mooring lines from bow and stern cleats to the pontoon
  const top = 990;
  const bx = flip ? x + LEN[kind] * sc * 0.1 : x + LEN[kind] * sc * 0.9;
  const sx = flip ? x + LEN[kind] * sc * 0.92 : x + LEN[kind] * sc * 0.06;
  s.add(
    `<path d="M${f(bx)},${f(wl - 55 * sc)}Q${f(bx + 40)},${f(top - 20)} ${f(bx + 90)},${f(top + 30)}M${f(sx)},${f(wl - 50 * sc)}Q${f(sx - 40)},${f(top - 20)} ${f(sx - 90)},${f(top + 30)}" stroke="#e9dcc0" stroke-width="4" fill="none"/>`,
  );
  // pontoon in perspective
  const y0 = top;
  const y1 = 1110;
  const vp = s.w / 2;
  const px = (xb, y) => vp + ((xb - vp) * (y - hz)) / (y1 - hz);
  s.add(`<rect y="${y1}" width="${s.w}" height="${s.h - y1}" fill="${mix(C.deep, '#000000', 0.2)}"/>`);
  s.add(`<rect y="${y1}" width="${s.w}" height="26" fill="#6f4f36"/>`);
  s.add(
    `<rect y="${y0}" width="${s.w}" height="${y1 - y0}" fill="${s.lin([
      [0, '#caa277'],
      [1, '#b0835a'],
    ])}"/>`,
  );
  let planks = '';
  for (let xb = -800; xb < s.w + 800; xb += 70) {
    planks += `M${f(px(xb, y0))},${y0}L${f(xb)},${y1}`;
  }
  s.add(`<path d="${planks}" stroke="#8a6242" stroke-width="2.5" opacity=".55"/>`);
  s.add(`<rect y="${y0}" width="${s.w}" height="6" fill="#e1c29a"/>`);
  for (const cx of [bx + 90, sx - 90]) {
    s.add(
      `<path d="M${f(cx - 26)},${f(top + 34)}L${f(cx + 26)},${f(top + 34)}L${f(cx + 18)},${f(top + 24)}L${f(cx - 18)},${f(top + 24)}Z" fill="#3a3f44"/>`,
    );
  }
  const pR = rng(seed + 5);
  const palmX = side === 'left' ? s.w * 0.08 : s.w * 0.92;
  s.add(palm(palmX, y0 + 20, 420, pR, side === 'left' ? 0.12 : -0.12));
  return s.toString();
}

/** Sunset: big low sun, glitter path, boat in warm light. */
export function sunset(cfg) {
  const { kind, loc, side = 'left', sc, wl, flip = false, wake = 0.3, seed = 5, boat = {} } = cfg;
  const s = new Scene(W43, H43);
  const L = LIGHT.sunset;
  const R = rng(seed);
  const hz = cfg.hz ?? 640;
  sky(s, L, hz);
  const sunX = cfg.sunX ?? (side === 'left' ? s.w * 0.7 : s.w * 0.3);
  sun(s, L, sunX, hz - 70, 56, 700, 0.9);
  s.add(clouds(s, L, R, hz, 5, '#ffc49a', 0.45));
  s.add(
    `<g fill="#f59a6a" opacity=".35"><rect x="${f(sunX - 520)}" y="${f(hz - 150)}" width="360" height="7" rx="3.5"/><rect x="${f(sunX + 120)}" y="${f(hz - 200)}" width="420" height="6" rx="3"/><rect x="${f(sunX - 300)}" y="${f(hz - 240)}" width="260" height="5" rx="2.5"/></g>`,
  );
  sea(s, L, hz);
  s.add(`<g filter="${duskFilter(s, 1.1)}">${backdrop(s, L, loc, hz, R, { side })}</g>`);
  s.add(glitter(s, L, hz, sunX, R, { n: 220, spread: 700, op: 0.95 }));
  s.add(waves(s, L, hz, R, { op: 0.25, col: '#ffcf9c' }));
  const x = cfg.x ?? (s.w - LEN[kind] * sc) / 2;
  s.add(
    placeBoat(s, kind, BOATS[kind], {
      x,
      wl,
      sc,
      flip,
      wake,
      boat,
      filter: duskFilter(s, 1),
      rot: cfg.rot ?? 0,
      reflect: 0.25,
      seed,
    }),
  );
  return s.toString();
}
