// Small SVG toolkit used by the media generator. Pure functions, no dependencies.

/** Format a number with at most one decimal (keeps the SVG small). */
export const f = (n) => {
  const r = Math.round(n * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
};

/** Path through points: straight segments. */
export const linePath = (arr, close = true) =>
  'M' + arr.map(([x, y]) => `${f(x)},${f(y)}`).join('L') + (close ? 'Z' : '');

/** Smooth path through points (Catmull-Rom converted to cubic Béziers). */
export function smoothPath(p, close = false, tension = 1) {
  if (p.length < 2) return '';
  let d = `M${f(p[0][0])},${f(p[0][1])}`;
  const n = p.length;
  const get = (i) => (close ? p[(i + n) % n] : p[Math.max(0, Math.min(n - 1, i))]);
  const last = close ? n : n - 1;
  for (let i = 0; i < last; i++) {
    const p0 = get(i - 1);
    const p1 = get(i);
    const p2 = get(i + 1);
    const p3 = get(i + 2);
    const c1 = [p1[0] + ((p2[0] - p0[0]) / 6) * tension, p1[1] + ((p2[1] - p0[1]) / 6) * tension];
    const c2 = [p2[0] - ((p3[0] - p1[0]) / 6) * tension, p2[1] - ((p3[1] - p1[1]) / 6) * tension];
    d += `C${f(c1[0])},${f(c1[1])} ${f(c2[0])},${f(c2[1])} ${f(p2[0])},${f(p2[1])}`;
  }
  return d + (close ? 'Z' : '');
}

/** Deterministic PRNG (mulberry32). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex2rgb = (h) => {
  let s = h.replace('#', '');
  if (s.length === 3) s = [...s].map((c) => c + c).join('');
  return [0, 2, 4].map((i) => parseInt(s.slice(i, i + 2), 16));
};
const rgb2hex = (c) =>
  '#' +
  c
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');

/** Linear mix of two hex colours, t = 0 -> a, t = 1 -> b. */
export const mix = (a, b, t) => {
  const ca = hex2rgb(a);
  const cb = hex2rgb(b);
  return rgb2hex(ca.map((v, i) => v + (cb[i] - v) * t));
};

/** A scene collects <defs> and body elements and renders them as one SVG document. */
export class Scene {
  constructor(w, h) {
    this.w = w;
    this.h = h;
    this.defs = [];
    this.body = [];
    this.n = 0;
  }
  id(prefix = 'g') {
    this.n += 1;
    return `${prefix}${this.n}`;
  }
  def(s) {
    this.defs.push(s);
  }
  add(...s) {
    this.body.push(...s);
  }
  /** Linear gradient. stops: [[offset, colour, opacity?], ...]. Returns url(#id). */
  lin(stops, x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false) {
    const id = this.id('l');
    const u = user ? ' gradientUnits="userSpaceOnUse"' : '';
    this.def(
      `<linearGradient id="${id}" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}"${u}>` +
        stops.map(stop).join('') +
        '</linearGradient>',
    );
    return `url(#${id})`;
  }
  /** Radial gradient in user space. */
  rad(stops, cx, cy, r, fx = cx, fy = cy, transform = '') {
    const id = this.id('r');
    const tr = transform ? ` gradientTransform="${transform}"` : '';
    this.def(
      `<radialGradient id="${id}" cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fx="${f(fx)}" fy="${f(fy)}" gradientUnits="userSpaceOnUse"${tr}>` +
        stops.map(stop).join('') +
        '</radialGradient>',
    );
    return `url(#${id})`;
  }
  clip(inner) {
    const id = this.id('c');
    this.def(`<clipPath id="${id}">${inner}</clipPath>`);
    return `url(#${id})`;
  }
  filter(inner, extra = '') {
    const id = this.id('f');
    this.def(`<filter id="${id}" ${extra}>${inner}</filter>`);
    return `url(#${id})`;
  }
  mask(inner) {
    const id = this.id('m');
    this.def(
      `<mask id="${id}" maskUnits="userSpaceOnUse" x="0" y="0" width="${this.w}" height="${this.h}">${inner}</mask>`,
    );
    return `url(#${id})`;
  }
  toString() {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${this.w} ${this.h}" width="${this.w}" height="${this.h}">` +
      `<defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>\n`
    );
  }
}

function stop([o, c, a]) {
  return `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`;
}
