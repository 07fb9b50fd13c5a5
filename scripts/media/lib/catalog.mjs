// Which scene each boat photo shows. Output names: {slug}-{n}.
import { atSea, harbour, sunset } from './scenes.mjs';
import { deck } from './deck.mjs';

export const PHOTOS = {
  'sea-breeze': [
    () => atSea({ kind: 'motorYacht', loc: 'colon', sc: 2.0, wl: 950, wake: 0.5, seed: 11 }),
    () => deck({ variant: 'lounge', loc: 'colon', seed: 12 }),
    () => harbour({ kind: 'motorYacht', loc: 'colon', sc: 1.9, seed: 13 }),
  ],
  'blue-marlin': [
    () =>
      atSea({ kind: 'fishingBoat', loc: 'cristianos', sc: 1.9, wl: 1000, wake: 0.7, side: 'left', seed: 21 }),
    () => deck({ variant: 'fishing', loc: 'open', seed: 22 }),
    () => harbour({ kind: 'fishingBoat', loc: 'cristianos', light: 'golden', sc: 1.8, flip: true, seed: 23 }),
  ],
  'gigantes-explorer': [
    () =>
      atSea({
        kind: 'rib',
        loc: 'gigantes',
        sc: 2.0,
        wl: 1010,
        wake: 0.9,
        flip: true,
        x: 560,
        seed: 31,
        sunX: 1380,
      }),
    () => deck({ variant: 'rib', loc: 'gigantes', seed: 32 }),
    () =>
      sunset({
        kind: 'rib',
        loc: 'gigantes',
        sc: 1.7,
        wl: 1010,
        x: 720,
        flip: true,
        wake: 0.8,
        sunX: 1180,
        seed: 33,
      }),
  ],
  'san-miguel-sunset': [
    () =>
      sunset({
        kind: 'sailCat',
        loc: 'sanmiguel',
        side: 'right',
        sc: 1.5,
        wl: 1000,
        wake: 0.3,
        sunX: 1100,
        seed: 41,
      }),
    () => deck({ variant: 'trampoline', loc: 'open', light: 'sunset', seed: 42 }),
    () => harbour({ kind: 'sailCat', loc: 'sanmiguel', sc: 1.45, hz: 700, wl: 950, seed: 43, side: 'left' }),
  ],
  'anaga-star': [
    () =>
      atSea({
        kind: 'classicYacht',
        loc: 'santacruz',
        sc: 1.5,
        wl: 1010,
        wake: 0.4,
        rot: -3,
        x: 560,
        seed: 51,
      }),
    () => deck({ variant: 'classic', loc: 'santacruz', seed: 52 }),
    () =>
      sunset({
        kind: 'classicYacht',
        loc: 'santacruz',
        sc: 1.45,
        wl: 1010,
        rot: -2,
        x: 600,
        sunX: 1250,
        seed: 53,
      }),
  ],
  'teide-spirit': [
    () => atSea({ kind: 'bigCat', loc: 'colon', sc: 1.55, wl: 1010, wake: 0.4, seed: 61, hz: 640 }),
    () => deck({ variant: 'party', loc: 'colon', seed: 62 }),
    () => sunset({ kind: 'bigCat', loc: 'colon', sc: 1.45, wl: 1020, wake: 0.2, sunX: 1240, seed: 63 }),
  ],
  'gomera-runner': [
    () =>
      atSea({
        kind: 'speedboat',
        loc: 'cristianos',
        side: 'right',
        sc: 2.6,
        wl: 960,
        wake: 1,
        seed: 71,
        x: 470,
      }),
    () => deck({ variant: 'helm', loc: 'open', seed: 72 }),
    () => harbour({ kind: 'speedboat', loc: 'cristianos', sc: 2.5, seed: 73, side: 'right' }),
  ],
};
