// Sky, sea and Tenerife landforms, drawn as flat vector shapes.
import { f, mix, smoothPath, linePath } from './svg.mjs';

/** Brand palette: deep ocean blue, turquoise, sand and sunset orange. */
export const C = {
  deep: '#0b3c5d',
  ocean: '#0e5a80',
  mid: '#1b7ea1',
  turq: '#2cb3b0',
  turqLight: '#8fe0d6',
  sand: '#f0d5a3',
  sandDark: '#d5ae72',
  orange: '#f28c38',
  sunset: '#ef6a3e',
  navy: '#0f2f52',
  ink: '#112638',
  white: '#ffffff',
  teak: '#b97a48',
};

/** Lighting presets. */
export const LIGHT = {
  day: {
    sky: ['#2f7db4', '#6fb7dd', '#bfe1ee', '#f3ecd9'],
    sea: ['#5fb0c2', '#2a8cab', '#136a8e', '#0b4468'],
    haze: '#cfe3ea',
    sun: '#fffbe8',
    glow: '#fff3cf',
    glitter: '#ffffff',
    wave: '#ffffff',
    land: '#9c8066',
  },
  golden: {
    sky: ['#1c5b8b', '#5a9ec6', '#e9c99a', '#f9d7a4'],
    sea: ['#7aa7b1', '#2f7f9c', '#145f84', '#0b3c5d'],
    haze: '#d9c9b4',
    sun: '#fff6df',
    glow: '#ffd9a0',
    glitter: '#fff2d0',
    wave: '#eaf6f7',
    land: '#8a6f63',
  },
  sunset: {
    sky: ['#243c6c', '#8a5a7a', '#ef8a4a', '#fcc470'],
    sea: ['#e9a06a', '#9c6a70', '#3f4a6a', '#1a2c4a'],
    haze: '#d99a82',
    sun: '#fff0c8',
    glow: '#ffb35a',
    glitter: '#ffd79a',
    wave: '#ffd0a0',
    land: '#4f3f52',
  },
  morning: {
    sky: ['#3b7fb3', '#8cc4e0', '#e8e4d6', '#f7dfc0'],
    sea: ['#8fb9c4', '#3a8fa9', '#1a6a8d', '#0c4568'],
    haze: '#e2dcd0',
    sun: '#fffaf0',
    glow: '#ffe6bf',
    glitter: '#fff6e2',
    wave: '#ffffff',
    land: '#8d7a6c',
  },
};

/** Fade a land colour towards the haze colour with distance (0 near .. 1 far). */
export const haze = (L, col, d) => mix(col, L.haze, d);

export function sky(s, L, hz) {
  const g = s.lin(
    [
      [0, L.sky[0]],
      [0.45, L.sky[1]],
      [0.85, L.sky[2]],
      [1, L.sky[3]],
    ],
    0,
    0,
    0,
    hz,
    true,
  );
  s.add(`<rect width="${s.w}" height="${f(hz + 2)}" fill="${g}"/>`);
}

export function sun(s, L, x, y, r, glowR = r * 8, glowA = 0.75) {
  const g = s.rad(
    [
      [0, L.glow, glowA],
      [0.25, L.glow, glowA * 0.45],
      [1, L.glow, 0],
    ],
    x,
    y,
    glowR,
  );
  s.add(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(glowR)}" fill="${g}"/>`);
  s.add(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 1.35)}" fill="${L.sun}" opacity=".35"/>`);
  s.add(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${L.sun}"/>`);
}

/** Flat cloud: circles on a flat base, drawn as one group so overlaps do not darken. */
export function cloud(x, y, w, fill, opacity, R) {
  const n = 4 + Math.floor(R() * 3);
  let out = `<g fill="${fill}" opacity="${opacity}">`;
  const h = w * 0.16;
  out += `<rect x="${f(x)}" y="${f(y - h)}" width="${f(w)}" height="${f(h)}" rx="${f(h / 2)}"/>`;
  for (let i = 0; i < n; i++) {
    const cx = x + w * (0.15 + (0.7 * i) / (n - 1)) + (R() - 0.5) * w * 0.08;
    const r = w * (0.09 + R() * 0.1) * (1 - Math.abs(i / (n - 1) - 0.5));
    out += `<circle cx="${f(cx)}" cy="${f(y - h * 0.6)}" r="${f(r + h * 0.5)}"/>`;
  }
  return out + '</g>';
}

