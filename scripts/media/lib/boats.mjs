// Boats in side profile. Local coordinates: waterline at y = 0, stern at x = 0, bow towards +x.
import { f } from './svg.mjs';
import { C } from './nature.mjs';

const vgrad = (s, a, b) =>
  s.lin([
    [0, a],
    [1, b],
  ]);

const glass = (s) =>
  s.lin([
    [0, '#2a4a63'],
    [0.6, '#17293a'],
    [1, '#101d2a'],
  ]);

function sailGrad(s, a = '#ffffff', b = '#e3e9ee') {
  return s.lin(
    [
      [0, a],
      [0.7, a],
      [1, b],
    ],
    1,
    0,
    0,
    0,
  );
}

function people(list) {
  // list: [x, baseY, shirt, skin, hair, scale]
  let out = '';
  for (const [x, y, shirt, skin, hair, k = 1] of list) {
    out += `<g transform="translate(${f(x)},${f(y)}) scale(${k})">`;
    out += `<path d="M-9,0L-9,-24Q-9,-34 0,-34Q9,-34 9,-24L9,0Z" fill="${shirt}"/>`;
    out += `<circle cy="-42" r="7.5" fill="${skin}"/>`;
    out += `<path d="M-7.5,-43Q-8,-51 0,-51Q8,-51 7.5,-43Q4,-47 -7.5,-43Z" fill="${hair}"/>`;
    out += '</g>';
  }
  return out;
}

/** 12 m white motor yacht. Length 480. */
function motorYacht(s, o = {}) {
  const { accent = C.navy, stripe = C.turq } = o;
  const hullD = 'M0,-58C160,-60 360,-64 480,-84Q452,-22 398,0L14,0Q0,0 0,-12Z';
  const clip = s.clip(`<path d="${hullD}"/>`);
  return [
    `<rect x="-18" y="-16" width="24" height="6" rx="2" fill="${C.teak}"/>`,
    `<path d="${hullD}" fill="${vgrad(s, '#ffffff', '#d9e2ea')}"/>`,
    `<g clip-path="${clip}"><rect x="-10" y="-11" width="520" height="14" fill="${accent}"/>`,
    `<path d="M0,-20C160,-22 360,-26 470,-40" stroke="${stripe}" stroke-width="3" fill="none"/></g>`,
    `<path d="M214,-42L336,-46Q344,-40 336,-36L216,-33Z" fill="#1d3447"/>`,
    `<path d="M352,-48L392,-52Q396,-48 390,-45L354,-42Z" fill="#1d3447"/>`,
    `<path d="M0,-58C160,-60 360,-64 480,-84" stroke="#c3ced8" stroke-width="3" fill="none"/>`,
    `<path d="M40,-58L54,-106L250,-110C300,-108 344,-92 376,-64Z" fill="${vgrad(s, '#ffffff', '#e4eaef')}"/>`,
    `<path d="M88,-68L98,-96L242,-100C276,-98 306,-86 330,-70Z" fill="${glass(s)}"/>`,
    `<path d="M160,-99L182,-99L150,-69L128,-69Z" fill="#fff" opacity=".13"/>`,
    `<path d="M40,-58L54,-106L62,-106L50,-58Z" fill="#000" opacity=".06"/>`,
    `<path d="M100,-110L108,-128L232,-130L258,-110Z" fill="#f7f9fb"/>`,
    `<path d="M112,-128L104,-162M220,-130L230,-164" stroke="#d6dde3" stroke-width="5"/>`,
    `<path d="M104,-142L236,-146" stroke="#cfd8e0" stroke-width="2.5"/>`,
    `<path d="M84,-168L214,-170Q240,-168 246,-160L96,-158Z" fill="#ffffff"/>`,
    `<path d="M96,-160L246,-161" stroke="#c7d0d8" stroke-width="2"/>`,
    `<ellipse cx="150" cy="-173" rx="14" ry="6" fill="#f2f5f7"/>`,
    `<path d="M196,-170L202,-218" stroke="#b9c3cc" stroke-width="2.5"/>`,
    `<path d="M376,-76C410,-80 444,-86 474,-96" stroke="#d4dbe1" stroke-width="2.5" fill="none"/>`,
    `<path d="M400,-66L400,-80M430,-70L432,-85M458,-76L460,-91" stroke="#d4dbe1" stroke-width="2"/>`,
  ].join('');
}

