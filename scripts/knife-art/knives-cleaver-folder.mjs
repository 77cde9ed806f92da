// The micarta cleaver and the carbon-fibre folder caught mid-opening.
// Each design: slug, two backdrop palettes (views 1 and 2), the knife-local bounds, the close-up
// crop [x, y, width] of view 3, and build(seed) → { defs, silhouette, art }.

import { canvasPattern, carbonPattern, layerLines } from './materials.mjs';
import { blade, handle, jimping, makersMark, tube } from './parts.mjs';
import { pin, pinDefs } from './studio.mjs';
import { linear } from './svg.mjs';

// 7. Atlas cleaver — tall stonewashed blade, olive canvas micarta, steel pins
const atlasCleaver = {
  slug: 'atlas-cleaver',
  bg1: { hi: '#393b3c', mid: '#1b1c1d', lo: '#080808', glow: '#55585a' },
  bg2: { hi: '#3c3a31', mid: '#1c1a15', lo: '#090806', glow: '#5a5646' },
  bounds: [-380, -60, 480, 210],
  crop: [210, 80, 600],
  scale: 0.98,
  build(seed) {
    const outline =
      'M-6 -44 L430 -52 C448 -52 458 -44 460 -30 L474 188 C380 200 220 204 84 198 C48 196 26 184 18 164 C10 140 6 90 -6 56 Z';
    const b = blade(
      {
        finish: 'stonewash',
        outline,
        grind: 'M14 150 C120 140 300 136 470 134 L474 188 C380 200 220 204 84 198 C48 196 26 184 18 164 Z',
        grindLine: 'M14 150 C120 140 300 136 470 134',
        edge: 'M18 164 C26 184 48 196 84 198 C220 204 380 200 474 188',
        spine: 'M-6 -44 L430 -52',
        edgeWidth: 10,
        grindDir: [0, 0, 0, 1],
        marks: `${makersMark(110, 40)}<circle cx="412" cy="-10" r="17" fill="#111315"/><circle cx="412" cy="-10" r="17" fill="none" stroke="#fff" stroke-opacity="0.55" stroke-width="2" transform="translate(1.5 2)"/><circle cx="412" cy="-10" r="17" fill="none" stroke="#000" stroke-opacity="0.6" stroke-width="2"/>`,
      },
      seed,
    );
    const hd =
      'M0 -44 C-100 -40 -220 -36 -320 -38 C-352 -38 -368 -26 -370 -4 C-372 22 -356 42 -326 44 C-240 48 -120 48 -30 52 L0 56 Z';
    const h = handle({
      d: hd,
      front: 'M-2000 -300 L-30 -300 L-30 300 L-2000 300 Z',
      bbox: [-380, -50, 10, 60],
      tang: [
        [0, '#5b6065'],
        [0.4, '#b6babd'],
        [1, '#3c4044'],
      ],
      base: [
        [0, '#6a6b4a'],
        [0.5, '#4a4b30'],
        [1, '#2a2b1a'],
      ],
      fill: 'url(#canvas)',
      texture: `<rect x="-380" y="-50" width="390" height="110" fill="url(#hBase)" opacity="0.65"/>${layerLines(seed, [-380, -50, 10, 60], ['#b9b98a', '#1e1f12'], 16, 5)}`,
      pins: [
        [-80, 4, 10, 'pin'],
        [-190, 4, 10, 'pin'],
        [-300, 2, 10, 'pin'],
      ],
    });
    return {
      defs:
        b.defs +
        h.defs +
        canvasPattern('canvas', '#55573a', '#c9c79a') +
        pinDefs({ pinHi: '#f4f6f7', pinMid: '#9ba1a6', pinLo: '#3a3f44' }),
      silhouette: `<path d="${hd}"/><path d="${outline}"/>`,
      art: h.art + tube(-344, 4, 10) + b.art,
    };
  },
};