export function sea(s, L, hz, tint = null) {
  const g = s.lin(
    [
      [0, L.sea[0]],
      [0.12, L.sea[1]],
      [0.55, L.sea[2]],
      [1, L.sea[3]],
    ],
    0,
    hz,
    0,
    s.h,
    true,
  );
  s.add(`<rect y="${f(hz)}" width="${s.w}" height="${f(s.h - hz)}" fill="${g}"/>`);
  if (tint) {
    // turquoise shallows in the foreground
    const t = s.lin(
      [
        [0, tint, 0],
        [1, tint, 0.55],
      ],
      0,
      hz,
      0,
      s.h,
      true,
    );
    s.add(`<rect y="${f(hz)}" width="${s.w}" height="${f(s.h - hz)}" fill="${t}"/>`);
  }
  // thin bright line at the horizon
  s.add(`<rect y="${f(hz - 1)}" width="${s.w}" height="2" fill="${L.sky[3]}" opacity=".7"/>`);
}

/** Static wave marks in perspective: short arcs, small near the horizon, large in front. */
export function waves(s, L, hz, R, opt = {}) {
  const { rows = 46, col = L.wave, op = 0.28, x0 = 0, x1 = s.w, y1 = s.h } = opt;
  let out = `<g fill="none" stroke="${col}" stroke-linecap="round">`;
  for (let i = 0; i < rows; i++) {
    const u = (i + R() * 0.6) / rows;
    const y = hz + (y1 - hz) * Math.pow(u, 1.7) + 3;
    const len = 8 + 120 * Math.pow(u, 1.3);
    const sw = 0.8 + 3.2 * u;
    const gap = len * (1.5 + R() * 2.5);
    let x = x0 - R() * gap;
    while (x < x1) {
      const l = len * (0.6 + R() * 0.8);
      const a = op * (0.35 + R() * 0.65);
      out += `<path d="M${f(x)},${f(y)}q${f(l / 2)},${f(-l * 0.08)} ${f(l)},0" stroke-width="${f(sw)}" stroke-opacity="${f(a * 100) / 100}"/>`;
      x += l + gap * (0.5 + R());
    }
  }
  return out + '</g>';
}

/** Sun glitter column on the water. */
export function glitter(s, L, hz, x, R, opt = {}) {
  const { n = 160, spread = 520, op = 0.85, y1 = s.h } = opt;
  const g = s.lin(
    [
      [0, L.glitter, 0.55],
      [1, L.glitter, 0],
    ],
    0,
    hz,
    0,
    y1,
    true,
  );
  const blur = s.filter(
    '<feGaussianBlur stdDeviation="28"/>',
    'x="-50%" y="-10%" width="200%" height="120%"',
  );
  let out = `<path d="M${f(x - 30)},${f(hz)}L${f(x + 30)},${f(hz)}L${f(x + spread * 0.45)},${f(y1)}L${f(x - spread * 0.45)},${f(y1)}Z" fill="${g}" opacity=".45" filter="${blur}"/>`;
  out += `<g fill="${L.glitter}">`;
  for (let i = 0; i < n; i++) {
    const u = Math.pow(R(), 1.25);
    const y = hz + 2 + (y1 - hz) * Math.pow(u, 1.5);
    const w = (20 + spread * u) * (R() - 0.5) * (R() + 0.4);
    const len = 3 + 46 * u * (0.4 + R());
    const h = 0.8 + 3.5 * u;
    out += `<rect x="${f(x + w - len / 2)}" y="${f(y)}" width="${f(len)}" height="${f(h)}" rx="${f(h / 2)}" opacity="${f(op * (0.3 + 0.7 * R()) * 100) / 100}"/>`;
  }
  return out + '</g>';
}

