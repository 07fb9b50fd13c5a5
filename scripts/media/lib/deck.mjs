// On-board views drawn with a tiny perspective camera (units: metres).
import { Scene, f, rng, mix, linePath } from './svg.mjs';
import { C, LIGHT, sky, sun, cloud, sea, waves, glitter } from './nature.mjs';
import { backdrop } from './backdrops.mjs';
import { W43, H43, duskFilter } from './scenes.mjs';

/** Perspective helper bound to a scene. Camera at (0, h, 0) looking down +Z. */
function camera(s, hz, h, fl = 1000) {
  const cx = s.w / 2;
  const P = (X, Y, Z) => [cx + (fl * X) / Z, hz - (fl * (Y - h)) / Z];
  const poly = (list, fill, extra = '') =>
    `<path d="${linePath(list.map((q) => P(...q)))}" fill="${fill}" stroke="${fill.startsWith('url') ? 'none' : fill}" stroke-width="3" stroke-linejoin="round"${extra}/>`;
  const line = (a, b, col, w, extra = '') => {
    const [x1, y1] = P(...a);
    const [x2, y2] = P(...b);
    return `<path d="M${f(x1)},${f(y1)}L${f(x2)},${f(y2)}" stroke="${col}" stroke-width="${f(w)}" stroke-linecap="round"${extra}/>`;
  };
  /** Axis-aligned box: draws the faces the camera can see. c: {top, front, side, bottom} */
  const box = (x0, x1, y0, y1, z0, z1, c) => {
    let out = '';
    if (y1 < h && c.top)
      out += poly(
        [
          [x0, y1, z0],
          [x1, y1, z0],
          [x1, y1, z1],
          [x0, y1, z1],
        ],
        c.top,
      );
    if (y0 > h && c.bottom)
      out += poly(
        [
          [x0, y0, z0],
          [x1, y0, z0],
          [x1, y0, z1],
          [x0, y0, z1],
        ],
        c.bottom,
      );
    if (x0 > 0 && c.side)
      out += poly(
        [
          [x0, y0, z0],
          [x0, y1, z0],
          [x0, y1, z1],
          [x0, y0, z1],
        ],
        c.side,
      );
    if (x1 < 0 && c.side)
      out += poly(
        [
          [x1, y0, z0],
          [x1, y1, z0],
          [x1, y1, z1],
          [x1, y0, z1],
        ],
        c.side,
      );
    if (c.front)
      out += poly(
        [
          [x0, y0, z0],
          [x1, y0, z0],
          [x1, y1, z0],
          [x0, y1, z0],
        ],
        c.front,
      );
    return out;
  };
  return { P, poly, line, box, fl, h };
}

/** A seated person seen from behind; (x, y) = seat point on screen, k = pixels per metre. */
function backPerson(x, y, k, o) {
  const { shirt, skin, hair, style = 'short', lean = 0 } = o;
  const sw = 0.46 * k;
  const th = 0.58 * k;
  const hr = 0.105 * k;
  const hx = x + lean * k;
  const hy = y - th - hr * 1.35;
  let out = `<path d="M${f(x - sw * 0.42)},${f(y)}C${f(x - sw * 0.5)},${f(y - th * 0.5)} ${f(x - sw * 0.56)},${f(y - th * 0.92)} ${f(x - sw * 0.3)},${f(y - th)}L${f(x + sw * 0.3)},${f(y - th)}C${f(x + sw * 0.56)},${f(y - th * 0.92)} ${f(x + sw * 0.5)},${f(y - th * 0.5)} ${f(x + sw * 0.42)},${f(y)}Z" fill="${shirt}"/>`;
  out += `<rect x="${f(hx - hr * 0.42)}" y="${f(y - th - hr * 0.7)}" width="${f(hr * 0.84)}" height="${f(hr * 0.9)}" fill="${skin}"/>`;
  out += `<circle cx="${f(hx)}" cy="${f(hy)}" r="${f(hr)}" fill="${skin}"/>`;
  if (style === 'short') {
    out += `<path d="M${f(hx - hr * 1.02)},${f(hy + hr * 0.2)}A${f(hr * 1.02)},${f(hr * 1.05)} 0 0 1 ${f(hx + hr * 1.02)},${f(hy + hr * 0.2)}Q${f(hx)},${f(hy + hr * 0.75)} ${f(hx - hr * 1.02)},${f(hy + hr * 0.2)}Z" fill="${hair}"/>`;
  } else if (style === 'long') {
    out += `<path d="M${f(hx - hr * 1.05)},${f(hy)}A${f(hr * 1.05)},${f(hr * 1.08)} 0 0 1 ${f(hx + hr * 1.05)},${f(hy)}L${f(hx + hr * 1.15)},${f(hy + hr * 2.6)}Q${f(hx)},${f(hy + hr * 3.0)} ${f(hx - hr * 1.15)},${f(hy + hr * 2.6)}Z" fill="${hair}"/>`;
  } else if (style === 'bun') {
    out += `<path d="M${f(hx - hr * 1.03)},${f(hy + hr * 0.3)}A${f(hr * 1.03)},${f(hr * 1.05)} 0 0 1 ${f(hx + hr * 1.03)},${f(hy + hr * 0.3)}Q${f(hx)},${f(hy + hr * 0.9)} ${f(hx - hr * 1.03)},${f(hy + hr * 0.3)}Z" fill="${hair}"/><circle cx="${f(hx)}" cy="${f(hy - hr * 0.9)}" r="${f(hr * 0.5)}" fill="${hair}"/>`;
  } else if (style === 'hat') {
    out += `<path d="M${f(hx - hr * 1.02)},${f(hy + hr * 0.5)}L${f(hx - hr * 1.1)},${f(hy + hr * 2.0)}L${f(hx + hr * 1.1)},${f(hy + hr * 2.0)}L${f(hx + hr * 1.02)},${f(hy + hr * 0.5)}Z" fill="${hair}"/>`;
    out += `<ellipse cx="${f(hx)}" cy="${f(hy - hr * 0.1)}" rx="${f(hr * 2.2)}" ry="${f(hr * 0.45)}" fill="#e6c98e"/>`;
    out += `<path d="M${f(hx - hr * 0.95)},${f(hy)}Q${f(hx - hr * 0.9)},${f(hy - hr * 1.2)} ${f(hx)},${f(hy - hr * 1.2)}Q${f(hx + hr * 0.9)},${f(hy - hr * 1.2)} ${f(hx + hr * 0.95)},${f(hy)}Z" fill="#dcb979"/>`;
    out += `<path d="M${f(hx - hr * 0.95)},${f(hy - hr * 0.15)}L${f(hx + hr * 0.95)},${f(hy - hr * 0.15)}" stroke="${C.navy}" stroke-width="${f(hr * 0.25)}"/>`;
  }
  return out;
}