// 8. Tempest folder — carbon fibre scales, flipper blade caught mid-opening
const tempestFolder = {
  slug: 'tempest-folder',
  bg1: { hi: '#33373e', mid: '#17191d', lo: '#070708', glow: '#4b525c' },
  bg2: { hi: '#2b3546', mid: '#121822', lo: '#05070a', glow: '#41506a' },
  bounds: [-400, -200, 400, 56],
  crop: [170, -90, 600],
  build(seed) {
    // Blade drawn in pivot coordinates (edge down), then mirrored so the edge faces up and
    // rotated part-way open: the classic "flipper mid-deployment" hero shot.
    const outline =
      'M0 -38 C40 -42 80 -40 110 -40 L210 -40 C300 -40 360 -28 404 -2 C376 32 328 46 270 46 L60 46 C52 46 46 44 40 40 C30 62 4 76 -14 74 C-28 60 -40 40 -38 14 C-40 -12 -26 -34 0 -38 Z';
    const b = blade(
      {
        finish: 'satin',
        stonewashFlats: true,
        outline,
        grind: 'M70 46 C76 24 84 6 104 2 L270 2 C330 2 376 0 402 -1 C376 32 328 46 270 46 Z',
        grindLine: 'M70 46 C76 24 84 6 104 2 L270 2 C330 2 376 0 402 -1',
        edge: 'M62 46 L270 46 C328 46 376 32 404 -2',
        spine: 'M0 -38 C40 -42 80 -40 110 -40 L210 -40 C300 -40 360 -28 404 -2',
        lines: [jimping(40, 96, -40, 8)],
        marks: `${makersMark(130, -24, '#3a4047', true)}<circle cx="0" cy="0" r="14" fill="#2a2d31"/>`,
      },
      seed,
    );
    const carbon = carbonPattern('cf', '#0e0f11', '#4a4f57');
    const hd =
      'M30 10 C30 34 12 46 -8 46 L-310 42 C-350 41 -378 30 -382 4 C-386 -24 -366 -44 -334 -44 L-120 -46 C-90 -46 -66 -54 -40 -50 C-4 -44 30 -26 30 10 Z';
    const h = handle({
      d: hd,
      front: 'M-2000 -300 L200 -300 L200 300 L-2000 300 Z',
      bbox: [-390, -50, 40, 60],
      rim: 8,
      tang: [
        [0, '#1c2a44'],
        [0.4, '#5f86c4'],
        [1, '#14203a'],
      ],
      base: [
        [0, '#000', 0],
        [1, '#000', 0],
      ],
      fill: 'url(#cf)',
      texture: '',
      pins: [
        [0, 0, 16, 'torx'],
        [-330, 0, 8, 'torx'],
        [-180, -28, 7, 'torx'],
      ],
    });
    const clip =
      '<path d="M-360 30 L-150 34 C-136 34 -130 28 -132 20 L-140 14 L-350 12 C-362 12 -370 18 -370 22 C-370 27 -366 30 -360 30 Z" fill="url(#clipMetal)" stroke="#000" stroke-opacity="0.55" stroke-width="1.2"/>' +
      '<path d="M-352 15 L-142 17" stroke="#fff" stroke-opacity="0.7" stroke-width="1.6"/>' +
      pin(-340, 21, 5, 'torx') +
      pin(-300, 21, 5, 'torx');
    const clipDef = linear('clipMetal', [
      [0, '#e0e6ee'],
      [0.4, '#8793a3'],
      [1, '#2b3340'],
    ]);
    const bladeTransform = 'rotate(-22) scale(1 -1)';
    const bladeGroup = `<g transform="${bladeTransform}">${b.art}</g>`;
    return {
      defs: b.defs + h.defs + carbon + clipDef + pinDefs({ pinHi: '#c8d8f4', pinMid: '#4d6fa6', pinLo: '#14203a' }),
      silhouette: `<path d="${hd}"/><path d="${outline}" transform="${bladeTransform}"/>`,
      art: bladeGroup + h.art + clip,
    };
  },
};

export const cleaverAndFolder = [atlasCleaver, tempestFolder];
