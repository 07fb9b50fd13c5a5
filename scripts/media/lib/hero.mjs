// Hero video frames. Every motion is periodic in T, so frame(T) === frame(0) and the loop is seamless.
import { Scene, f, rng, smoothPath } from './svg.mjs';
import { C, LIGHT, sky, sun, cloud, sea, teide, gomera, haze } from './nature.mjs';
import { BOATS } from './boats.mjs';
import { placeBoat, LEN } from './place.mjs';
import { duskFilter } from './scenes.mjs';

const HW = 1920;
const HH = 1080;
const HZ = 610;
const SUN = [1330, 420];
const TAU = Math.PI * 2;

const L = {
  ...LIGHT.golden,
  sky: ['#17527f', '#4f93bd', '#e7c596', '#f8d6a0'],
};

/** Deterministic layout, computed once. */
function layout() {
  const R = rng(2024);
  const rows = [];
  const nRows = 44;
  for (let i = 0; i < nRows; i++) {
    const u = (i + 0.5) / nRows;
    const period = Math.round(260 + 1000 * Math.pow(u, 1.2));
    const dashes = [];
    const m = 2 + Math.floor(R() * 2);
    for (let j = 0; j < m; j++) {
      dashes.push({
        off: R() * period,
        len: (10 + 130 * Math.pow(u, 1.3)) * (0.6 + R() * 0.8),
        op: 0.3 * (0.35 + R() * 0.65),
        tw: 1 + Math.floor(R() * 3),
        ph: R() * TAU,
      });
    }
    rows.push({ u, y: HZ + 3 + (HH - HZ) * Math.pow(u, 1.7), period, dashes, k: 1, bob: R() * TAU });
  }
  const sparkles = [];
  for (let i = 0; i < 320; i++) {
    const u = Math.pow(R(), 1.6);
    sparkles.push({
      u,
      y: HZ + 2 + (HH - HZ) * Math.pow(u, 1.5),
      dx: (24 + 560 * u) * (R() - 0.5) * (R() + 0.4),
      len: 3 + 48 * u * (0.4 + R()),
      h: 0.8 + 3.6 * u,
      n: 2 + Math.floor(R() * 4),
      ph: R(),
      op: 0.5 + 0.5 * R(),
    });
  }
  const cloudR = rng(7);
  const clouds = [
    cloud(140, 200, 280, '#fff8ee', 0.85, cloudR),
    cloud(820, 120, 200, '#fff8ee', 0.7, cloudR),
    cloud(1580, 250, 300, '#fff3e4', 0.8, cloudR),
  ];
  return { rows, sparkles, clouds };
}

const LAY = layout();