/** Champagne flute and bottle, drawn flat at screen position, k = px per metre. */
function drinks(x, y, k) {
  let out = '';
  for (const dx of [-0.12, 0.02]) {
    const gx = x + dx * k;
    out += `<path d="M${f(gx - 0.022 * k)},${f(y - 0.22 * k)}L${f(gx + 0.022 * k)},${f(y - 0.22 * k)}L${f(gx + 0.016 * k)},${f(y - 0.1 * k)}L${f(gx - 0.016 * k)},${f(y - 0.1 * k)}Z" fill="#f6d78a" opacity=".9"/>`;
    out += `<path d="M${f(gx)},${f(y - 0.1 * k)}L${f(gx)},${f(y)}M${f(gx - 0.03 * k)},${f(y)}L${f(gx + 0.03 * k)},${f(y)}" stroke="#eef3f6" stroke-width="${f(Math.max(1.5, 0.006 * k))}"/>`;
  }
  const bx = x + 0.16 * k;
  out += `<path d="M${f(bx - 0.06 * k)},${f(y)}L${f(bx - 0.07 * k)},${f(y - 0.16 * k)}L${f(bx + 0.07 * k)},${f(y - 0.16 * k)}L${f(bx + 0.06 * k)},${f(y)}Z" fill="#c9d3da"/>`;
  out += `<path d="M${f(bx - 0.035 * k)},${f(y - 0.14 * k)}L${f(bx - 0.035 * k)},${f(y - 0.26 * k)}Q${f(bx)},${f(y - 0.3 * k)} ${f(bx - 0.012 * k)},${f(y - 0.36 * k)}L${f(bx + 0.012 * k)},${f(y - 0.36 * k)}Q${f(bx)},${f(y - 0.3 * k)} ${f(bx + 0.035 * k)},${f(y - 0.26 * k)}L${f(bx + 0.035 * k)},${f(y - 0.14 * k)}Z" fill="#1f4a3a"/>`;
  return out;
}

function env(s, L, loc, hz, R, opt = {}) {
  const { sunX = s.w * 0.78, sunY = hz * 0.45, side = 'left' } = opt;
  sky(s, L, hz);
  const sunset = L === LIGHT.sunset;
  sun(s, L, sunX, sunY, sunset ? 50 : 34, sunset ? 640 : 300, sunset ? 0.9 : 0.5);
  for (let i = 0; i < 4; i++) {
    s.add(
      cloud(
        i * 420 + R() * 200 - 100,
        hz * (0.25 + R() * 0.5),
        200 + R() * 220,
        sunset ? '#ffc49a' : '#fff',
        sunset ? 0.4 : 0.7,
        R,
      ),
    );
  }
  sea(s, L, hz, sunset ? null : C.turq);
  s.add(backdrop(s, L, loc, hz, R, { side, scale: opt.scale ?? 1 }));
  s.add(glitter(s, L, hz, sunX, R, { n: sunset ? 200 : 90, spread: 600, op: sunset ? 0.95 : 0.55 }));
  s.add(waves(s, L, hz, R, { op: 0.28, col: sunset ? '#ffcf9c' : L.wave }));
}

/** Foamy wake on the water behind the transom (water at y = -wy). */
function wakeOnWater(cam, R, z0, wy = 0.6) {
  const { P } = cam;
  let out = '';
  const poly = [];
  for (let z = z0; z < 80; z *= 1.25) poly.push([-(0.6 + z * 0.12), -wy, z]);
  const rev = [];
  for (let z = z0; z < 80; z *= 1.25) rev.push([0.6 + z * 0.12, -wy, z]);
  const pts = [...poly, ...rev.reverse()].map((q) => P(...q));
  out += `<path d="${linePath(pts)}" fill="#ffffff" opacity=".22"/>`;
  for (let i = 0; i < 70; i++) {
    const z = z0 * Math.pow(80 / z0, Math.pow(R(), 1.6));
    const x = (R() - 0.5) * 2 * (0.6 + z * 0.12);
    const [sx, sy] = P(x, -wy, z);
    const k = cam.fl / z;
    out += `<ellipse cx="${f(sx)}" cy="${f(sy)}" rx="${f(0.35 * k * (0.5 + R()))}" ry="${f(0.05 * k)}" fill="#fff" opacity="${f((0.35 + R() * 0.5) * 100) / 100}"/>`;
  }
  return out;
}

const WHITE = { top: '#f7f5f0', front: '#e4ded3', side: '#ebe6dc' };

