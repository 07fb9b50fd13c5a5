// Location backdrops: what lies on the horizon behind the boat.
import { f, mix } from './svg.mjs';
import { C, haze, teide, ridge, gomera, tableMountain, cone, town, gigantes, anaga } from './nature.mjs';

/** Breakwater with a small lighthouse. */
function breakwater(L, x0, x1, y, h, light = true) {
  let out = `<path d="M${f(x0)},${f(y)}L${f(x0 + 12)},${f(y - h)}L${f(x1 - 12)},${f(y - h)}L${f(x1)},${f(y)}Z" fill="${haze(L, '#8c8276', 0.25)}"/>`;
  out += `<rect x="${f(x0 + 12)}" y="${f(y - h)}" width="${f(x1 - x0 - 24)}" height="${f(h * 0.25)}" fill="${haze(L, '#c9c0b3', 0.25)}"/>`;
  if (light) {
    const lx = x1 - 40;
    out += `<rect x="${f(lx)}" y="${f(y - h - 46)}" width="12" height="46" fill="#ffffff"/>`;
    out += `<rect x="${f(lx)}" y="${f(y - h - 34)}" width="12" height="8" fill="${C.sunset}"/><rect x="${f(lx)}" y="${f(y - h - 18)}" width="12" height="8" fill="${C.sunset}"/>`;
    out += `<rect x="${f(lx - 2)}" y="${f(y - h - 52)}" width="16" height="7" fill="#e8e2d6"/>`;
  }
  return out;
}

/** Forest of masts and small white hulls in a marina. */
function marinaBoats(L, R, x0, x1, y, k = 1) {
  let out = '';
  let x = x0;
  while (x < x1) {
    const w = (40 + R() * 50) * k;
    const c = haze(L, R() < 0.8 ? '#ffffff' : mix(C.navy, '#ffffff', 0.2), 0.2);
    if (R() < 0.5) {
      out += `<rect x="${f(x + w * 0.45)}" y="${f(y - (90 + R() * 80) * k)}" width="${f(1.6 * k)}" height="${f((90 + R() * 80) * k)}" fill="${haze(L, '#e8ecef', 0.2)}"/>`;
    } else {
      out += `<rect x="${f(x + w * 0.2)}" y="${f(y - 16 * k)}" width="${f(w * 0.5)}" height="${f(8 * k)}" rx="${f(2 * k)}" fill="${haze(L, '#f4f6f8', 0.2)}"/>`;
    }
    out += `<path d="M${f(x)},${f(y - 9 * k)}L${f(x + w)},${f(y - 10 * k)}L${f(x + w * 0.9)},${f(y)}L${f(x + w * 0.06)},${f(y)}Z" fill="${c}"/>`;
    x += w * (0.85 + R() * 0.4);
  }
  return out;
}

/**
 * Draw the land on the horizon for a location.
 * loc: colon | cristianos | gigantes | sanmiguel | santacruz | open
 * side: 'left' puts the land on the left (open sea on the right), 'right' mirrors it.
 */