/** Mount Teide with Pico Viejo, peak at (cx, base - 300*sy). */
export function teide(s, cx, base, sx, sy, fill, snow = '#f7efe9', lit = 0.12) {
  const P = (x, y) => `${f(cx + x * sx)},${f(base + y * sy)}`;
  const d =
    `M${P(-1150, 0)}C${P(-900, -40)} ${P(-700, -92)} ${P(-560, -140)}C${P(-480, -170)} ${P(-420, -202)} ${P(-360, -206)}` +
    `C${P(-300, -208)} ${P(-240, -196)} ${P(-190, -200)}C${P(-140, -210)} ${P(-90, -250)} ${P(-40, -292)}L${P(-18, -300)}L${P(12, -298)}` +
    `C${P(60, -262)} ${P(110, -222)} ${P(170, -202)}C${P(260, -172)} ${P(340, -152)} ${P(420, -132)}C${P(600, -90)} ${P(820, -40)} ${P(1150, 0)}Z`;
  const shade = s.lin(
    [
      [0, '#000000', lit],
      [0.5, '#000000', 0],
      [0.5, '#ffffff', 0],
      [1, '#ffffff', lit],
    ],
    0,
    0,
    1,
    0,
  );
  let out = `<path d="${d}" fill="${fill}"/><path d="${d}" fill="${shade}"/>`;
  if (snow) {
    out += `<path d="M${P(-40, -292)}L${P(-18, -300)}L${P(12, -298)}C${P(30, -284)} ${P(45, -272)} ${P(58, -262)}L${P(44, -257)}L${P(34, -266)}L${P(22, -250)}L${P(10, -262)}L${P(-4, -246)}L${P(-16, -262)}L${P(-28, -254)}L${P(-36, -270)}L${P(-52, -276)}Z" fill="${snow}" opacity=".9"/>`;
  }
  return out;
}

/** Generic ridge line (hills, mountains). Returns a closed path down to `base`. */
export function ridge(R, x0, x1, base, height, opt = {}) {
  const { step = 30, rough = 0.25, peaks = 3, shape = 'hills', phase = R() * 6 } = opt;
  const p = [[x0, base]];
  for (let x = x0; x <= x1 + step; x += step) {
    const u = (x - x0) / (x1 - x0);
    let env = Math.sin(Math.PI * Math.min(1, Math.max(0, u)));
    if (shape === 'left') env = Math.min(1, 1.4 * (1 - u) + 0.05);
    if (shape === 'right') env = Math.min(1, 1.4 * u + 0.05);
    let y =
      0.55 +
      0.25 * Math.sin(u * Math.PI * peaks + phase) +
      0.15 * Math.sin(u * Math.PI * peaks * 2.7 + phase * 2) +
      rough * (R() - 0.5);
    y = Math.max(0.05, y) * env;
    p.push([Math.min(x, x1), base - height * y]);
  }
  p.push([x1, base]);
  return smoothPath(p, false, 0.8) + 'Z';
}

/** La Gomera: a round plateau island low on the horizon. */
export function gomera(cx, hz, w, h) {
  const x0 = cx - w / 2;
  const P = (u, v) => `${f(x0 + u * w)},${f(hz - v * h)}`;
  return (
    `M${P(0, 0)}C${P(0.06, 0.25)} ${P(0.14, 0.62)} ${P(0.26, 0.8)}C${P(0.36, 0.94)} ${P(0.46, 1)} ${P(0.56, 0.98)}` +
    `C${P(0.66, 0.96)} ${P(0.74, 0.86)} ${P(0.8, 0.7)}C${P(0.86, 0.52)} ${P(0.93, 0.2)} ${P(1, 0)}Z`
  );
}