function lounge(s, cfg, R) {
  const L = LIGHT[cfg.light || 'day'];
  const hz = cfg.hz ?? 560;
  env(s, L, cfg.loc, hz, R, { sunX: cfg.sunX ?? 1180, sunY: cfg.sunY ?? 430 });
  const cam = camera(s, hz, 1.6);
  const { P, poly, box, line } = cam;
  const o = {
    floor: '#c48a55',
    seam: '#7d5232',
    cushion: WHITE,
    pillows: [C.navy, C.turq, C.sand, C.navy],
    awning: C.navy,
    piping: C.turq,
    ...cfg.style,
  };
  const half = o.half ?? 2.3;
  const zs = o.zs ?? 4.6;
  let out = '';
  if (o.wake) out += wakeOnWater(cam, R, zs + 0.4);
  // floor
  out += poly(
    [
      [-half, 0, 1.0],
      [half, 0, 1.0],
      [half, 0, zs],
      [-half, 0, zs],
    ],
    s.lin([
      [0, o.floor],
      [1, mix(o.floor, '#000', 0.12)],
    ]),
  );
  let seams = '';
  for (let X = -half; X <= half + 0.01; X += o.plank ?? 0.14) {
    const [x1, y1] = P(X, 0, 1.0);
    const [x2, y2] = P(X, 0, zs);
    seams += `M${f(x1)},${f(y1)}L${f(x2)},${f(y2)}`;
  }
  if (o.seam) out += `<path d="${seams}" stroke="${o.seam}" stroke-width="2" opacity=".6"/>`;
  // awning shadow on the floor
  if (o.awning)
    out += poly(
      [
        [-half, 0, 1.0],
        [half, 0, 1.0],
        [half * 0.6, 0, 3.2],
        [-half, 0, 3.4],
      ],
      '#1a2a3a',
      ' opacity=".18"',
    );
  // transom with a gate in the middle
  const bulwark = o.bulwark ?? { top: '#f4f6f8', front: '#e9edf0', side: '#dde3e8' };
  const gate = o.gate ?? 0.5;
  out += box(-half - 0.15, -gate, 0, 0.95, zs, zs + 0.15, bulwark);
  out += box(gate, half + 0.15, 0, 0.95, zs, zs + 0.15, bulwark);
  if (gate > 0) out += box(-gate, gate, -0.2, 0.02, zs, zs + 0.9, { top: '#b07a4a', front: '#9a683c' });
  // side bulwarks
  out += box(-half - 0.2, -half, 0, 0.95, 1.0, zs + 0.15, bulwark);
  out += box(half, half + 0.2, 0, 0.95, 1.0, zs + 0.15, bulwark);
  if (o.cap) {
    out += box(-half - 0.2, -half + 0.05, 0.95, 1.0, 1.0, zs + 0.15, { top: o.cap, side: o.cap });
    out += box(half - 0.05, half + 0.2, 0.95, 1.0, 1.0, zs + 0.15, { top: o.cap, side: o.cap });
  }
  // stainless rail
  const rail = '#e3e9ee';
  for (const [a, b] of [
    [
      [-half - 0.1, 1.2, 1.0],
      [-half - 0.1, 1.2, zs + 0.1],
    ],
    [
      [-half - 0.1, 1.2, zs + 0.1],
      [-gate, 1.2, zs + 0.1],
    ],
    [
      [gate, 1.2, zs + 0.1],
      [half + 0.1, 1.2, zs + 0.1],
    ],
    [
      [half + 0.1, 1.2, zs + 0.1],
      [half + 0.1, 1.2, 1.0],
    ],
  ]) {
    out += line(a, b, rail, 5);
  }
  for (let z = 1.4; z < zs; z += 0.8) {
    out += line([-half - 0.1, 0.95, z], [-half - 0.1, 1.2, z], rail, 4);
    out += line([half + 0.1, 0.95, z], [half + 0.1, 1.2, z], rail, 4);
  }
  for (const X of [-1.6, -0.6, 0.6, 1.6]) out += line([X, 0.95, zs + 0.1], [X, 1.2, zs + 0.1], rail, 3);
  // sofas
  const cu = o.cushion;
  const seats = o.seats ?? [
    [-half, -0.55, zs - 0.62, zs, 'stern'],
    [0.55, half, zs - 0.62, zs, 'stern'],
    [-half, -half + 0.6, 2.2, zs - 0.62, 'side'],
    [half - 0.6, half, 2.6, zs - 0.62, 'side'],
  ];
  const items = [];
  for (const [x0, x1, z0, z1, kind] of seats) {
    items.push({
      z: z1,
      draw: () => {
        let d = box(x0, x1, 0, 0.38, z0, z1, { top: cu.front, front: cu.front, side: cu.side });
        d += box(x0 + 0.02, x1 - 0.02, 0.38, 0.5, z0 + 0.02, z1 - 0.02, cu);
        if (kind === 'stern') d += box(x0, x1, 0.5, 0.9, z1 - 0.16, z1, cu);
        else if (x0 < 0) d += box(x0, x0 + 0.16, 0.5, 0.9, z0, z1, cu);
        else d += box(x1 - 0.16, x1, 0.5, 0.9, z0, z1, cu);
        return d;
      },
    });
  }
  // pillows on the stern backrest
  const pillowAt = o.pillowAt ?? [-1.9, -1.2, 1.0, 1.7];
  pillowAt.forEach((X, i) => {
    items.push({
      z: zs - 0.2,
      draw: () => {
        const [px, py] = P(X, 0.66, zs - 0.2);
        const k = cam.fl / (zs - 0.2);
        const c = o.pillows[i % o.pillows.length];
        return `<rect x="${f(px - 0.2 * k)}" y="${f(py - 0.19 * k)}" width="${f(0.4 * k)}" height="${f(0.36 * k)}" rx="${f(0.08 * k)}" fill="${c}" transform="rotate(${i % 2 ? 4 : -5} ${f(px)} ${f(py)})"/>`;
      },
    });
  });
  if (o.table) {
    items.push({
      z: 3.3,
      draw: () => {
        let d = box(-0.95, -0.85, 0, 0.7, 3.15, 3.25, { front: '#8f5f36', side: '#7a502d' });
        d += box(-1.45, -0.35, 0.7, 0.75, 2.9, 3.6, { top: '#c08450', front: '#9a663a', side: '#9a663a' });
        const [tx, ty] = P(-0.95, 0.75, 3.2);
        d += drinks(tx, ty, cam.fl / 3.2);
        return d;
      },
    });
  }
  for (const pp of o.people ?? []) {
    items.push({
      z: pp.z,
      draw: () => {
        const [px, py] = P(pp.x, 0.5, pp.z);
        return backPerson(px, py, cam.fl / pp.z, pp);
      },
    });
  }
  if (o.extra) items.push(...o.extra(cam));
  items.sort((a, b) => b.z - a.z);
  for (const it of items) out += it.draw();
  // awning overhead with support poles
  if (o.awning) {
    const az = o.awningZ ?? 3.5;
    const ay = o.awningY ?? 2.45;
    out += line([-half - 0.05, 0.95, az], [-half - 0.05, ay, az], '#d7dee4', 7);
    out += line([half + 0.05, 0.95, az], [half + 0.05, ay, az], '#d7dee4', 7);
    const under = s.lin(
      [
        [0, mix(o.awning, '#000', 0.4)],
        [0.6, mix(o.awning, '#000', 0.18)],
        [1, mix(o.awning, '#fff', 0.05)],
      ],
      0,
      0,
      0,
      P(0, ay, az)[1],
      true,
    );
    out += poly(
      [
        [-half - 0.4, ay, 0.5],
        [half + 0.4, ay, 0.5],
        [half + 0.3, ay, az],
        [-half - 0.3, ay, az],
      ],
      under,
    );
    let seams = '';
    for (const X of [-1.5, 0, 1.5].map((v) => (v * half) / 2.3)) {
      const a = P(X, ay, 0.5);
      const b = P(X, ay, az);
      seams += `M${f(a[0])},${f(a[1])}L${f(b[0])},${f(b[1])}`;
    }
    out += `<path d="${seams}" stroke="#000" stroke-opacity=".12" stroke-width="3"/>`;
    out += poly(
      [
        [-half - 0.3, ay - 0.1, az],
        [half + 0.3, ay - 0.1, az],
        [half + 0.3, ay, az],
        [-half - 0.3, ay, az],
      ],
      o.awning,
    );
    if (o.piping) out += line([-half - 0.3, ay - 0.1, az], [half + 0.3, ay - 0.1, az], o.piping, 4);
  }
  if (cfg.light === 'sunset') out = `<g filter="${duskFilter(s, 0.75)}">${out}</g>`;
  s.add(out);
}

