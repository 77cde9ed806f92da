// The balisong, open: a spear-point blade on a tang with two pivots (one per handle), the two
// skeletonised channel handles closed together behind it, and the latch at the butt.
// Same design shape as the other files: slug, two backdrop palettes (views 1 and 2), the
// knife-local bounds, the close-up crop [x, y, width] of view 3, and build(seed) → { defs, silhouette, art }.

import { layerLines } from './materials.mjs';
import { blade, handle, makersMark } from './parts.mjs';
import { pin, pinDefs } from './studio.mjs';
import { linear } from './svg.mjs';

// 9. Vortex balisong — satin spear point, bead-blasted titanium channel handles with windows
const vortexBalisong = {
  slug: 'vortex-balisong',
  bg1: { hi: '#363a40', mid: '#191b1f', lo: '#070809', glow: '#4d545e' },
  bg2: { hi: '#3e3a34', mid: '#1d1a17', lo: '#090807', glow: '#5a5249' },
  bounds: [-420, -56, 470, 60],
  crop: [270, 4, 520],
  build(seed) {
    const outline =
      'M-10 -34 L250 -34 C340 -34 420 -22 468 0 C420 24 340 36 250 36 L60 36 Q52 26 42 26 Q32 26 28 36 L-10 36 Z';
    const b = blade(
      {
        finish: 'satin',
        outline,
        grind: 'M64 36 C70 16 80 4 100 2 L300 2 C380 2 440 1 466 0 C420 24 340 36 250 36 Z',
        grindLine: 'M64 36 C70 16 80 4 100 2 L300 2 C380 2 440 1 466 0',
        swedge: 'M250 -34 C340 -34 420 -22 468 0 L300 -10 C280 -18 262 -28 250 -34 Z',
        edge: 'M60 36 L250 36 C340 36 420 24 468 0',
        spine: 'M-10 -34 L250 -34 C340 -34 420 -22 468 0',
        marks: makersMark(150, -14),
      },
      seed,
    );
    // The handles' outline: flared at the pivots and at the butt, where the latch sits.
    const hd =
      'M8 -44 C-20 -46 -40 -38 -70 -36 L-340 -36 C-370 -36 -392 -46 -408 -42 C-418 -30 -418 30 -408 42 C-392 46 -370 36 -340 36 L-70 36 C-40 38 -20 46 8 44 C18 24 18 -24 8 -44 Z';
    // Skeleton windows: the backdrop shows through the channel construction.
    const windows = [-300, -210, -120]
      .map(
        (x) =>
          `<rect x="${x - 36}" y="-14" width="72" height="28" rx="14" fill="#060708"/><rect x="${x - 36}" y="-14" width="72" height="28" rx="14" fill="none" stroke="#fff" stroke-opacity="0.28" stroke-width="1.4" transform="translate(0 1.5)"/>`,
      )
      .join('');
    const h = handle({
      d: hd,
      front: 'M-2000 -300 L40 -300 L40 300 L-2000 300 Z',
      bbox: [-420, -50, 20, 50],
      rim: 6,
      tang: [
        [0, '#3c4046'],
        [0.45, '#aab0b8'],
        [1, '#2c3035'],
      ],
      base: [
        [0, '#9aa0a8'],
        [0.5, '#6c727a'],
        [1, '#3e4349'],
      ],
      texture: layerLines(seed, [-420, -50, 20, 50], ['#c9ced4', '#2a2e33'], 10, 3) + windows,
      pins: [
        [-14, -22, 8, 'torx'],
        [-14, 22, 8, 'torx'],
        [-380, 24, 6, 'torx'],
      ],
    });
    // The latch, swung shut over the butt of the other handle.
    const latch =
      '<path d="M-384 26 L-436 12 C-444 10 -446 0 -438 -2 L-420 -4 L-380 18 Z" fill="url(#latchMetal)" stroke="#000" stroke-opacity="0.55" stroke-width="1.2"/>' +
      pin(-384, 24, 5, 'torx');
    const latchDef = linear('latchMetal', [
      [0, '#e4e8ee'],
      [0.45, '#8d949e'],
      [1, '#30353c'],
    ]);
    return {
      defs: b.defs + h.defs + latchDef + pinDefs({ pinHi: '#eef1f4', pinMid: '#8a929c', pinLo: '#262a2f' }),
      silhouette: `<path d="${hd}"/><path d="${outline}"/>`,
      art: h.art + latch + b.art,
    };
  },
};

export const balisongKnives = [vortexBalisong];
