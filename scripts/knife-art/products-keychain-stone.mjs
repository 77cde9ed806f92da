// Test products: the field keychain knife on its split ring, and the dual-grit whetstone.

import { g10Pattern, layerLines } from './materials.mjs';
import { blade, handle, jimping, tube } from './parts.mjs';
import { productScene } from './scenes.mjs';
import { pinDefs } from './studio.mjs';
import { f, hashSeed, linear, rng } from './svg.mjs';

export function keychainKnife() {
  const seed = hashSeed('test-field-keychain');
  const b = blade(
    {
      finish: 'satin',
      outline: 'M-6 -30 L150 -30 C200 -30 236 -16 262 6 C236 30 196 44 150 45 L-6 45 Z',
      grind: 'M30 45 C34 28 40 8 54 5 L160 5 C206 5 240 3 260 6 C236 30 196 44 150 45 Z',
      grindLine: 'M30 45 C34 28 40 8 54 5 L160 5 C206 5 240 3 260 6',
      edge: 'M26 45 L150 45 C196 44 236 30 262 6',
      spine: 'M-6 -30 L150 -30 C200 -30 236 -16 262 6',
      edgeWidth: 7,
      lines: [jimping(8, 44, -30, 6)],
    },
    seed,
  );
  const hd = 'M0 -30 L-150 -30 C-178 -30 -196 -18 -198 6 C-200 30 -182 46 -156 46 L-40 46 C-24 52 -10 54 0 45 Z';
  const h = handle({
    d: hd,
    front: 'M-2000 -300 L-14 -300 L-14 300 L-2000 300 Z',
    bbox: [-210, -40, 10, 60],
    tang: [
      [0, '#4e555c'],
      [0.4, '#c2c8cd'],
      [1, '#32383e'],
    ],
    base: [
      [0, '#ff9a3c'],
      [0.5, '#e0620f'],
      [1, '#7a2f03'],
    ],
    texture: `<rect x="-210" y="-40" width="220" height="100" fill="url(#g10)"/>${layerLines(seed, [-210, -40, 10, 60], ['#ffc27a', '#4a1a00'], 22, 3)}`,
    rim: 7,
    pins: [
      [-60, 8, 7, 'torx'],
      [-130, 8, 7, 'torx'],
    ],
  });
  // split ring through the lanyard hole (at -176, 8) + a short paracord loop
  const ringDefs = linear(
    'ringMetal',
    [
      [0, '#ffffff'],
      [0.3, '#9aa3ab'],
      [0.6, '#e6eaee'],
      [1, '#4e565e'],
    ],
    [0, 0, 1, 1],
  );
  const ring =
    '<circle cx="-232" cy="40" r="64" fill="none" stroke="#000" stroke-opacity="0.35" stroke-width="12"/>' +
    '<circle cx="-232" cy="40" r="64" fill="none" stroke="url(#ringMetal)" stroke-width="7"/>' +
    '<circle cx="-232" cy="40" r="58" fill="none" stroke="url(#ringMetal)" stroke-width="5" stroke-dasharray="330 34"/>' +
    '<circle cx="-232" cy="40" r="64" fill="none" stroke="#fff" stroke-opacity="0.55" stroke-width="1.4" stroke-dasharray="60 50 120 200"/>';
  const holeClip = '<clipPath id="holeClip"><circle cx="-176" cy="8" r="8"/></clipPath>';
  const place = 'translate(630 410) rotate(-8) scale(1.6)';
  const knife = `<g transform="${place}">${ring}${h.art}${tube(-176, 8, 8)}<g clip-path="url(#holeClip)">${ring}</g>${b.art}</g>`;
  const sil = `<g transform="${place}"><path d="${hd}"/><path d="M-6 -30 L150 -30 C200 -30 236 -16 262 6 C236 30 196 44 150 45 L-6 45 Z"/><circle cx="-232" cy="40" r="64" fill="none" stroke="#000" stroke-width="10"/></g>`;
  return productScene(
    { hi: '#3a3f45', mid: '#1b1e21', lo: '#08090a', glow: '#535a62' },
    b.defs +
      h.defs +
      ringDefs +
      holeClip +
      g10Pattern('g10', '#ffe0b0', '#5a2000') +
      pinDefs({ pinHi: '#eef1f3', pinMid: '#8c949b', pinLo: '#2c3136' }),
    sil,
    knife,
    'Field keychain knife with split ring',
  );
}