function fishing(s, cfg, R) {
  lounge(s, cfg, R);
}

/** Looking forward from the helm of a RIB: orange tubes, console, guests on the bow seat. */
function ribView(s, cfg, R) {
  const L = LIGHT.day;
  const hz = 520;
  env(s, L, 'gigantes', hz, R, { sunX: 1300, sunY: 300 });
  const cam = camera(s, hz, 1.55);
  const { P, poly, box } = cam;
  let out = '';
  const tubePath = (side) => {
    const c = [];
    for (let i = 0; i <= 24; i++) {
      const t = i / 24;
      if (t < 0.5) c.push([side * 1.2, 1.0 + t * 2 * 2.6]);
      else {
        const a = ((t - 0.5) / 0.5) * (Math.PI / 2);
        c.push([side * 1.2 * Math.cos(a), 3.6 + 2.6 * Math.sin(a)]);
      }
    }
    return c;
  };
  // floor
  const fl = [
    ...tubePath(-1).map(([x, z]) => [x * 0.82, 0, z]),
    ...tubePath(1)
      .reverse()
      .map(([x, z]) => [x * 0.82, 0, z]),
  ];
  out += poly(fl, '#8f98a1');
  for (const side of [-1, 1]) {
    const c = tubePath(side);
    const top = c.map(([x, z]) => [x, 0.62, z]);
    const outer = c.map(([x, z]) => [x + side * 0.3 * Math.min(1, Math.abs(x) / 1.2), 0.35, z]);
    const inner = c.map(([x, z]) => [x - side * 0.28 * Math.min(1, Math.abs(x) / 1.2 + 0.2), 0.1, z]);
    const band = [...outer, ...inner.slice().reverse()];
    out += poly(
      band,
      s.lin([
        [0, '#f7a24f'],
        [1, '#cf6219'],
      ]),
    );
    out += `<path d="${linePath(
      top.map((q) => P(...q)),
      false,
    )}" stroke="#ffc48a" stroke-width="5" fill="none" opacity=".8"/>`;
    const mid = c.map(([x, z]) => [x - side * 0.22 * Math.min(1, Math.abs(x) / 1.2 + 0.2), 0.3, z]);
    out += `<path d="${linePath(
      mid.map((q) => P(...q)),
      false,
    )}" stroke="#4e5862" stroke-width="7" fill="none"/>`;
  }
  // bow seat with two guests
  out += box(-0.75, 0.75, 0, 0.42, 3.4, 4.3, { top: '#3b4651', front: '#2e3843', side: '#2e3843' });
  const k1 = cam.fl / 3.7;
  const [g1x, g1y] = P(-0.35, 0.42, 3.7);
  const [g2x, g2y] = P(0.38, 0.42, 3.8);
  out += backPerson(g2x, g2y, cam.fl / 3.8, {
    shirt: C.orange,
    skin: '#c98e6b',
    hair: '#2a1d16',
    style: 'long',
  });
  out += backPerson(g1x, g1y, k1, {
    shirt: C.orange,
    skin: '#e2b48e',
    hair: '#6b4a2e',
    style: 'short',
    lean: -0.03,
  });
  // console in front of the camera
  out += box(-0.5, 0.5, 0, 1.0, 1.9, 2.5, { top: '#dfe4e8', front: '#c9d0d6', side: '#b8c0c7' });
  out += poly(
    [
      [-0.5, 1.0, 1.9],
      [0.5, 1.0, 1.9],
      [0.45, 1.32, 2.15],
      [-0.45, 1.32, 2.15],
    ],
    '#bfe1ee',
    ' fill-opacity=".35"',
  );
  out += cam.line([-0.45, 1.32, 2.15], [0.45, 1.32, 2.15], '#e8edf0', 5);
  out += poly(
    [
      [-0.3, 0.9, 1.899],
      [0.1, 0.9, 1.899],
      [0.1, 0.65, 1.899],
      [-0.3, 0.65, 1.899],
    ],
    '#1b2733',
  );
  const [wx, wy] = P(0.28, 0.72, 1.85);
  out += `<circle cx="${f(wx)}" cy="${f(wy)}" r="${f((cam.fl * 0.16) / 1.85)}" fill="none" stroke="#222a31" stroke-width="12"/>`;
  out += `<circle cx="${f(wx)}" cy="${f(wy)}" r="10" fill="#9aa4ad"/>`;
  // grab rail
  out += cam.line([-0.55, 1.0, 1.7], [-0.55, 1.0, 2.5], '#e3e9ee', 7);
  s.add(out);
}

