// The four knives with G10 scales over a steel tang: drop point, tanto, clip point, karambit.
// Each design: slug, two backdrop palettes (views 1 and 2), the knife-local bounds, the close-up
// crop [x, y, width] of view 3, and build(seed) → { defs, silhouette, art }.

import { g10Pattern, layerLines } from './materials.mjs';
import { blade, handle, jimping, makersMark, tube } from './parts.mjs';
import { pinDefs } from './studio.mjs';

// 1. Obsidian drop point — satin steel, black G10, black hardware
const obsidianDropPoint = {
  slug: 'obsidian-drop-point',
  bg1: { hi: '#3a3d42', mid: '#1b1d21', lo: '#08090a', glow: '#4a4f57' },
  bg2: { hi: '#4a4540', mid: '#221f1c', lo: '#0a0908', glow: '#5d5750' },
  bounds: [-412, -60, 500, 80],
  crop: [296, 12, 500],
  build(seed) {
    const b = blade(
      {
        finish: 'satin',
        outline:
          'M-8 -41 L236 -41 C350 -41 440 -30 496 -2 C466 40 410 63 320 64 L54 64 Q52 51 41 51 Q30 51 30 58 L-8 58 Z',
        grind: 'M58 64 C64 38 70 14 92 10 L300 10 C388 10 450 6 494 -1 C466 40 410 63 320 64 Z',
        grindLine: 'M58 64 C64 38 70 14 92 10 L300 10 C388 10 450 6 494 -1',
        edge: 'M54 64 L320 64 C410 63 466 40 496 -2',
        spine: 'M-8 -41 L236 -41 C350 -41 440 -30 496 -2',
        lines: [jimping(12, 70, -41, 9)],
        marks: makersMark(150, -18),
      },
      seed,
    );
    const hd =
      'M0 -41 L-40 -41 C-130 -43 -240 -49 -330 -47 C-372 -46 -400 -36 -406 -12 C-410 10 -400 34 -382 46 C-356 60 -300 58 -240 54 C-190 51 -150 50 -120 56 C-92 63 -66 78 -40 76 C-18 74 -6 62 0 58 Z';
    const h = handle({
      d: hd,
      front: 'M-2000 -300 L-22 -300 L-36 300 L-2000 300 Z',
      bbox: [-420, -60, 10, 90],
      tang: [
        [0, '#2a2d31'],
        [0.4, '#6f757c'],
        [1, '#1c1e21'],
      ],
      base: [
        [0, '#2a2b2e'],
        [0.5, '#161719'],
        [1, '#0c0c0d'],
      ],
      texture: `<rect x="-420" y="-60" width="430" height="150" fill="url(#g10)"/>${layerLines(seed, [-420, -60, 10, 90], ['#6b7077', '#000'], 30, 4)}`,
      pins: [
        [-90, 4, 10, 'torx'],
        [-220, 2, 10, 'torx'],
        [-330, 0, 10, 'torx'],
      ],
    });
    const lanyard = tube(-378, 14, 11);
    return {
      defs:
        b.defs +
        h.defs +
        g10Pattern('g10', '#8a9099', '#000') +
        pinDefs({ pinHi: '#d0d4d8', pinMid: '#5b6168', pinLo: '#1b1d20' }),
      silhouette: `<path d="${hd}"/><path d="M-8 -41 L236 -41 C350 -41 440 -30 496 -2 C466 40 410 63 320 64 L-8 64 Z"/>`,
      art: h.art + lanyard + b.art,
    };
  },
};

