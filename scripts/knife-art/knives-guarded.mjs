// The two knives with a guard and a pommel: the walnut bowie and the titanium dagger.
// Each design: slug, two backdrop palettes (views 1 and 2), the knife-local bounds, the close-up
// crop [x, y, width] of view 3, and build(seed) → { defs, silhouette, art }.

import { woodGrain } from './materials.mjs';
import { blade, handle, makersMark } from './parts.mjs';
import { pinDefs } from './studio.mjs';
import { linear } from './svg.mjs';

// 5. Nomad bowie — large clip blade, brass guard, walnut handle, brass pins
const nomadBowie = {
  slug: 'nomad-bowie',
  bg1: { hi: '#3d3934', mid: '#1d1a17', lo: '#090807', glow: '#5d554b' },
  bg2: { hi: '#2f3a33', mid: '#151b17', lo: '#060807', glow: '#48584d' },
  bounds: [-392, -100, 570, 110],
  crop: [330, 10, 600],
  scale: 0.96,
  build(seed) {
    const outline =
      'M-4 -52 L326 -52 C338 -52 344 -58 352 -60 C412 -36 490 -10 566 4 C524 52 452 76 362 78 L40 78 L-4 78 Z';
    const b = blade(
      {
        finish: 'satin',
        outline,
        swedge: 'M352 -60 C412 -36 490 -10 566 4 C494 2 414 -20 344 -44 Z',
        grind: 'M60 78 C66 50 74 22 96 16 L330 16 C420 16 500 10 562 4 C524 52 452 76 362 78 Z',
        grindLine: 'M60 78 C66 50 74 22 96 16 L330 16 C420 16 500 10 562 4',
        edge: 'M40 78 L362 78 C452 76 524 52 566 4',
        spine: 'M-4 -52 L326 -52',
        lines: [
          `<path d="M344 -44 C414 -20 494 2 566 4" fill="none" stroke="#fff" stroke-opacity="0.7" stroke-width="1.4"/>`,
          `<path d="M70 -22 L300 -22" stroke="#59616a" stroke-width="10" stroke-linecap="round" stroke-opacity="0.5"/>`,
          `<path d="M70 -17 L300 -17" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-opacity="0.6"/>`,
        ],
        marks: makersMark(130, -38),
      },
      seed,
    );
    const hd =
      'M-20 -44 C-110 -40 -220 -44 -320 -46 C-350 -46 -368 -38 -372 -20 L-372 44 C-368 60 -350 66 -320 64 C-240 60 -170 56 -110 62 C-80 66 -50 70 -20 68 Z';
    const h = handle({
      d: hd,
      front: 'M-2000 -300 L0 -300 L0 300 L-2000 300 Z',
      bbox: [-380, -60, 0, 80],
      tangRim: false,
      tang: [
        [0, '#5a3d12'],
        [0.35, '#f1d48a'],
        [0.6, '#b8892e'],
        [1, '#4a300a'],
      ],
      base: [
        [0, '#8a5630'],
        [0.5, '#5b3219'],
        [1, '#2e170a'],
      ],
      baseDir: [0, 0, 1, 0.3],
      texture: woodGrain(seed, [-380, -60, 0, 80], '#2a1206', '#b27a45'),
      pins: [
        [-110, 10, 9, 'mosaic'],
        [-230, 8, 9, 'mosaic'],
      ],
    });
    const guard =
      '<path d="M-24 -70 C-24 -80 -4 -80 -4 -70 L-4 96 C-4 110 -24 110 -24 96 Z" fill="url(#hTang)"/>' +
      '<path d="M-20 -72 L-20 98" stroke="#fff" stroke-opacity="0.55" stroke-width="2"/>' +
      '<path d="M-8 -72 L-8 98" stroke="#000" stroke-opacity="0.35" stroke-width="2"/>' +
      '<path d="M-24 -70 C-24 -80 -4 -80 -4 -70 L-4 96 C-4 110 -24 110 -24 96 Z" fill="none" stroke="#000" stroke-opacity="0.5" stroke-width="1.2"/>';
    const pommel =
      '<path d="M-366 -44 C-388 -42 -396 -26 -396 10 C-396 46 -388 62 -366 64 Z" fill="url(#hTang)" stroke="#000" stroke-opacity="0.5" stroke-width="1.2"/>' +
      '<path d="M-380 -36 C-388 -20 -388 40 -380 56" stroke="#fff" stroke-opacity="0.5" stroke-width="2" fill="none"/>';
    return {
      defs: b.defs + h.defs + pinDefs({ pinHi: '#fff3c8', pinMid: '#c79a3a', pinLo: '#5a3d12' }),
      silhouette: `<path d="${hd}"/><path d="${outline}"/><path d="M-24 -80 L-4 -80 L-4 110 L-24 110 Z"/><path d="M-366 -44 L-396 10 L-366 64 Z"/>`,
      art: h.art + b.art + guard + pommel,
    };
  },
};