/** Catamaran foredeck at sunset: trampolines between the bows. */
function trampoline(s, cfg, R) {
  const L = LIGHT.sunset;
  const hz = 540;
  env(s, L, 'open', hz, R, { sunX: 980, sunY: 470, scale: 0.8 });
  const cam = camera(s, hz, 1.75);
  const { P, poly, box, line } = cam;
  let out = '';
  const hull = { top: '#efe4d8', front: '#d9c9bb', side: '#cdbcae' };
  for (const sd of [-1, 1]) {
    const xi = sd * 1.9;
    const xo = sd * 3.0;
    const deckPts = [
      [xo, 0.4, 1.0],
      [xi, 0.4, 1.0],
      [xi, 0.4, 5.8],
      [sd * 2.45, 0.4, 7.2],
      [xo, 0.4, 5.8],
    ];
    out += poly(
      [
        [xi, -0.7, 1.0],
        [xi, 0.4, 1.0],
        [xi, 0.4, 5.8],
        [sd * 2.45, 0.4, 7.2],
        [sd * 2.45, -0.7, 7.2],
        [xi, -0.7, 5.8],
      ],
      hull.side,
    );
    out += poly(deckPts, hull.top);
  }
  // trampoline net
  const net = [
    [-1.9, 0.38, 2.2],
    [1.9, 0.38, 2.2],
    [1.9, 0.38, 5.5],
    [-1.9, 0.38, 5.5],
  ];
  out += poly(net, '#2a3140', ' fill-opacity=".78"');
  let grid = '';
  for (let t = -1.9; t <= 1.9; t += 0.22) {
    const a = P(t, 0.38, 2.2);
    const b = P(t, 0.38, 5.5);
    grid += `M${f(a[0])},${f(a[1])}L${f(b[0])},${f(b[1])}`;
  }
  for (let z = 2.2; z <= 5.5; z *= 1.07) {
    const a = P(-1.9, 0.38, z);
    const b = P(1.9, 0.38, z);
    grid += `M${f(a[0])},${f(a[1])}L${f(b[0])},${f(b[1])}`;
  }
  out += `<path d="${grid}" stroke="#f0b07a" stroke-width="1.2" opacity=".35"/>`;
  out += box(-2.0, 2.0, 0.3, 0.48, 5.5, 5.7, { top: '#f2e6da', front: '#ddcabb' });
  out += line([0, 0.48, 5.6], [0, 14, 1.2], '#c7b7b0', 3);
  // lifelines
  for (const sd of [-1, 1]) {
    for (let z = 1.6; z < 6; z += 1.1) out += line([sd * 2.95, 0.4, z], [sd * 2.95, 1.05, z], '#d8c8c0', 4);
    out += line([sd * 2.95, 1.05, 1.2], [sd * 2.95, 1.05, 6.0], '#d8c8c0', 2.5);
  }
  // coachroof with sun pads in the foreground
  out += box(-3.0, 3.0, 0.1, 0.5, 1.0, 2.2, { top: '#f3e8dc', front: '#e4d4c6' });
  out += box(-1.7, -0.08, 0.5, 0.64, 1.1, 2.05, { top: '#f6d9ad', front: '#e2bc88', side: '#e2bc88' });
  out += box(0.08, 1.7, 0.5, 0.64, 1.1, 2.05, { top: '#f6d9ad', front: '#e2bc88', side: '#e2bc88' });
  const [tx, ty] = P(1.2, 0.64, 1.6);
  out += `<rect x="${f(tx - 120)}" y="${f(ty - 40)}" width="240" height="56" rx="14" fill="${C.turq}" transform="rotate(-6 ${f(tx)} ${f(ty)})"/>`;
  const [dx, dy] = P(-1.0, 0.64, 1.7);
  out += drinks(dx, dy, cam.fl / 1.7);
  s.add(out);
}