// 2. Raven tanto — DLC black-grey blade, charcoal G10
const ravenTanto = {
  slug: 'raven-tanto',
  bg1: { hi: '#3b3f45', mid: '#1c1f23', lo: '#080909', glow: '#545a62' },
  bg2: { hi: '#33404a', mid: '#161d23', lo: '#06090b', glow: '#4a5b68' },
  bounds: [-410, -62, 520, 80],
  crop: [316, 8, 500],
  build(seed) {
    const outline = 'M-8 -43 L410 -43 C450 -43 486 -39 518 -30 L412 62 L54 62 Q52 49 41 49 Q30 49 30 57 L-8 57 Z';
    const b = blade(
      {
        finish: 'dlc',
        outline,
        grind: 'M58 62 C63 36 70 12 88 8 L392 8 L508 -26 L518 -30 L412 62 Z',
        grindLine: 'M58 62 C63 36 70 12 88 8 L392 8 L508 -26',
        edge: 'M54 62 L412 62 L518 -30',
        spine: 'M-8 -43 L410 -43 C450 -43 486 -39 518 -30',
        edgeWidth: 12,
        lines: [
          `<path d="M392 8 L412 62" stroke="#eef1f4" stroke-width="2.2" stroke-opacity="0.85" fill="none"/>`,
          `<path d="M392 8 L412 62" stroke="#000" stroke-width="2" stroke-opacity="0.6" fill="none" transform="translate(-2.5 0)"/>`,
          jimping(14, 80, -43, 11),
        ],
        marks: makersMark(170, -18, '#9aa0a7'),
      },
      seed,
    );
    const hd =
      'M0 -43 L-60 -43 L-300 -45 L-370 -44 L-404 -24 L-406 22 L-380 50 L-250 52 L-150 50 C-118 50 -98 60 -80 70 C-60 80 -36 78 -20 70 L0 57 Z';
    const h = handle({
      d: hd,
      front: 'M-2000 -300 L-26 -300 L-26 300 L-2000 300 Z',
      bbox: [-420, -60, 10, 90],
      tang: [
        [0, '#1c1e21'],
        [0.5, '#4a4f55'],
        [1, '#141517'],
      ],
      base: [
        [0, '#4a4d52'],
        [0.5, '#2c2e32'],
        [1, '#1b1c1f'],
      ],
      texture:
        `<rect x="-420" y="-60" width="430" height="150" fill="url(#g10)"/>${layerLines(seed, [-420, -60, 10, 90], ['#8d929a', '#121315'], 30, 3)}` +
        Array.from({ length: 9 }, (_, i) => {
          const x = -330 + i * 26;
          return `<path d="M${x} -30 l18 70" stroke="#000" stroke-opacity="0.3" stroke-width="6"/><path d="M${x + 3} -30 l18 70" stroke="#fff" stroke-opacity="0.08" stroke-width="2"/>`;
        }).join(''),
      pins: [
        [-100, 6, 11, 'hex'],
        [-260, 4, 11, 'hex'],
      ],
    });
    return {
      defs:
        b.defs +
        h.defs +
        g10Pattern('g10', '#a0a6ad', '#000') +
        pinDefs({ pinHi: '#9ca2a9', pinMid: '#3a3e43', pinLo: '#0f1011' }),
      silhouette: `<path d="${hd}"/><path d="${outline}"/>`,
      art: h.art + tube(-372, 2, 12) + b.art,
    };
  },
};

// 3. Glacier clip point — bright satin blade, icy blue G10, steel bolster
const glacierClipPoint = {
  slug: 'glacier-clip-point',
  bg1: { hi: '#34404c', mid: '#171e25', lo: '#07090b', glow: '#4c6378' },
  bg2: { hi: '#3f4446', mid: '#1d2022', lo: '#090a0a', glow: '#5c6366' },
  bounds: [-410, -60, 510, 80],
  crop: [304, 10, 500],
  build(seed) {
    const outline =
      'M-8 -40 L262 -40 C296 -40 318 -34 344 -27 C404 -12 462 -4 508 -3 C472 36 412 61 330 63 L54 63 Q52 50 41 50 Q30 50 30 58 L-8 58 Z';
    const b = blade(
      {
        finish: 'satin',
        outline,
        swedge:
          'M262 -40 C296 -40 318 -34 344 -27 C404 -12 462 -4 508 -3 C456 4 396 -2 340 -16 C310 -24 288 -32 262 -34 Z',
        grind: 'M60 63 C68 40 76 14 96 10 L292 10 C380 10 450 4 505 -2 C472 36 412 61 330 63 Z',
        grindLine: 'M60 63 C68 40 76 14 96 10 L292 10 C380 10 450 4 505 -2',
        edge: 'M54 63 L330 63 C412 61 472 36 508 -3',
        spine: 'M-8 -40 L262 -40',
        lines: [
          `<path d="M262 -34 C288 -32 310 -24 340 -16 C396 -2 456 4 508 -3" fill="none" stroke="#fff" stroke-opacity="0.7" stroke-width="1.3"/>`,
          `<path d="M110 -6 L268 -6" stroke="#6b737b" stroke-width="7" stroke-linecap="round" stroke-opacity="0.55"/>`,
          `<path d="M110 -2.5 L268 -2.5" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-opacity="0.6"/>`,
        ],
        marks: makersMark(150, -24),
      },
      seed,
    );
    const hd =
      'M0 -40 L-50 -40 C-140 -40 -250 -46 -340 -44 C-378 -43 -402 -30 -406 -6 C-408 18 -396 40 -372 50 C-340 60 -280 55 -230 52 C-180 49 -150 52 -124 60 C-100 68 -72 76 -48 72 C-24 68 -8 62 0 58 Z';
    const h = handle({
      d: hd,
      front: 'M-2000 -300 L-62 -300 L-44 300 L-2000 300 Z',
      bbox: [-420, -60, 10, 90],
      tang: [
        [0, '#7c858e'],
        [0.3, '#e6eaee'],
        [0.6, '#9aa3ab'],
        [1, '#4e565e'],
      ],
      base: [
        [0, '#a9dcf5'],
        [0.45, '#4d9bc7'],
        [1, '#1d4d6e'],
      ],
      texture: `${layerLines(seed, [-420, -60, 10, 90], ['#e9f8ff', '#1a4a6a', '#8fd0f0'], 24, 9)}<rect x="-420" y="-60" width="430" height="150" fill="url(#g10)" opacity="0.6"/>`,
      pins: [
        [-140, 4, 9, 'pin'],
        [-290, 2, 9, 'pin'],
      ],
    });
    // polished bolster over the front of the handle
    const bolster = `<path d="M0 -40 L-62 -40 L-44 72 C-30 70 -10 62 0 58 Z" fill="url(#hTang)"/><path d="M-62 -40 L-44 72" stroke="#fff" stroke-opacity="0.6" stroke-width="1.5" fill="none"/><path d="M-8 -38 L-8 57" stroke="#000" stroke-opacity="0.35" stroke-width="1.5"/>`;
    return {
      defs:
        b.defs +
        h.defs +
        g10Pattern('g10', '#ffffff', '#0d3550') +
        pinDefs({ pinHi: '#ffffff', pinMid: '#a8b0b8', pinLo: '#4a525a' }),
      silhouette: `<path d="${hd}"/><path d="${outline}"/>`,
      art: h.art + bolster + tube(-378, 10, 11) + b.art,
    };
  },
};