/** Sport-fishing boat with a navy hull, tuna tower and outriggers. Length 440. */
function fishingBoat(s) {
  const hullD = 'M0,-52C140,-54 320,-58 440,-80Q414,-22 364,0L12,0Q0,0 0,-10Z';
  const clip = s.clip(`<path d="${hullD}"/>`);
  return [
    `<path d="M236,-200L36,-336" stroke="#c9d2d9" stroke-width="3"/>`,
    `<path d="M240,-190L112,-344" stroke="#c9d2d9" stroke-width="2" opacity=".7"/>`,
    `<path d="M30,-52Q2,-112 -36,-168M52,-52Q32,-118 4,-182M74,-52Q62,-120 48,-186" stroke="#2b2f33" stroke-width="2" fill="none"/>`,
    `<rect x="56" y="-86" width="28" height="22" rx="5" fill="#f4f6f8"/>`,
    `<path d="${hullD}" fill="${vgrad(s, '#1c4f82', '#0b2746')}"/>`,
    `<g clip-path="${clip}"><rect x="-10" y="-9" width="470" height="4" fill="#ffffff"/><rect x="-10" y="-5" width="470" height="8" fill="#b3332c"/></g>`,
    `<path d="M0,-52C140,-54 320,-58 440,-80" stroke="#ffffff" stroke-width="6" fill="none" stroke-linecap="round"/>`,
    `<circle cx="268" cy="-36" r="4" fill="#dfe9f0"/><circle cx="296" cy="-37" r="4" fill="#dfe9f0"/><circle cx="324" cy="-39" r="4" fill="#dfe9f0"/>`,
    `<path d="M170,-54L182,-98L318,-100C344,-90 362,-74 372,-58Z" fill="${vgrad(s, '#ffffff', '#e3e9ee')}"/>`,
    `<path d="M196,-64L204,-90L312,-92C330,-84 342,-74 348,-64Z" fill="${glass(s)}"/>`,
    `<path d="M160,-98L168,-116L300,-116L310,-98Z" fill="#f7f9fb"/>`,
    `<path d="M180,-116L204,-212M290,-116L266,-212M228,-116L230,-212" stroke="#dfe5ea" stroke-width="4"/>`,
    `<path d="M186,-150L286,-150M194,-182L278,-182" stroke="#dfe5ea" stroke-width="3"/>`,
    `<rect x="196" y="-218" width="78" height="7" fill="#ffffff"/>`,
    `<path d="M186,-230L284,-230L280,-220L190,-220Z" fill="${C.navy}"/>`,
  ].join('');
}

/** Rigid inflatable: orange tubes, grey hull and console, big outboard. Length 390. */
function rib(s, o = {}) {
  const { crew = true } = o;
  return [
    `<path d="M10,-30L350,-30Q332,-8 296,0L22,0Q10,0 10,-12Z" fill="#58626c"/>`,
    `<path d="M-24,-82L-18,6L-8,6L-4,-84Z" fill="#3a4148"/>`,
    `<path d="M-40,-100Q-42,-118 -20,-118L2,-116Q10,-104 6,-86L-26,-80Q-40,-82 -40,-100Z" fill="#2b3137"/>`,
    `<path d="M-36,-104L4,-102" stroke="#9aa4ad" stroke-width="3"/>`,
    `<path d="M150,-166L262,-166L256,-156L156,-156Z" fill="#39434d"/>`,
    `<path d="M180,-110L178,-158M228,-110L232,-158" stroke="#cfd6dc" stroke-width="4"/>`,
    `<path d="M172,-62L178,-110L230,-110L242,-62Z" fill="#d3d9de"/>`,
    `<path d="M222,-110L240,-134L245,-110Z" fill="#a9d0e0" opacity=".75"/>`,
    `<path d="M116,-62L120,-90L160,-90L162,-62Z" fill="#39434d"/>`,
    crew
      ? people([
          [140, -86, '#f08a32', '#c98e6b', '#3a2a22'],
          [202, -104, C.navy, '#e2b48e', '#6b4a2e', 1],
          [290, -70, C.turq, '#b77b58', '#1e1a18', 0.9],
        ])
      : '',
    `<path d="M262,-62L264,-74L322,-76L324,-64Z" fill="#39434d"/>`,
    `<path d="M12,-64C120,-66 280,-66 340,-70C372,-74 392,-70 392,-56C392,-42 372,-34 346,-32L12,-30C-6,-30 -8,-64 12,-64Z" fill="${vgrad(s, '#f7a24f', '#d4661c')}"/>`,
    `<path d="M4,-44C120,-45 280,-45 366,-44" stroke="#4e5862" stroke-width="5" fill="none"/>`,
    `<path d="M20,-60C120,-62 280,-62 340,-66" stroke="#fff" stroke-opacity=".35" stroke-width="3" fill="none"/>`,
  ].join('');
}

