// Put a boat on the water: shadow, reflection, wake and foam.
import { f, rng } from './svg.mjs';
import { C } from './nature.mjs';

export const LEN = {
  motorYacht: 480,
  fishingBoat: 440,
  rib: 392,
  speedboat: 320,
  sailCat: 470,
  classicYacht: 480,
  bigCat: 600,
};

/**
 * @param {object} p x: left edge of the hull on screen, wl: waterline y, sc: scale,
 *   flip: bow to the left, wake: 0..1 speed, filter: url() applied to the boat,
 *   rot: degrees, reflect: opacity of the reflection.
 */
export function placeBoat(s, kind, draw, p) {
  const { x, wl, sc, flip = false, wake = 0, filter = '', rot = 0, reflect = 0.2, boat = {}, seed = 7 } = p;
  const len = LEN[kind];
  const body = draw(s, boat);
  const sx = flip ? -sc : sc;
  const tx = flip ? x + len * sc : x;
  const R = rng(seed);
  const fl = filter ? ` filter="${filter}"` : '';
  let out = '';
  out += `<ellipse cx="${f(x + (len * sc) / 2)}" cy="${f(wl + 4 * sc)}" rx="${f(len * sc * 0.56)}" ry="${f(9 * sc)}" fill="${C.deep}" opacity=".28"/>`;
  if (reflect > 0) {
    const fade = s.lin(
      [
        [0, '#fff', 1],
        [1, '#fff', 0],
      ],
      0,
      wl,
      0,
      wl + 380 * sc * 0.75,
      true,
    );
    const m = s.mask(`<rect y="${f(wl)}" width="${s.w}" height="${f(s.h - wl)}" fill="${fade}"/>`);
    out += `<g mask="${m}"><g opacity="${reflect}"${fl} transform="translate(${f(tx)},${f(wl + 2 * sc)}) scale(${f(sx * 1000) / 1000},${f(-sc * 0.75 * 1000) / 1000})">${body}</g></g>`;
  }
  let wk = '';
  if (wake > 0) {
    const Lw = 260 + 520 * wake;
    const wg = s.lin(
      [
        [0, '#fff', 0.65],
        [1, '#fff', 0],
      ],
      0,
      0,
      -Lw,
      0,
      true,
    );
    wk += `<path d="M0,6Q${f(-Lw * 0.3)},${f(16)} ${f(-Lw)},${f(34)}" stroke="${wg}" stroke-width="5" fill="none" stroke-linecap="round"/>`;
    wk += `<path d="M0,-2Q${f(-Lw * 0.3)},-8 ${f(-Lw)},-18" stroke="${wg}" stroke-opacity=".6" stroke-width="3" fill="none" stroke-linecap="round"/>`;
    for (let i = 0; i < 26 * wake + 6; i++) {
      const u = R();
      const ex = -10 - u * Lw * 0.55;
      const ey = 2 + (R() - 0.3) * (6 + 20 * u);
      wk += `<ellipse cx="${f(ex)}" cy="${f(ey)}" rx="${f(10 + 30 * R() * (1 - u * 0.5))}" ry="${f(2 + 3 * R())}" fill="#fff" opacity="${f((0.75 - u * 0.55) * 100) / 100}"/>`;
    }
    const bx = len * 0.82;
    wk += `<path d="M${f(bx - 60)},6Q${f(bx - 10)},-4 ${f(bx + 36)},2Q${f(bx)},10 ${f(bx - 60)},6Z" fill="#fff" opacity=".8"/>`;
  }
  wk += `<path d="M${f(len * 0.02)},2L${f(len * 0.82)},2" stroke="#fff" stroke-opacity=".5" stroke-width="3" stroke-linecap="round"/>`;
  out += `<g transform="translate(${f(tx)},${f(wl)}) scale(${f(sx * 1000) / 1000},${f(sc * 1000) / 1000})">${wk}</g>`;
  out += `<g${fl} transform="translate(${f(tx)},${f(wl)}) rotate(${f(rot)}) scale(${f(sx * 1000) / 1000},${f(sc * 1000) / 1000})">${body}</g>`;
  return out;
}