export function backdrop(s, L, loc, hz, R, opt = {}) {
  const { side = 'left', scale = 1, harbour = false } = opt;
  const W = s.w;
  let g = '';
  const land = (c, d) => haze(L, c, d);
  if (loc === 'colon') {
    g += teide(
      s,
      W * 0.34,
      hz + 2,
      0.52 * scale,
      0.78 * scale,
      land('#7b7f9c', 0.45),
      mix('#ffffff', L.haze, 0.25),
    );
    g += `<path d="${ridge(R, -40, W * 0.8, hz + 2, 120 * scale, { peaks: 3, shape: 'left', rough: 0.1 })}" fill="${land('#a98768', 0.35)}"/>`;
    g += `<path d="${ridge(R, -40, W * 0.62, hz + 2, 60 * scale, { peaks: 4, shape: 'left', rough: 0.15 })}" fill="${land('#9a7a5e', 0.2)}"/>`;
    g += town(R, 10, W * 0.6, hz + 2, 46 * scale, L, 0.25, { windows: scale > 0.9 });
    if (harbour) g += marinaBoats(L, R, W * 0.05, W * 0.58, hz + 4, 0.7 * scale);
  } else if (loc === 'cristianos') {
    g += `<path d="${gomera(W * 0.86, hz + 1, W * 0.34 * scale, 58 * scale)}" fill="${land('#7d86a3', 0.6)}"/>`;
    g += `<path d="${ridge(R, W * 0.12, W * 0.62, hz + 2, 90 * scale, { peaks: 2, rough: 0.1 })}" fill="${land('#a48a70', 0.45)}"/>`;
    g += `<path d="${tableMountain(-W * 0.06, hz + 3, W * 0.42, 190 * scale)}" fill="${land('#9a7452', 0.22)}"/>`;
    g += `<path d="${tableMountain(-W * 0.06, hz + 3, W * 0.42, 190 * scale)}" fill="${s.lin(
      [
        [0, '#000', 0.18],
        [0.55, '#000', 0],
        [1, '#fff', 0.1],
      ],
      0,
      0,
      1,
      0,
    )}"/>`;
    g += town(R, W * 0.22, W * 0.66, hz + 2, 50 * scale, L, 0.22, { windows: scale > 0.9 });
    if (harbour) g += marinaBoats(L, R, W * 0.2, W * 0.6, hz + 4, 0.7 * scale);
  } else if (loc === 'gigantes') {
    g += gigantes(s, L, hz, R, { xEnd: W * 0.72, topNear: hz * 0.05 });
  } else if (loc === 'sanmiguel') {
    g += teide(
      s,
      W * 0.5,
      hz + 2,
      0.45 * scale,
      0.55 * scale,
      land('#8e8fa8', 0.6),
      mix('#ffffff', L.haze, 0.4),
    );
    g += `<path d="${ridge(R, -40, W * 0.72, hz + 2, 55 * scale, { peaks: 3, shape: 'left', rough: 0.1 })}" fill="${land('#b0946e', 0.35)}"/>`;
    g += `<path d="${cone(W * 0.2, hz + 2, 300 * scale, 92 * scale)}" fill="${land('#d9b071', 0.15)}"/>`;
    g += `<path d="${cone(W * 0.2, hz + 2, 300 * scale, 92 * scale)}" fill="${s.lin(
      [
        [0, '#7a4a20', 0.25],
        [0.5, '#7a4a20', 0],
      ],
      0,
      0,
      1,
      0,
    )}"/>`;
    g += town(R, W * 0.3, W * 0.66, hz + 2, 30 * scale, L, 0.25, { windows: false });
    if (harbour) g += marinaBoats(L, R, W * 0.3, W * 0.64, hz + 4, 0.7 * scale);
  } else if (loc === 'santacruz') {
    g += anaga(s, L, R, -40, W * 0.9, hz + 2, 260 * scale);
    g += town(R, W * 0.04, W * 0.62, hz + 2, 60 * scale, L, 0.2, { windows: scale > 0.9 });
    // the twin towers and the Auditorio's white wave
    const tx = W * 0.3;
    for (const dx of [0, 34 * scale]) {
      g += `<rect x="${f(tx + dx)}" y="${f(hz + 2 - 150 * scale)}" width="${f(24 * scale)}" height="${f(150 * scale)}" fill="${land('#e9eef0', 0.25)}"/>`;
      g += `<rect x="${f(tx + dx + 16 * scale)}" y="${f(hz + 2 - 150 * scale)}" width="${f(8 * scale)}" height="${f(150 * scale)}" fill="#000" opacity=".08"/>`;
    }
    const ax = W * 0.56;
    g += `<path d="M${f(ax)},${f(hz + 2)}L${f(ax + 10 * scale)},${f(hz - 30 * scale)}C${f(ax + 20 * scale)},${f(hz - 80 * scale)} ${f(ax + 60 * scale)},${f(hz - 110 * scale)} ${f(ax + 120 * scale)},${f(hz - 118 * scale)}C${f(ax + 80 * scale)},${f(hz - 96 * scale)} ${f(ax + 60 * scale)},${f(hz - 60 * scale)} ${f(ax + 70 * scale)},${f(hz - 26 * scale)}L${f(ax + 90 * scale)},${f(hz + 2)}Z" fill="${land('#ffffff', 0.15)}"/>`;
    if (harbour) g += marinaBoats(L, R, W * 0.05, W * 0.6, hz + 4, 0.7 * scale);
  } else if (loc === 'open') {
    g += `<path d="${gomera(W * 0.7, hz + 1, W * 0.4 * scale, 64 * scale)}" fill="${land('#7d86a3', 0.6)}"/>`;
  }
  if (harbour && loc !== 'gigantes') g += breakwater(L, W * 0.55, W * 0.9, hz + 10, 14 * scale);
  if (side === 'right') return `<g transform="translate(${W},0) scale(-1,1)">${g}</g>`;
  return g;
}