/** Small red speedboat with an outboard. Length 320. */
function speedboat(s) {
  return [
    `<path d="M-22,-70L-16,6L-7,6L-4,-72Z" fill="#3a4148"/>`,
    `<path d="M-34,-84Q-36,-100 -16,-100L4,-98Q10,-88 6,-72L-22,-66Q-34,-68 -34,-84Z" fill="#f4f6f8"/>`,
    `<path d="M-32,-88L6,-86" stroke="#d2372e" stroke-width="3"/>`,
    `<path d="M100,-52L104,-72Q106,-78 114,-78L132,-78Q138,-76 138,-70L136,-52Z" fill="${C.sand}"/>`,
    `<path d="M142,-52L146,-70Q148,-76 156,-76L170,-76Q176,-74 176,-68L174,-52Z" fill="${C.sand}"/>`,
    `<path d="M0,-44C100,-46 240,-50 320,-66Q300,-18 262,0L10,0Q0,0 0,-10Z" fill="${vgrad(s, '#e5483d', '#a3231e')}"/>`,
    `<path d="M0,-44C100,-46 240,-50 320,-66L314,-72C240,-58 100,-54 0,-52Z" fill="#ffffff"/>`,
    `<path d="M6,-22C100,-24 200,-26 282,-32" stroke="#ffffff" stroke-width="4" fill="none"/>`,
    `<path d="M8,-15C100,-17 200,-19 276,-24" stroke="${C.navy}" stroke-width="2" fill="none"/>`,
    `<path d="M168,-54L186,-82L216,-80L228,-56Z" fill="#bfe0ec" fill-opacity=".55" stroke="#e5ecef" stroke-width="2"/>`,
  ].join('');
}

/** Sailing catamaran (white), mainsail and jib up. Length 470. */
function sailCat(s, o = {}) {
  const { stripe = C.turq } = o;
  const hullD = 'M0,-54L448,-58Q456,-30 448,0L12,0Q0,0 0,-12Z';
  const sg = sailGrad(s);
  let battens = '';
  for (const y of [-220, -300, -380, -460]) {
    const t = (y + 146) / (-548 + 146);
    const lx = 74 + (262 - 74) * Math.pow(t, 1.25) - 20 * Math.sin(Math.PI * t);
    battens += `M262,${y}L${f(lx)},${f(y + 6)}`;
  }
  return [
    `<path d="M262,-556L10,-126" stroke="#8d99a3" stroke-width="1.5"/>`,
    `<g transform="translate(28,-12)"><path d="${hullD}" fill="#c8d2da"/></g>`,
    `<path d="${hullD}" fill="${vgrad(s, '#ffffff', '#dae3ea')}"/>`,
    `<path d="M4,-16L450,-18" stroke="${stripe}" stroke-width="4"/>`,
    `<path d="M120,-36L300,-38Q306,-33 300,-30L122,-29Z" fill="#1d3447"/>`,
    `<path d="M24,-124L214,-128L216,-120L28,-116Z" fill="#f4f7f9"/>`,
    `<path d="M32,-118L36,-56M206,-122L204,-100" stroke="#d6dde3" stroke-width="4"/>`,
    `<path d="M80,-56L100,-104L330,-108C362,-100 386,-80 398,-58Z" fill="${vgrad(s, '#ffffff', '#e4eaef')}"/>`,
    `<path d="M112,-66L124,-96L322,-99C344,-92 360,-80 370,-68Z" fill="${glass(s)}"/>`,
    `<rect x="258" y="-560" width="7" height="452" fill="#e3e8ec"/>`,
    `<path d="M262,-156L262,-548C212,-450 116,-270 74,-146Z" fill="${sg}"/>`,
    `<path d="${battens}" stroke="#cdd5db" stroke-width="1.5"/>`,
    `<path d="M264,-500L452,-64Q390,-76 322,-114Z" fill="${sg}"/>`,
    `<path d="M262,-556L456,-60" stroke="#8d99a3" stroke-width="1.2" opacity=".7"/>`,
    `<path d="M262,-150L66,-140" stroke="#cfd6dc" stroke-width="6" stroke-linecap="round"/>`,
  ].join('');
}