// 6. Specter dagger — symmetrical mirror-polished blade, titanium handle
const specterDagger = {
  slug: 'specter-dagger',
  bg1: { hi: '#363a40', mid: '#191b1f', lo: '#070809', glow: '#50565f' },
  bg2: { hi: '#3a3443', mid: '#1a1620', lo: '#08070a', glow: '#574e63' },
  bounds: [-392, -70, 540, 70],
  crop: [320, 0, 500],
  build(seed) {
    const outline = 'M-4 -40 L60 -44 C200 -42 380 -26 536 0 C380 26 200 42 60 44 L-4 40 Z';
    const upper = 'M-4 -40 L60 -44 C200 -42 380 -26 536 0 L-4 0 Z';
    const lower = 'M-4 40 L60 44 C200 42 380 26 536 0 L-4 0 Z';
    const b = blade(
      {
        finish: 'mirror',
        outline,
        edge: 'M60 -44 C200 -42 380 -26 536 0 C380 26 200 42 60 44',
        edgeWidth: 10,
        extraFlats: [
          `<path d="${upper}" fill="url(#dagTop)"/>`,
          `<path d="${lower}" fill="url(#dagBot)"/>`,
          `<path d="${upper}" fill="url(#brush)" opacity="0.25"/>`,
        ],
        lines: [
          `<path d="M0 0 L534 0" stroke="#fff" stroke-width="1.6" stroke-opacity="0.9"/>`,
          `<path d="M0 1.5 L534 1.5" stroke="#000" stroke-width="1.4" stroke-opacity="0.5"/>`,
          `<path d="M60 -44 L60 44" stroke="#000" stroke-opacity="0.3" stroke-width="1.5"/>`,
          `<path d="M62 -44 L62 44" stroke="#fff" stroke-opacity="0.4" stroke-width="1"/>`,
        ],
        marks: makersMark(120, -18, '#2c3238'),
      },
      seed,
    );
    const dagDefs =
      linear('dagTop', [
        [0, '#ffffff'],
        [0.35, '#c6ccd3'],
        [0.7, '#7d8690'],
        [1, '#e8ecf0'],
      ]) +
      linear('dagBot', [
        [0, '#2d3339'],
        [0.4, '#6a737c'],
        [0.75, '#aeb6be'],
        [1, '#4c545c'],
      ]);
    const hd =
      'M-30 -27 C-100 -31 -180 -36 -250 -34 C-300 -32 -330 -29 -350 -23 L-350 23 C-330 29 -300 32 -250 34 C-180 36 -100 31 -30 27 Z';
    const grooves = Array.from({ length: 11 }, (_, i) => {
      const x = -300 + i * 22;
      return `<path d="M${x} -40 L${x} 40" stroke="#0e1014" stroke-opacity="0.55" stroke-width="7"/><path d="M${x + 4.5} -40 L${x + 4.5} 40" stroke="#e6ecf5" stroke-opacity="0.35" stroke-width="1.6"/>`;
    }).join('');
    const h = handle({
      d: hd,
      front: 'M-2000 -300 L0 -300 L0 300 L-2000 300 Z',
      bbox: [-360, -40, 0, 40],
      tangRim: false,
      tang: [
        [0, '#4b5058'],
        [0.3, '#e3e7ec'],
        [0.55, '#8c939c'],
        [1, '#2d3137'],
      ],
      base: [
        [0, '#9aa3b0'],
        [0.3, '#d4dae3'],
        [0.6, '#6d7684'],
        [1, '#3a414c'],
      ],
      texture: grooves,
    });
    const guard =
      '<path d="M-32 -40 C-30 -62 -14 -70 -4 -70 L-4 70 C-14 70 -30 62 -32 40 Z" fill="url(#hTang)"/>' +
      '<path d="M-32 -40 C-30 -62 -14 -70 -4 -70 L-4 70 C-14 70 -30 62 -32 40 Z" fill="url(#brush)" opacity="0.4"/>' +
      '<path d="M-4 -70 L-4 70" stroke="#fff" stroke-opacity="0.5" stroke-width="2"/>' +
      '<path d="M-32 -40 C-30 -62 -14 -70 -4 -70 L-4 70 C-14 70 -30 62 -32 40 Z" fill="none" stroke="#000" stroke-opacity="0.55" stroke-width="1.2"/>' +
      '<path d="M-30 -24 L-30 24" stroke="#000" stroke-opacity="0.4" stroke-width="3"/>';
    const pommel =
      '<path d="M-346 -28 L-364 -28 C-380 -28 -386 -20 -392 -12 C-398 -4 -406 -6 -406 0 C-406 6 -398 4 -392 12 C-386 20 -380 28 -364 28 L-346 28 Z" fill="url(#hTang)" stroke="#000" stroke-opacity="0.5" stroke-width="1.2"/>' +
      '<path d="M-352 -24 L-352 24" stroke="#fff" stroke-opacity="0.45" stroke-width="2"/>' +
      '<path d="M-360 -26 C-372 -26 -380 -18 -386 -10" stroke="#fff" stroke-opacity="0.6" stroke-width="2" fill="none"/>';
    return {
      defs: b.defs + dagDefs + h.defs,
      silhouette: `<path d="${hd}"/><path d="${outline}"/><path d="M-32 -70 L-4 -70 L-4 70 L-32 70 Z"/><path d="M-346 -28 L-392 -28 L-406 0 L-392 28 L-346 28 Z"/>`,
      art: h.art + b.art + guard + pommel,
    };
  },
};

export const guardedKnives = [nomadBowie, specterDagger];