/** Cockpit of a classic yacht: wooden wheel, teak, cream sail. */
function classic(s, cfg, R) {
  const L = LIGHT.day;
  const hz = 560;
  env(s, L, 'santacruz', hz, R, { sunX: 300, sunY: 250, side: 'left' });
  const cam = camera(s, hz, 1.35);
  const { P, poly, box, line } = cam;
  let out = '';
  const teak = '#c18a57';
  const maho = { top: '#b5763f', front: '#8f5427', side: '#9c5e2f' };
  // side decks converging to the bow
  out += poly(
    [
      [-1.9, 0.75, 1.0],
      [1.9, 0.75, 1.0],
      [1.9, 0.75, 5.6],
      [0, 0.75, 9.5],
      [-1.9, 0.75, 5.6],
    ],
    teak,
  );
  let seams = '';
  for (let X = -1.8; X <= 1.81; X += 0.12) {
    const zEnd = 5.6 + (1 - Math.abs(X) / 1.9) * 3.9;
    const a = P(X, 0.75, 1.0);
    const b = P(X, 0.75, zEnd);
    seams += `M${f(a[0])},${f(a[1])}L${f(b[0])},${f(b[1])}`;
  }
  out += `<path d="${seams}" stroke="#6d4528" stroke-width="1.6" opacity=".6"/>`;
  // toe rails
  out += `<path d="${linePath(
    [
      [-1.9, 0.82, 1.0],
      [-1.9, 0.82, 5.6],
      [0, 0.82, 9.5],
      [1.9, 0.82, 5.6],
      [1.9, 0.82, 1.0],
    ].map((q) => P(...q)),
    false,
  )}" stroke="#a4693a" stroke-width="8" fill="none" stroke-linejoin="round"/>`;
  // cabin trunk with portholes and companionway
  out += box(-0.95, 0.95, 0.75, 1.2, 2.4, 5.2, { top: '#e9dcc4', front: maho.front, side: maho.side });
  out += box(-0.3, 0.3, 0.75, 1.12, 2.399, 2.4, { front: '#5a3418' });
  for (const X of [-0.62, 0.62]) {
    const [px, py] = P(X, 0.98, 2.39);
    out += `<circle cx="${f(px)}" cy="${f(py)}" r="${f((cam.fl * 0.07) / 2.4)}" fill="#23384a" stroke="#e1c27a" stroke-width="5"/>`;
  }
  // mast, boom out to starboard, sail
  const [mx, my] = P(0, 1.2, 4.6);
  const mw = (cam.fl * 0.17) / 4.6;
  out += `<rect x="${f(mx - mw / 2)}" y="0" width="${f(mw)}" height="${f(my)}" fill="#c8955c"/>`;
  out += `<rect x="${f(mx + mw * 0.15)}" y="0" width="${f(mw * 0.25)}" height="${f(my)}" fill="#e2b27a"/>`;
  const sail = [P(0, 2.0, 4.6), P(2.9, 2.0, 2.9), P(2.2, 7, 2.6), P(0, 7, 4.6)];
  out += `<path d="${linePath(sail)}" fill="${s.lin(
    [
      [0, '#fbf5e6'],
      [1, '#e6dabf'],
    ],
    0,
    0,
    1,
    0,
  )}"/>`;
  out += `<path d="M${f(P(0, 3.2, 4.6)[0])},${f(P(0, 3.2, 4.6)[1])}L${f(P(2.7, 3.2, 2.85)[0])},${f(P(2.7, 3.2, 2.85)[1])}M${f(P(0, 4.4, 4.6)[0])},${f(P(0, 4.4, 4.6)[1])}L${f(P(2.5, 4.4, 2.75)[0])},${f(P(2.5, 4.4, 2.75)[1])}" stroke="#ddd0b2" stroke-width="2"/>`;
  out += line([0, 2.0, 4.6], [2.9, 2.0, 2.9], '#b9844e', 16);
  out += line([0, 0.82, 9.4], [0, 14, 4.6], '#8d8a80', 2);
  // cockpit: benches and coamings
  out += poly(
    [
      [-1.2, 0, 1.0],
      [1.2, 0, 1.0],
      [1.2, 0, 2.3],
      [-1.2, 0, 2.3],
    ],
    '#b98250',
  );
  out += box(-0.5, 0.5, 0, 0.05, 1.0, 2.3, { top: teak });
  out += box(-1.55, -0.55, 0, 0.45, 1.0, 2.3, { top: teak, side: '#a06d40', front: '#a06d40' });
  out += box(0.55, 1.55, 0, 0.45, 1.0, 2.3, { top: teak, side: '#a06d40', front: '#a06d40' });
  out += box(-1.6, -1.5, 0.45, 0.8, 1.0, 2.35, maho);
  out += box(1.5, 1.6, 0.45, 0.8, 1.0, 2.35, maho);
  out += box(-1.6, 1.6, 0.45, 0.8, 2.35, 2.4, maho);
  // winches and a coiled line
  for (const X of [-1.4, 1.4]) {
    const [wx, wy] = P(X, 0.8, 1.9);
    const k = cam.fl / 1.9;
    out += `<rect x="${f(wx - 0.07 * k)}" y="${f(wy - 0.16 * k)}" width="${f(0.14 * k)}" height="${f(0.16 * k)}" rx="6" fill="#c9d1d7"/><ellipse cx="${f(wx)}" cy="${f(wy - 0.16 * k)}" rx="${f(0.07 * k)}" ry="${f(0.02 * k)}" fill="#eef2f4"/>`;
  }
  const [cx, cy] = P(-1.05, 0.45, 1.6);
  out += `<g fill="none" stroke="#e9e1cc" stroke-width="6">${[0, 1, 2, 3].map((i) => `<ellipse cx="${f(cx)}" cy="${f(cy - 8 - i * 2)}" rx="${f(70 - i * 11)}" ry="${f(22 - i * 3)}"/>`).join('')}</g>`;
  // the wheel in the foreground
  const [wx, wy] = [s.w * 0.5, s.h + 150];
  const r = 430;
  let spokes = '';
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2 + 0.2;
    spokes += `M${f(wx)},${f(wy)}L${f(wx + Math.cos(a) * (r + 70))},${f(wy + Math.sin(a) * (r + 70))}`;
  }
  out += `<path d="${spokes}" stroke="#8a5630" stroke-width="22" stroke-linecap="round"/>`;
  out += `<circle cx="${f(wx)}" cy="${f(wy)}" r="${r}" fill="none" stroke="#7a4a28" stroke-width="40"/>`;
  out += `<circle cx="${f(wx)}" cy="${f(wy)}" r="${r}" fill="none" stroke="#b07440" stroke-width="14" stroke-dasharray="60 14" opacity=".7"/>`;
  out += `<circle cx="${f(wx)}" cy="${f(wy)}" r="70" fill="#caa15c"/>`;
  s.add(out);
  void R;
}