/** Classic sailing yacht: green hull, varnished wood, cream sails. Length 480 incl. bowsprit. */
function classicYacht(s) {
  const hullD = 'M0,-42C130,-48 300,-52 440,-70Q396,-12 340,0L70,0Q26,-8 0,-42Z';
  const clip = s.clip(`<path d="${hullD}"/>`);
  const sg = sailGrad(s, '#fbf5e6', '#e4d7b9');
  return [
    `<path d="M232,-494L6,-46" stroke="#8d8a80" stroke-width="1.5"/>`,
    `<rect x="226" y="-500" width="8" height="452" fill="#c8955c"/>`,
    `<path d="M232,-102L232,-490C180,-380 90,-210 34,-98Z" fill="${sg}"/>`,
    `<path d="M232,-180L112,-176M232,-270L148,-266M232,-360L184,-356" stroke="#ddd0b2" stroke-width="1.5"/>`,
    `<path d="M236,-452L472,-78Q392,-84 318,-100Z" fill="${sg}"/>`,
    `<path d="M232,-496L478,-76" stroke="#8d8a80" stroke-width="1.2"/>`,
    `<path d="M232,-96L24,-90" stroke="#b9844e" stroke-width="7" stroke-linecap="round"/>`,
    `<path d="M430,-70L480,-76" stroke="#b9844e" stroke-width="5" stroke-linecap="round"/>`,
    `<path d="M140,-47L146,-70L284,-72L292,-50Z" fill="#a8693b"/>`,
    `<path d="M146,-70L284,-72" stroke="#d9a56e" stroke-width="3"/>`,
    ...[172, 204, 236, 264].map(
      (x) => `<circle cx="${x}" cy="-59" r="5" fill="#1e3340" stroke="#e1c27a" stroke-width="2"/>`,
    ),
    `<path d="${hullD}" fill="${vgrad(s, '#24594c', '#133a31')}"/>`,
    `<g clip-path="${clip}"><rect x="-10" y="-7" width="470" height="10" fill="#f2ead6"/></g>`,
    `<path d="M12,-35C130,-42 300,-46 424,-63" stroke="#d9b25c" stroke-width="2.5" fill="none"/>`,
    `<path d="M0,-42C130,-48 300,-52 440,-70" stroke="${C.teak}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
  ].join('');
}

/** Large 20-person catamaran with bimini and guests, sails furled. Length 600. */
function bigCat(s) {
  const hullD = 'M0,-64L580,-70Q590,-36 580,0L14,0Q0,0 0,-14Z';
  const guests = [];
  const shirts = ['#f28c38', '#ffffff', '#2cb3b0', '#0f2f52', '#ef6a3e', '#f0d5a3', '#8fe0d6', '#e85d75'];
  const skins = ['#f1c9a5', '#d9a37c', '#a8714f', '#7a4b32', '#e8b896'];
  const hairs = ['#2b1d16', '#6b4a2e', '#c9a062', '#1a1614', '#8a5a3a'];
  let k = 0;
  for (let x = 70; x < 300; x += 27) {
    guests.push([x, -76, shirts[k % 8], skins[(k * 3) % 5], hairs[(k * 7) % 5], 0.92 + (k % 3) * 0.05]);
    k += 1;
  }
  return [
    `<path d="M340,-620L60,-160" stroke="#8d99a3" stroke-width="1.5"/>`,
    `<rect x="336" y="-624" width="8" height="510" fill="#e3e8ec"/>`,
    `<path d="M344,-620L376,-610L344,-598Z" fill="${C.orange}"/>`,
    `<path d="M340,-624L590,-72" stroke="#8d99a3" stroke-width="1.2" opacity=".7"/>`,
    `<g transform="translate(30,-14)"><path d="${hullD}" fill="#c8d2da"/></g>`,
    `<path d="M300,-70L314,-116L470,-118C502,-112 524,-94 534,-72Z" fill="${vgrad(s, '#ffffff', '#e4eaef')}"/>`,
    `<path d="M330,-80L338,-106L462,-108C484,-102 498,-92 506,-82Z" fill="${glass(s)}"/>`,
    people(guests),
    `<path d="M40,-70L40,-112M150,-72L150,-114M260,-72L260,-114" stroke="#e6ecf0" stroke-width="3"/>`,
    `<path d="M36,-112L300,-116" stroke="#e6ecf0" stroke-width="3"/>`,
    `<path d="M50,-70L52,-168M170,-72L172,-170M290,-72L292,-172" stroke="#d6dde3" stroke-width="4"/>`,
    `<path d="M30,-174L310,-180L314,-168L34,-162Z" fill="#ffffff"/>`,
    `<path d="M34,-162L314,-168" stroke="${C.turq}" stroke-width="4"/>`,
    `<path d="M340,-182L130,-176" stroke="${C.navy}" stroke-width="16" stroke-linecap="round"/>`,
    `<path d="${hullD}" fill="${vgrad(s, '#ffffff', '#d9e2ea')}"/>`,
    `<path d="M4,-38L584,-44" stroke="${C.turq}" stroke-width="8"/>`,
    `<path d="M4,-28L584,-33" stroke="${C.navy}" stroke-width="2"/>`,
    `<path d="M90,-50L260,-52Q266,-48 260,-45L92,-44Z" fill="#1d3447"/>`,
    `<path d="M330,-54L480,-57Q486,-53 480,-50L332,-49Z" fill="#1d3447"/>`,
  ].join('');
}

export const BOATS = { motorYacht, fishingBoat, rib, speedboat, sailCat, classicYacht, bigCat };