/** One frame at time t (seconds) of a loop of length T. */
export function heroFrame(t, T) {
  const p = t / T; // 0..1
  const s = new Scene(HW, HH);
  sky(s, L, HZ);
  sun(s, L, SUN[0], SUN[1], 46, 640, 0.85);
  // clouds sway gently (period T)
  s.add(`<g transform="translate(${f(18 * Math.sin(TAU * p))},0)">${LAY.clouds.join('')}</g>`);
  s.add(teide(s, 560, HZ + 2, 0.62, 1.0, haze(L, '#6f7598', 0.42), '#f6e6df', 0.14));
  s.add(`<path d="${gomera(1720, HZ + 1, 460, 46)}" fill="${haze(L, '#7d82a0', 0.62)}"/>`);
  sea(s, L, HZ);
  // dark cliff headland on the left frames the picture (and keeps overlaid text readable)
  s.add(
    `<path d="M-20,${HZ + 46}L-20,452L80,448L170,458L250,466L300,478L322,500L338,560L352,${HZ + 40}Z" fill="#203b55"/>` +
      `<path d="M300,478L322,500L338,560L352,${HZ + 40}L292,${HZ + 40}L286,560L276,500Z" fill="#37587a"/>` +
      `<path d="M-20,${HZ + 46}L-20,560L120,566L200,${HZ + 10}L214,${HZ + 44}Z" fill="#18324a"/>` +
      `<path d="M-20,${HZ + 46}L360,${HZ + 40}" stroke="#fff" stroke-opacity=".35" stroke-width="3"/>`,
  );
  // soft glow under the sun
  const g = s.lin(
    [
      [0, L.glitter, 0.6],
      [1, L.glitter, 0],
    ],
    0,
    HZ,
    0,
    HH,
    true,
  );
  const blur = s.filter(
    '<feGaussianBlur stdDeviation="30"/>',
    'x="-50%" y="-10%" width="200%" height="120%"',
  );
  s.add(
    `<path d="M${SUN[0] - 40},${HZ}L${SUN[0] + 40},${HZ}L${SUN[0] + 300},${HH}L${SUN[0] - 300},${HH}Z" fill="${g}" opacity=".5" filter="${blur}"/>`,
  );
  // slow swell bands
  for (const [j, d] of [0.12, 0.3, 0.55, 0.82].entries()) {
    const yb = HZ + (HH - HZ) * d;
    const A = 3 + 12 * d;
    const lam = 500 + 700 * d;
    const th = 10 + 60 * d;
    const ptsTop = [];
    for (let x = -40; x <= HW + 40; x += 40) {
      ptsTop.push([x, yb + A * Math.sin(TAU * (x / lam) + TAU * (j % 2 ? 1 : 2) * p + j)]);
    }
    const ptsBot = ptsTop.map(([x, y]) => [x, y + th]).reverse();
    s.add(
      `<path d="${smoothPath([...ptsTop, ...ptsBot], true, 0.5)}" fill="${C.deep}" opacity="${f((0.06 + 0.06 * d) * 100) / 100}"/>`,
    );
  }
  // wave marks drifting left
  let w = `<g fill="none" stroke="${L.wave}" stroke-linecap="round">`;
  for (const r of LAY.rows) {
    const shift = r.period * r.k * p;
    const y = r.y + (1 + 6 * r.u) * Math.sin(TAU * 2 * p + r.bob);
    const sw = 0.8 + 3.4 * r.u;
    for (let base = -r.period; base < HW + r.period; base += r.period) {
      for (const d of r.dashes) {
        const x = base + d.off - shift;
        if (x > HW || x + d.len < 0) continue;
        const a = d.op * (0.55 + 0.45 * Math.sin(TAU * d.tw * p + d.ph));
        w += `<path d="M${f(x)},${f(y)}q${f(d.len / 2)},${f(-d.len * 0.08)} ${f(d.len)},0" stroke-width="${f(sw)}" stroke-opacity="${f(a * 100) / 100}"/>`;
      }
    }
  }
  s.add(w + '</g>');
  // sun glitter
  let gl = `<g fill="${L.glitter}">`;
  for (const k of LAY.sparkles) {
    const a = Math.pow(Math.max(0, Math.sin(TAU * (k.n * p + k.ph))), 2) * k.op;
    if (a < 0.03) continue;
    const x = SUN[0] + k.dx + 6 * Math.sin(TAU * 2 * p + k.ph * 9);
    gl += `<rect x="${f(x - k.len / 2)}" y="${f(k.y)}" width="${f(k.len)}" height="${f(k.h)}" rx="${f(k.h / 2)}" opacity="${f(a * 100) / 100}"/>`;
  }
  s.add(gl + '</g>');
  // a distant sail on the horizon
  const sy = HZ + 16 + 1.5 * Math.sin(TAU * 2 * p);
  s.add(
    `<g transform="translate(960,${f(sy)}) rotate(${f(1.5 * Math.sin(TAU * 2 * p + 1))})"><path d="M0,-4L2,-44L16,-4Z" fill="#fff6ea"/><path d="M-2,-6L0,-36L-10,-6Z" fill="#fbeee0"/><path d="M-14,-4L22,-4L18,2L-10,2Z" fill="#f4ece2"/></g>`,
  );
  // the yacht, bobbing
  const sc = 0.95;
  const bob = 5 * Math.sin(TAU * 3 * p);
  const rot = 0.9 * Math.sin(TAU * 3 * p + 1.1);
  const x = 1370 - (LEN.motorYacht * sc) / 2;
  s.add(
    placeBoat(s, 'motorYacht', BOATS.motorYacht, {
      x,
      wl: 800 + bob,
      sc,
      rot,
      wake: 0,
      filter: duskFilter(s, 0.35),
      reflect: 0.22,
      seed: 3,
    }),
  );
  // lapping foam at the hull
  let foam = '<g fill="#fff">';
  for (let i = 0; i < 9; i++) {
    const fx = x + 20 + i * 46 + 8 * Math.sin(TAU * 3 * p + i);
    const a = 0.25 + 0.25 * Math.sin(TAU * (3 * p + i / 9));
    foam += `<ellipse cx="${f(fx)}" cy="${f(804 + bob * 0.6)}" rx="${f(22 + 6 * Math.sin(TAU * p + i))}" ry="2.5" opacity="${f(a * 100) / 100}"/>`;
  }
  s.add(foam + '</g>');
  // gulls
  for (const [i, [gx, gy, sz]] of [
    [700, 300, 1],
    [780, 340, 0.75],
    [1640, 190, 0.6],
  ].entries()) {
    const bx = gx + 50 * Math.sin(TAU * p + i * 2);
    const by = gy + 14 * Math.sin(TAU * 2 * p + i);
    const flap = 7 * Math.sin(TAU * 5 * p + i * 1.7);
    const wgt = 14 * sz;
    s.add(
      `<path d="M${f(bx - wgt)},${f(by - flap * sz * 0.4)}Q${f(bx - wgt * 0.45)},${f(by - (6 + flap) * sz)} ${f(bx)},${f(by)}Q${f(bx + wgt * 0.45)},${f(by - (6 + flap) * sz)} ${f(bx + wgt)},${f(by - flap * sz * 0.4)}" stroke="#2b3a4d" stroke-width="${f(2.4 * sz)}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  }
  return s.toString();
}