/** Driver's view in a small speedboat: dashboard, wheel, red bow, La Gomera ahead. */
function helm(s, cfg, R) {
  const L = LIGHT.day;
  const hz = 540;
  env(s, L, 'open', hz, R, { sunX: 1250, sunY: 280, scale: 1.1 });
  const cam = camera(s, hz, 1.25);
  const { P, poly, line } = cam;
  let out = '';
  // bow deck
  const bow = [
    [-1.05, 0.9, 1.5],
    [1.05, 0.9, 1.5],
    [0.9, 0.94, 3.2],
    [0, 1.02, 5.0],
    [-0.9, 0.94, 3.2],
  ];
  out += poly(
    bow,
    s.lin([
      [0, '#ffffff'],
      [1, '#e6ebef'],
    ]),
  );
  out += `<path d="${linePath(
    [
      [-1.1, 0.9, 1.5],
      [-0.95, 0.94, 3.2],
      [0, 1.03, 5.05],
      [0.95, 0.94, 3.2],
      [1.1, 0.9, 1.5],
    ].map((q) => P(...q)),
    false,
  )}" stroke="#d2372e" stroke-width="14" fill="none" stroke-linejoin="round"/>`;
  out += poly(
    [
      [-0.35, 0.93, 2.2],
      [0.35, 0.93, 2.2],
      [0.33, 0.95, 2.9],
      [-0.33, 0.95, 2.9],
    ],
    '#d7dde2',
  );
  out += poly(
    [
      [-0.3, 0.935, 2.25],
      [0.3, 0.935, 2.25],
      [0.28, 0.955, 2.85],
      [-0.28, 0.955, 2.85],
    ],
    '#9fb4c2',
    ' fill-opacity=".6"',
  );
  out += line([0, 1.02, 4.7], [0, 1.12, 4.7], '#c9d1d7', 8);
  const [nx, ny] = P(0, 1.12, 4.7);
  out += `<rect x="${f(nx - 12)}" y="${f(ny - 10)}" width="12" height="12" fill="#d2372e"/><rect x="${f(nx)}" y="${f(ny - 10)}" width="12" height="12" fill="#2db36b"/>`;
  const [clx, cly] = P(0, 1.0, 3.6);
  out += `<rect x="${f(clx - 34)}" y="${f(cly - 12)}" width="68" height="14" rx="7" fill="#c9d1d7"/>`;
  // windscreen
  const glassPts = [
    [-1.05, 0.9, 1.45],
    [1.05, 0.9, 1.45],
    [0.95, 1.3, 1.25],
    [-0.95, 1.3, 1.25],
  ];
  out += poly(glassPts, '#cde9f2', ' fill-opacity=".18" stroke-opacity="0"');
  out += `<path d="${linePath(
    [
      [-1.05, 0.9, 1.45],
      [-0.95, 1.3, 1.25],
      [0.95, 1.3, 1.25],
      [1.05, 0.9, 1.45],
    ].map((q) => P(...q)),
    false,
  )}" stroke="#e4ebef" stroke-width="10" fill="none" stroke-linejoin="round"/>`;
  out += `<path d="M${f(P(-0.5, 1.28, 1.27)[0])},${f(P(-0.5, 1.28, 1.27)[1])}L${f(P(-0.8, 0.92, 1.44)[0])},${f(P(-0.8, 0.92, 1.44)[1])}" stroke="#ffffff" stroke-width="30" opacity=".12"/>`;
  // dashboard
  const base = P(0, 0.9, 1.45)[1];
  const dashTop = base + 90;
  out += `<path d="M0,${f(base - 30)}Q${s.w / 2},${f(base + 6)} ${s.w},${f(base - 30)}L${s.w},${s.h}L0,${s.h}Z" fill="${s.lin(
    [
      [0, '#ffffff'],
      [1, '#dfe4e8'],
    ],
  )}"/>`;
  out += `<path d="M0,${f(base - 22)}Q${s.w / 2},${f(base + 14)} ${s.w},${f(base - 22)}" stroke="#d2372e" stroke-width="10" fill="none"/>`;
  out += `<path d="M120,${s.h}L160,${f(dashTop + 20)}Q${s.w / 2},${f(dashTop - 40)} ${s.w - 160},${f(dashTop + 20)}L${s.w - 120},${s.h}Z" fill="#232b33"/>`;
  out += `<path d="M160,${f(dashTop + 20)}Q${s.w / 2},${f(dashTop - 40)} ${s.w - 160},${f(dashTop + 20)}" stroke="#39434d" stroke-width="8" fill="none"/>`;
  for (const [gx, r] of [
    [660, 50],
    [790, 50],
    [1010, 66],
  ]) {
    out += `<circle cx="${gx}" cy="${f(dashTop + 100)}" r="${r}" fill="#10161b" stroke="#c9d1d7" stroke-width="6"/>`;
    out += `<path d="M${gx},${f(dashTop + 100)}L${f(gx + r * 0.6)},${f(dashTop + 100 - r * 0.5)}" stroke="${C.orange}" stroke-width="5" stroke-linecap="round"/>`;
  }
  out += `<rect x="1120" y="${f(dashTop + 50)}" width="170" height="110" rx="10" fill="#0f1a24" stroke="#39434d" stroke-width="6"/>`;
  out += `<path d="M1135,${f(dashTop + 140)}Q1180,${f(dashTop + 80)} 1205,${f(dashTop + 110)}T1275,${f(dashTop + 70)}" stroke="${C.turq}" stroke-width="4" fill="none"/>`;
  // steering wheel
  const wx = 420;
  const wy = 1210;
  out += `<path d="M${wx},${wy}L${wx - 220},${wy - 60}M${wx},${wy}L${wx + 225},${wy - 50}M${wx},${wy}L${wx},${wy + 230}" stroke="#1b2128" stroke-width="26" stroke-linecap="round"/>`;
  out += `<circle cx="${wx}" cy="${wy}" r="235" fill="none" stroke="#1b2128" stroke-width="34"/>`;
  out += `<circle cx="${wx}" cy="${wy}" r="60" fill="#c9d1d7"/>`;
  // throttle
  out += `<path d="M1400,1200L1430,1010" stroke="#c9d1d7" stroke-width="22" stroke-linecap="round"/><circle cx="1430" cy="1010" r="26" fill="#1b2128"/>`;
  s.add(out);
  void R;
}

export function deck(cfg) {
  const s = new Scene(W43, H43);
  deckInto(s, cfg);
  return s.toString();
}