/** Montaña de Guaza style table mountain. */
export function tableMountain(x0, base, w, h) {
  const P = (u, v) => `${f(x0 + u * w)},${f(base - v * h)}`;
  return (
    `M${P(0, 0)}C${P(0.08, 0.3)} ${P(0.16, 0.8)} ${P(0.3, 0.95)}C${P(0.45, 1.02)} ${P(0.62, 1)} ${P(0.72, 0.92)}` +
    `C${P(0.82, 0.8)} ${P(0.9, 0.35)} ${P(1, 0)}Z`
  );
}

/** A volcanic cone (Montaña Amarilla). */
export function cone(cx, base, w, h) {
  const P = (u, v) => `${f(cx + (u - 0.5) * w)},${f(base - v * h)}`;
  return `M${P(0, 0)}C${P(0.2, 0.2)} ${P(0.32, 0.9)} ${P(0.42, 1)}L${P(0.58, 0.98)}C${P(0.7, 0.85)} ${P(0.8, 0.2)} ${P(1, 0)}Z`;
}

/** Whitewashed town on the coast: boxes with windows. */
export function town(R, x0, x1, base, hMax, L, dist = 0.3, opt = {}) {
  const { windows = true, cols = ['#ffffff', '#f6efe3', '#f0dcc0', '#e9e4da', '#f3c9a0', '#dfe8ea'] } = opt;
  let out = '';
  let x = x0;
  const items = [];
  while (x < x1) {
    const w = 20 + R() * 60;
    const u = (x - x0) / (x1 - x0);
    const h = hMax * (0.25 + R() * 0.75) * (0.45 + 0.55 * Math.sin(Math.PI * Math.min(1, Math.max(0, u))));
    items.push([x, w, h]);
    x += w * (0.7 + R() * 0.3);
  }
  for (const [bx, w, h] of items) {
    const c = haze(L, cols[Math.floor(R() * cols.length)], dist);
    out += `<rect x="${f(bx)}" y="${f(base - h)}" width="${f(w)}" height="${f(h)}" fill="${c}"/>`;
    out += `<rect x="${f(bx + w * 0.72)}" y="${f(base - h)}" width="${f(w * 0.28)}" height="${f(h)}" fill="#000" opacity=".08"/>`;
    if (windows && h > 22 && w > 24) {
      const win = haze(L, '#3a5a70', dist + 0.15);
      for (let wy = base - h + 8; wy < base - 8; wy += 14) {
        for (let wx = bx + 5; wx < bx + w - 9; wx += 12) {
          if (R() < 0.7)
            out += `<rect x="${f(wx)}" y="${f(wy)}" width="5" height="6" fill="${win}" opacity=".55"/>`;
        }
      }
    }
  }
  return out;
}

/** Palm tree with base at (x, y). */
export function palm(x, y, h, R, lean = 0.15, col = '#2f6b4f') {
  const topX = x + h * lean;
  const topY = y - h;
  let out = `<path d="M${f(x - h * 0.03)},${f(y)}Q${f(x + h * lean * 0.2)},${f(y - h * 0.5)} ${f(topX - h * 0.012)},${f(topY)}L${f(topX + h * 0.012)},${f(topY)}Q${f(x + h * lean * 0.3 + h * 0.03)},${f(y - h * 0.5)} ${f(x + h * 0.03)},${f(y)}Z" fill="#7a5b3e"/>`;
  const leaves = 8;
  for (let i = 0; i < leaves; i++) {
    const a = -Math.PI + (i / (leaves - 1)) * Math.PI + (R() - 0.5) * 0.3;
    const len = h * (0.32 + R() * 0.12);
    const ex = topX + Math.cos(a) * len;
    const ey = topY + Math.sin(a) * len * 0.55 + len * 0.35;
    const mx = topX + Math.cos(a) * len * 0.55;
    const my = topY + Math.sin(a) * len * 0.6 - len * 0.1;
    const w = h * 0.045;
    const c = i % 2 ? col : mix(col, '#6fa36a', 0.35);
    out += `<path d="M${f(topX)},${f(topY)}Q${f(mx)},${f(my - w)} ${f(ex)},${f(ey)}Q${f(mx)},${f(my + w)} ${f(topX)},${f(topY)}Z" fill="${c}"/>`;
  }
  return out;
}