export function sharpeningStone() {
  const r = rng(hashSeed('test-sharpening-stone'));
  let speck = '';
  for (let i = 0; i < 90; i++) {
    speck += `<circle cx="${f(r() * 60)}" cy="${f(r() * 60)}" r="${f(0.4 + r() * 1.1)}" fill="${r() > 0.5 ? '#fff' : '#000'}" opacity="${(0.08 + r() * 0.2).toFixed(2)}"/>`;
  }
  const defs = [
    `<pattern id="speck" width="60" height="60" patternUnits="userSpaceOnUse">${speck}</pattern>`,
    linear(
      'topFine',
      [
        [0, '#eadfca'],
        [1, '#c9b998'],
      ],
      [0, 0, 1, 1],
    ),
    linear('frontFine', [
      [0, '#cdbd9c'],
      [1, '#a89777'],
    ]),
    linear('sideFine', [
      [0, '#a69574'],
      [1, '#867656'],
    ]),
    linear('frontCoarse', [
      [0, '#3f5f7a'],
      [1, '#243a4c'],
    ]),
    linear('sideCoarse', [
      [0, '#2a4256'],
      [1, '#18283a'],
    ]),
    linear(
      'bambooTop',
      [
        [0, '#d9b77a'],
        [1, '#b08a4c'],
      ],
      [0, 0, 1, 0],
    ),
    linear('bambooFront', [
      [0, '#a67c3e'],
      [1, '#6e4d22'],
    ]),
    linear('rubber', [
      [0, '#3a3c3f'],
      [1, '#151618'],
    ]),
    linear(
      'wetSheen',
      [
        [0, '#fff', 0],
        [0.5, '#fff', 0.35],
        [1, '#fff', 0],
      ],
      [0, 0, 1, 0.2],
    ),
  ].join('');
  // simple two-point-ish projection: top face parallelogram
  const base =
    '<path d="M250 560 L820 610 L980 500 L420 460 Z" fill="url(#bambooTop)"/>' +
    '<path d="M250 560 L820 610 L820 650 L250 600 Z" fill="url(#bambooFront)"/>' +
    '<path d="M820 610 L980 500 L980 538 L820 650 Z" fill="#5c3f1a"/>' +
    Array.from({ length: 6 }, (_, i) => {
      const t = (i + 1) / 7;
      const x1 = 250 + (420 - 250) * t;
      const y1 = 560 + (460 - 560) * t;
      const x2 = 820 + (980 - 820) * t;
      const y2 = 610 + (500 - 610) * t;
      return `<path d="M${f(x1)} ${f(y1)} L${f(x2)} ${f(y2)}" stroke="#7a5526" stroke-opacity="0.45" stroke-width="2"/>`;
    }).join('') +
    '<path d="M270 600 L800 646 L800 660 L270 614 Z" fill="url(#rubber)"/>';
  const stone =
    // coarse (blue) layer
    '<path d="M330 470 L760 510 L760 560 L330 520 Z" fill="url(#frontCoarse)"/>' +
    '<path d="M760 510 L880 432 L880 482 L760 560 Z" fill="url(#sideCoarse)"/>' +
    // fine (tan) layer
    '<path d="M330 420 L760 460 L760 510 L330 470 Z" fill="url(#frontFine)"/>' +
    '<path d="M760 460 L880 382 L880 432 L760 510 Z" fill="url(#sideFine)"/>' +
    '<path d="M330 420 L760 460 L880 382 L452 346 Z" fill="url(#topFine)"/>' +
    '<path d="M330 420 L760 460 L880 382 L452 346 Z" fill="url(#speck)"/>' +
    '<path d="M330 470 L760 510 L760 560 L330 520 Z M760 510 L880 432 L880 482 L760 560 Z M330 420 L760 460 L760 510 L330 470 Z" fill="url(#speck)" opacity="0.8"/>' +
    '<path d="M400 395 C500 380 640 390 780 420 C700 432 560 430 420 410 Z" fill="url(#wetSheen)"/>' +
    '<path d="M330 420 L760 460 L880 382" fill="none" stroke="#fff" stroke-opacity="0.55" stroke-width="1.8"/>' +
    '<path d="M760 460 L760 560" stroke="#fff" stroke-opacity="0.35" stroke-width="1.5"/>' +
    '<path d="M330 470 L760 510 L880 432" fill="none" stroke="#000" stroke-opacity="0.35" stroke-width="1.5"/>' +
    '<path d="M330 420 L760 460 L880 382 L880 482 L760 560 L330 520 Z" fill="none" stroke="#000" stroke-opacity="0.4" stroke-width="1.2"/>';
  const zoom = 'translate(600 470) scale(1.18) translate(-615 -500)';
  const sil = `<g transform="${zoom}"><path d="M250 560 L820 610 L980 500 L980 538 L820 660 L250 612 Z"/></g>`;
  return productScene(
    { hi: '#3b3d40', mid: '#1c1d1f', lo: '#08080a', glow: '#5a5d62' },
    defs,
    sil,
    `<g transform="${zoom}">${base}${stone}</g>`,
    'Dual-grit whetstone on bamboo base',
  );
}