/** Draw an on-board view into an existing scene (any aspect ratio). */
export function deckInto(s, cfg) {
  const R = rng(cfg.seed ?? 1);
  const v = cfg.variant;
  if (v === 'couple') {
    lounge(
      s,
      {
        ...cfg,
        light: 'sunset',
        loc: 'open',
        sunX: s.w * 0.56,
        sunY: 470,
        style: {
          zs: 3.7,
          gate: 0,
          awning: null,
          pillowAt: [-1.7, -1.1, 1.2, 1.8],
          pillows: [C.orange, C.sand, C.turq, C.sand],
          seats: [
            [-2.3, 2.3, 3.08, 3.7, 'stern'],
            [-2.3, -1.7, 1.6, 3.08, 'side'],
            [1.7, 2.3, 1.6, 3.08, 'side'],
          ],
          people: [
            {
              x: -0.32,
              z: 3.3,
              shirt: '#2a5d86',
              skin: '#d9a37c',
              hair: '#3a2a22',
              style: 'short',
              lean: 0.03,
            },
            { x: 0.2, z: 3.3, shirt: C.sunset, skin: '#efc29c', hair: '#6b4a2e', style: 'hat', lean: -0.03 },
          ],
          extra: (cam) => [
            {
              z: 2.6,
              draw: () => {
                const { P, box } = cam;
                let d = box(1.05, 1.55, 0, 0.55, 2.3, 2.8, {
                  top: '#c08450',
                  front: '#9a663a',
                  side: '#9a663a',
                });
                const [tx, ty] = P(1.3, 0.55, 2.55);
                d += drinks(tx, ty, cam.fl / 2.55);
                return d;
              },
            },
          ],
        },
      },
      R,
    );
    return;
  }
  if (v === 'lounge') lounge(s, { ...cfg, style: { table: true } }, R);
  else if (v === 'fishing') {
    fishing(
      s,
      {
        ...cfg,
        style: {
          floor: '#e9edf0',
          seam: null,
          cap: '#123a66',
          awning: '#eef2f5',
          piping: '#123a66',
          awningZ: 1.9,
          awningY: 2.3,
          wake: true,
          seats: [[-1.9, 1.9, 3.95, 4.6, 'stern']],
          pillowAt: [],
          extra: (cam) => fishingChair(cam),
        },
      },
      R,
    );
  } else if (v === 'party') {
    lounge(
      s,
      {
        ...cfg,
        style: {
          half: 3.1,
          zs: 5.2,
          floor: '#e7ebee',
          seam: null,
          awning: '#efe2c8',
          piping: C.turq,
          awningZ: 3.3,
          cushion: { top: '#46c2bd', front: '#2a9a96', side: '#33aaa6' },
          pillows: ['#ffffff', C.orange, C.sand],
          pillowAt: [-2.4, -1.5, 1.3, 2.3],
          seats: [
            [-3.1, -0.55, 4.6, 5.2, 'stern'],
            [0.55, 3.1, 4.6, 5.2, 'stern'],
            [-3.1, -2.5, 2.0, 4.6, 'side'],
            [2.5, 3.1, 2.0, 4.6, 'side'],
          ],
          people: [
            { x: -2.0, z: 4.75, shirt: C.orange, skin: '#e8b896', hair: '#6b4a2e', style: 'long' },
            { x: -1.4, z: 4.8, shirt: '#ffffff', skin: '#a8714f', hair: '#1a1614', style: 'short' },
            { x: 1.2, z: 4.75, shirt: C.navy, skin: '#f1c9a5', hair: '#c9a062', style: 'hat' },
            { x: 1.8, z: 4.8, shirt: '#e85d75', skin: '#d9a37c', hair: '#2b1d16', style: 'bun' },
            { x: 2.75, z: 3.0, shirt: C.sand, skin: '#7a4b32', hair: '#1a1614', style: 'short' },
          ],
        },
      },
      R,
    );
  } else if (v === 'rib') ribView(s, cfg, R);
  else if (v === 'trampoline') trampoline(s, cfg, R);
  else if (v === 'classic') classic(s, cfg, R);
  else if (v === 'helm') helm(s, cfg, R);
}

/** Fighting chair in the middle of the cockpit and rods in the gunwale holders. */
function fishingChair(cam) {
  const { box, line } = cam;
  const white = { top: '#ffffff', front: '#e3e8ec', side: '#d6dde2' };
  const navy = { top: '#1c4f82', front: '#123a66', side: '#0e2e52' };
  return [
    {
      z: 3.3,
      draw: () =>
        box(-0.09, 0.09, 0, 0.45, 3.1, 3.3, { front: '#c9d1d7', side: '#b9c2c9' }) +
        box(-0.34, 0.34, 0.45, 0.56, 2.95, 3.45, white) +
        box(-0.3, 0.3, 0.56, 0.64, 2.97, 3.42, navy) +
        box(-0.32, 0.32, 0.56, 1.15, 2.92, 3.0, white) +
        box(-0.27, 0.27, 0.64, 1.1, 2.9, 2.92, navy) +
        box(-0.42, -0.34, 0.56, 0.7, 2.95, 3.4, { top: '#123a66', front: '#123a66', side: '#0e2e52' }) +
        box(0.34, 0.42, 0.56, 0.7, 2.95, 3.4, { top: '#123a66', front: '#123a66', side: '#0e2e52' }) +
        line([0, 0.25, 3.9], [0, 0.25, 3.3], '#c9d1d7', 6),
    },
    {
      z: 2.0,
      draw: () => {
        let d = '';
        for (const [X, Z] of [
          [-2.25, 2.2],
          [-2.25, 3.4],
          [2.25, 2.6],
          [2.25, 3.8],
        ]) {
          d += line([X, 0.95, Z], [X * 1.3, 3.6, Z + 0.6], '#2b2f33', 3);
          d += line([X, 0.95, Z], [X * 1.03, 1.35, Z + 0.08], '#c9d1d7', 9);
        }
        return d + box(1.45, 2.1, 0, 0.75, 1.4, 2.1, white);
      },
    },
  ];
}