/** Los Gigantes: successive cliff walls stepping away into the haze (cliffs on the left). */
export function gigantes(s, L, hz, R, opt = {}) {
  const { xEnd = 1250, topNear = 40, rock = '#5a4842', lit = '#9a7258', green = '#5f6b3e', steps = 4 } = opt;
  let out = '';
  for (let k = steps - 1; k >= 0; k--) {
    const d = k / steps; // 0 near .. far
    const end = xEnd * (0.55 + 0.45 * d);
    const top = topNear + (hz - topNear) * Math.pow(d, 0.9) * 0.8;
    const base = hz + (1 - d) * 60 + 2;
    const faceW = end * 0.22 * (1 - d * 0.4);
    const dark = haze(L, rock, 0.15 + d * 0.7);
    const light = haze(L, lit, 0.1 + d * 0.7);
    // top edge, slightly irregular, dropping gently towards the sea
    const topPts = [];
    for (let x = -20; x <= end - faceW; x += 40) {
      topPts.push([x, top + (x / end) * 30 + (R() - 0.5) * 10 * (1 - d)]);
    }
    const edge = [end - faceW, top + 26 + (R() - 0.5) * 6];
    const poly = [[-20, base], ...topPts, edge, [end - faceW * 0.35, top + (base - top) * 0.28], [end, base]];
    out += `<path d="${linePath(poly)}" fill="${dark}"/>`;
    // sunlit sea-facing facet
    const facet = [
      edge,
      [end - faceW * 0.35, top + (base - top) * 0.28],
      [end, base],
      [end - faceW * 1.1, base],
      [end - faceW * 0.9, top + (base - top) * 0.35],
    ];
    out += `<path d="${linePath(facet)}" fill="${light}"/>`;
    // vertical striations (basalt dykes)
    const n = Math.floor(40 * (1 - d * 0.6));
    out += `<g stroke="${haze(L, '#2c2220', 0.2 + d * 0.7)}" stroke-linecap="round" opacity="${f((0.35 - d * 0.15) * 100) / 100}">`;
    for (let i = 0; i < n; i++) {
      const x = R() * end;
      const yt = top + 20 + R() * (base - top) * 0.4 + (x / end) * 30;
      const yb = yt + (base - yt) * (0.3 + R() * 0.7);
      out += `<path d="M${f(x)},${f(yt)}L${f(x + (R() - 0.5) * 10)},${f(yb)}" stroke-width="${f(1 + R() * 3 * (1 - d))}"/>`;
    }
    out += '</g>';
    // vegetation fringe on top
    out += `<path d="${linePath([
      ...topPts.map(([x, y]) => [x, y - 2]),
      edge,
      ...topPts
        .slice()
        .reverse()
        .map(([x, y]) => [x, y + 8 + R() * 6]),
    ])}" fill="${haze(L, green, 0.2 + d * 0.7)}" opacity=".8"/>`;
    // foam at the base
    out += `<path d="M-20,${f(base)}L${f(end)},${f(base)}" stroke="#fff" stroke-opacity="${f((0.5 - d * 0.3) * 100) / 100}" stroke-width="${f(3 * (1 - d) + 1)}"/>`;
  }
  return out;
}

/** Anaga massif: jagged green ridges. */
export function anaga(s, L, R, x0, x1, base, height) {
  let out = '';
  const layers = [
    { h: 1, d: 0.55, c: '#4f7868' },
    { h: 0.8, d: 0.3, c: '#3b6656' },
    { h: 0.5, d: 0.1, c: '#2f5a4a' },
  ];
  for (const l of layers) {
    out += `<path d="${ridge(R, x0, x1, base, height * l.h, { step: 18, rough: 0.5, peaks: 7, shape: 'left' })}" fill="${haze(L, l.c, l.d)}"/>`;
  }
  return out;
}