// 4. Ember karambit — curved talon blade, burnt-orange G10, copper liners and ring
const emberKarambit = {
  slug: 'ember-karambit',
  bg1: { hi: '#3d3733', mid: '#1d1916', lo: '#090807', glow: '#5e4d40' },
  bg2: { hi: '#2e3a3d', mid: '#141b1d', lo: '#060808', glow: '#45585c' },
  bounds: [-372, -110, 372, 150],
  crop: [150, 40, 520],
  build(seed) {
    const outline =
      'M-8 -36 C80 -56 196 -50 270 -4 C320 28 352 80 360 140 C330 98 284 62 226 46 C160 28 84 28 32 40 L-8 48 Z';
    const b = blade(
      {
        finish: 'copper',
        outline,
        grind: 'M40 40 C72 16 140 6 206 16 C270 26 326 72 356 132 C330 98 284 62 226 46 C160 28 84 28 32 40 Z',
        grindLine: 'M40 40 C72 16 140 6 206 16 C270 26 326 72 356 132',
        edge: 'M32 40 C84 28 160 28 226 46 C284 62 330 98 360 140',
        spine: 'M-8 -36 C80 -56 196 -50 270 -4 C320 28 352 80 360 140',
        flatDir: [0, 0, 0.4, 1],
        lines: [jimping(40, 120, -48, 10, -8)],
        marks: makersMark(110, -14),
      },
      seed,
    );
    // handle body curving down toward the ring; ring uses opposite winding for the hole
    // outer outline runs round the finger ring (centre -318,24; r 60), hole is a reversed sub-path
    const hd =
      'M0 -36 C-70 -30 -150 -26 -220 -24 C-250 -23 -270 -26 -288 -28 A60 60 0 1 0 -272 62.6 C-236 54 -190 50 -150 52 C-120 54 -104 66 -84 74 C-58 84 -30 72 -16 62 L0 48 Z M-352 24 a34 34 0 1 1 68 0 a34 34 0 1 1 -68 0 Z';
    const h = handle({
      d: hd,
      front: 'M-2000 -300 L-20 -300 L-30 300 L-2000 300 Z',
      bbox: [-390, -50, 10, 96],
      tang: [
        [0, '#6b3a1c'],
        [0.35, '#f0a472'],
        [0.6, '#b8693a'],
        [1, '#4a2410'],
      ],
      base: [
        [0, '#ff8a2a'],
        [0.5, '#e2560c'],
        [1, '#8a2a02'],
      ],
      texture: `<rect x="-390" y="-50" width="400" height="146" fill="url(#g10)"/>${layerLines(seed, [-390, -50, 10, 96], ['#ffc080', '#3a1000'], 26, 3)}`,
      rim: 11,
      pins: [
        [-70, 12, 9, 'torx'],
        [-200, 10, 9, 'torx'],
      ],
    });
    return {
      defs:
        b.defs +
        h.defs +
        g10Pattern('g10', '#ffd0a0', '#5a1800') +
        pinDefs({ pinHi: '#ffe2c8', pinMid: '#c4733f', pinLo: '#4a2410' }),
      silhouette: `<path d="${hd}"/><path d="${outline}"/>`,
      art: h.art + b.art,
    };
  },
};

export const g10Knives = [obsidianDropPoint, ravenTanto, glacierClipPoint, emberKarambit];
