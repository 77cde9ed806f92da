#!/usr/bin/env node
// Generates original, deterministic vector "product photography" for the demo
// knife catalogue. No third-party assets, fonts, images or scripts are used:
// every shape below is drawn procedurally.
//
// Usage (from the repository root):  node scripts/generate-knife-art.mjs
// Output: apps/web/public/media/knives/*.svg (+ README.md)

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(ROOT, 'apps/web/public/media/knives');
const W = 1200;
const H = 900;
const MAX_BYTES = 40 * 1024;

// ---------------------------------------------------------------------------
// Small utilities
// ---------------------------------------------------------------------------

/** Deterministic PRNG (mulberry32) so every run produces identical files. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hashSeed(text) {
  let h = 2166136261;
  for (const ch of text) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const f = (n) => {
  const r = Math.round(n * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
};

function stops(list) {
  return list
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
    .join('');
}

function linear(id, list, [x1, y1, x2, y2] = [0, 0, 0, 1], extra = '') {
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${extra}>${stops(list)}</linearGradient>`;
}

function radial(id, list, { cx = 0.5, cy = 0.5, r = 0.5, fx, fy, extra = '' } = {}) {
  const focus = fx === undefined ? '' : ` fx="${fx}" fy="${fy}"`;
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"${focus}${extra}>${stops(list)}</radialGradient>`;
}

// ---------------------------------------------------------------------------
// Shared rendering pieces
// ---------------------------------------------------------------------------

/** Studio backdrop: lit sweep, floor glow, film grain and a vignette. */
function backdrop(bg) {
  const defs = [
    radial(
      'bgSweep',
      [
        [0, bg.hi],
        [0.55, bg.mid],
        [1, bg.lo],
      ],
      { cx: 0.5, cy: 0.38, r: 0.78 },
    ),
    radial(
      'bgFloor',
      [
        [0, bg.glow, 0.55],
        [1, bg.glow, 0],
      ],
      { cx: 0.5, cy: 0.5, r: 0.5 },
    ),
    radial(
      'bgVig',
      [
        [0.55, '#000', 0],
        [1, '#000', 0.62],
      ],
      { cx: 0.5, cy: 0.47, r: 0.72 },
    ),
    `<filter id="grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.85" numOctaves="2" seed="7" stitchTiles="stitch"/><feColorMatrix values="0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 0.07 0"/></filter>`,
  ].join('');
  const under = [
    `<rect width="${W}" height="${H}" fill="url(#bgSweep)"/>`,
    `<ellipse cx="600" cy="560" rx="560" ry="210" fill="url(#bgFloor)"/>`,
  ].join('');
  const over = [
    `<rect width="${W}" height="${H}" fill="url(#bgVig)"/>`,
    `<rect width="${W}" height="${H}" filter="url(#grain)"/>`,
  ].join('');
  return { defs, under, over };
}

function shadowFilters() {
  return [
    `<filter id="softShadow" x="-30%" y="-60%" width="160%" height="220%"><feGaussianBlur stdDeviation="18"/></filter>`,
    `<filter id="contactShadow" x="-20%" y="-40%" width="140%" height="180%"><feGaussianBlur stdDeviation="5"/></filter>`,
  ].join('');
}

/** A polished pin / screw head with a radial metallic gradient. */
function pinDefs(pal) {
  return [
    radial(
      'pinMetal',
      [
        [0, pal.pinHi],
        [0.45, pal.pinMid],
        [1, pal.pinLo],
      ],
      { cx: 0.38, cy: 0.32, r: 0.75 },
    ),
    linear('pinRim', [
      [0, '#000', 0.55],
      [1, '#fff', 0.35],
    ]),
  ].join('');
}

function pin(x, y, r, kind = 'pin') {
  let s = `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r + 2)}" fill="url(#pinRim)"/>`;
  s += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="url(#pinMetal)"/>`;
  if (kind === 'torx') {
    const pts = [];
    for (let i = 0; i < 12; i++) {
      const a = (i * Math.PI) / 6;
      const rr = i % 2 === 0 ? r * 0.52 : r * 0.3;
      pts.push(`${f(x + rr * Math.cos(a))},${f(y + rr * Math.sin(a))}`);
    }
    s += `<polygon points="${pts.join(' ')}" fill="#1a1c1f" opacity="0.85"/>`;
  } else if (kind === 'hex') {
    const pts = [];
    for (let i = 0; i < 6; i++) {
      const a = (i * Math.PI) / 3 + Math.PI / 6;
      pts.push(`${f(x + r * 0.48 * Math.cos(a))},${f(y + r * 0.48 * Math.sin(a))}`);
    }
    s += `<polygon points="${pts.join(' ')}" fill="#15171a" opacity="0.85"/>`;
  } else if (kind === 'mosaic') {
    s += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.62)}" fill="none" stroke="#5a3b1c" stroke-width="1.4" opacity="0.7"/>`;
    for (let i = 0; i < 6; i++) {
      const a = (i * Math.PI) / 3;
      s += `<circle cx="${f(x + r * 0.36 * Math.cos(a))}" cy="${f(y + r * 0.36 * Math.sin(a))}" r="${f(r * 0.12)}" fill="#3b2a18" opacity="0.6"/>`;
    }
  }
  s += `<ellipse cx="${f(x - r * 0.3)}" cy="${f(y - r * 0.38)}" rx="${f(r * 0.35)}" ry="${f(r * 0.18)}" fill="#fff" opacity="0.55"/>`;
  return s;
}

/** Brushed-steel micro scratch pattern tile. */
function brushPattern(id, seed, color = '#fff') {
  const r = rng(seed);
  let lines = '';
  for (let i = 0; i < 34; i++) {
    const y = f(r() * 60);
    const x = f(r() * 300);
    const len = f(60 + r() * 220);
    lines += `<path d="M${x} ${y}h${len}" stroke="${i % 4 === 0 ? '#000' : color}" stroke-opacity="${(0.08 + r() * 0.3).toFixed(2)}" stroke-width="${(0.3 + r() * 0.6).toFixed(2)}"/>`;
  }
  return `<pattern id="${id}" width="480" height="60" patternUnits="userSpaceOnUse">${lines}</pattern>`;
}

/** Stonewash finish: non-repeating tumbled mottling from two noise octaves (filter, no tiles). */
function stonewashFilter(id, seed) {
  return [
    `<filter id="${id}" x="0" y="0" width="1" height="1" color-interpolation-filters="sRGB">`,
    `<feTurbulence type="fractalNoise" baseFrequency="0.11" numOctaves="3" seed="${seed % 1000}" result="blot"/>`,
    '<feColorMatrix in="blot" values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  2.6 0 0 0 -1.35" result="light"/>',
    '<feColorMatrix in="blot" values="0 0 0 0 0.1  0 0 0 0 0.11  0 0 0 0 0.12  0 -2.6 0 0 1.15" result="dark"/>',
    `<feTurbulence type="fractalNoise" baseFrequency="0.55" numOctaves="2" seed="${(seed % 1000) + 1}" result="fine"/>`,
    '<feColorMatrix in="fine" values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 3 0 -1.55" result="speck"/>',
    '<feMerge><feMergeNode in="dark"/><feMergeNode in="light"/><feMergeNode in="speck"/></feMerge>',
    '</filter>',
  ].join('');
}

/** G10 / micarta layered contour lines across a handle bounding box. */
function layerLines(seed, [x0, y0, x1, y1], colors, count = 16, amp = 10) {
  const r = rng(seed);
  let out = '';
  for (let i = 0; i < count; i++) {
    const y = y0 + ((y1 - y0) * (i + r() * 0.8)) / count;
    const k = 3 + Math.floor(r() * 3);
    const step = (x1 - x0) / k;
    let d = `M${f(x0)} ${f(y)}`;
    for (let j = 0; j < k; j++) {
      const xa = x0 + step * (j + 0.5);
      const xb = x0 + step * (j + 1);
      d += ` Q${f(xa)} ${f(y + (r() - 0.5) * amp * 2)} ${f(xb)} ${f(y + (r() - 0.5) * amp * 0.6)}`;
    }
    const c = colors[i % colors.length];
    out += `<path d="${d}" fill="none" stroke="${c}" stroke-width="${(1 + r() * 2.4).toFixed(1)}" stroke-opacity="${(0.25 + r() * 0.4).toFixed(2)}"/>`;
  }
  return out;
}

/** Wood grain: flowing lines plus a couple of figured knots. */
function woodGrain(seed, [x0, y0, x1, y1], dark, light) {
  const r = rng(seed);
  let out = '';
  const knots = [
    [x0 + (x1 - x0) * 0.3, y0 + (y1 - y0) * 0.55],
    [x0 + (x1 - x0) * 0.72, y0 + (y1 - y0) * 0.4],
  ];
  for (let i = 0; i < 22; i++) {
    const y = y0 + ((y1 - y0) * (i + 0.5)) / 22;
    let d = `M${f(x0)} ${f(y)}`;
    const n = 8;
    for (let j = 1; j <= n; j++) {
      const x = x0 + ((x1 - x0) * j) / n;
      let dy = Math.sin(j * 0.9 + i * 0.35) * 2.5;
      for (const [kx, ky] of knots) {
        const dist = Math.hypot(x - kx, (y - ky) * 2.2);
        dy += (y < ky ? -1 : 1) * 26 * Math.exp(-(dist * dist) / 2600);
      }
      const xc = x - (x1 - x0) / n / 2;
      d += ` Q${f(xc)} ${f(y + dy + (r() - 0.5) * 3)} ${f(x)} ${f(y + dy)}`;
    }
    out += `<path d="${d}" fill="none" stroke="${i % 3 === 0 ? light : dark}" stroke-width="${(0.8 + r() * 2.2).toFixed(1)}" stroke-opacity="${(0.35 + r() * 0.4).toFixed(2)}"/>`;
  }
  for (const [kx, ky] of knots) {
    out += `<ellipse cx="${f(kx)}" cy="${f(ky)}" rx="9" ry="2.5" fill="${dark}" opacity="0.4"/>`;
  }
  return out;
}

/** G10 peel-ply grip texture (fine diamond knurl). */
function g10Pattern(id, light, dark) {
  return `<pattern id="${id}" width="9" height="9" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><path d="M0 0.8h9M0 5.3h9" stroke="${dark}" stroke-opacity="0.4" stroke-width="1.6"/><path d="M0 3h9M0 7.5h9" stroke="${light}" stroke-opacity="0.14" stroke-width="0.8"/><path d="M0.8 0v9M5.3 0v9" stroke="${dark}" stroke-opacity="0.28" stroke-width="1.3"/></pattern>`;
}

function carbonPattern(id, a, b) {
  // 2x2 twill weave tile with shaded tows.
  return [
    linear(
      `${id}A`,
      [
        [0, a],
        [0.5, b],
        [1, a],
      ],
      [0, 0, 1, 0],
    ),
    linear(
      `${id}B`,
      [
        [0, a],
        [0.5, b],
        [1, a],
      ],
      [0, 0, 0, 1],
    ),
    `<pattern id="${id}" width="24" height="24" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">`,
    `<rect width="24" height="24" fill="${a}"/>`,
    `<rect x="0.6" y="0.6" width="10.8" height="10.8" rx="1.5" fill="url(#${id}A)"/>`,
    `<rect x="12.6" y="12.6" width="10.8" height="10.8" rx="1.5" fill="url(#${id}A)"/>`,
    `<rect x="12.6" y="0.6" width="10.8" height="10.8" rx="1.5" fill="url(#${id}B)"/>`,
    `<rect x="0.6" y="12.6" width="10.8" height="10.8" rx="1.5" fill="url(#${id}B)"/>`,
    '</pattern>',
  ].join('');
}

function canvasPattern(id, base, thread) {
  return `<pattern id="${id}" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="${base}"/><path d="M0 1.5h6M0 4.5h6" stroke="${thread}" stroke-opacity="0.35" stroke-width="1.2"/><path d="M1.5 0v6M4.5 0v6" stroke="#000" stroke-opacity="0.18" stroke-width="1"/></pattern>`;
}

// ---------------------------------------------------------------------------
// Blade + handle builders (local knife coordinates, tip pointing +x)
// ---------------------------------------------------------------------------

const STEEL = {
  satin: {
    flat: [
      [0, '#4d535a'],
      [0.06, '#cfd4d9'],
      [0.2, '#8d949b'],
      [0.45, '#b1b7bd'],
      [0.72, '#6e757c'],
      [1, '#8d949a'],
    ],
    grind: [
      [0, '#f7f9fa'],
      [0.22, '#c3c9ce'],
      [0.5, '#eef1f3'],
      [0.8, '#8a9198'],
      [1, '#5b626a'],
    ],
    swedge: [
      [0, '#ffffff'],
      [1, '#8c949b'],
    ],
    edge: '#f3f6f8',
    line: '#3b4046',
  },
  mirror: {
    flat: [
      [0, '#3c4249'],
      [0.1, '#f5f7f9'],
      [0.28, '#6d7680'],
      [0.42, '#1f2429'],
      [0.58, '#b9c1c9'],
      [0.8, '#ffffff'],
      [1, '#59616a'],
    ],
    grind: [
      [0, '#ffffff'],
      [0.35, '#5f6872'],
      [0.7, '#dfe5ea'],
      [1, '#3a4047'],
    ],
    swedge: [
      [0, '#ffffff'],
      [1, '#59616a'],
    ],
    edge: '#ffffff',
    line: '#1d2126',
  },
  dlc: {
    flat: [
      [0, '#1b1d20'],
      [0.1, '#5b6067'],
      [0.3, '#2f3338'],
      [0.6, '#45494f'],
      [1, '#1f2225'],
    ],
    grind: [
      [0, '#5a5f66'],
      [0.4, '#2a2d31'],
      [0.75, '#4b5057'],
      [1, '#202326'],
    ],
    swedge: [
      [0, '#6d727a'],
      [1, '#2a2d31'],
    ],
    edge: '#d9dde1',
    line: '#0d0e10',
  },
  stonewash: {
    flat: [
      [0, '#6b7075'],
      [0.12, '#b9bdc0'],
      [0.4, '#8e9397'],
      [0.7, '#a7abaf'],
      [1, '#73787d'],
    ],
    grind: [
      [0, '#d2d5d7'],
      [0.45, '#9a9fa3'],
      [1, '#777c81'],
    ],
    swedge: [
      [0, '#e4e6e8'],
      [1, '#8a8f94'],
    ],
    edge: '#eef1f3',
    line: '#3d4247',
  },
  copper: {
    flat: [
      [0, '#5e625f'],
      [0.08, '#e0e2dd'],
      [0.25, '#9ea29e'],
      [0.55, '#cfd2cd'],
      [0.8, '#858a86'],
      [1, '#b0b4af'],
    ],
    grind: [
      [0, '#f7f4ef'],
      [0.35, '#b0aca5'],
      [0.7, '#ebe7e0'],
      [1, '#7a7670'],
    ],
    swedge: [
      [0, '#ffffff'],
      [1, '#8e8a84'],
    ],
    edge: '#fbf6ee',
    line: '#3d3a36',
  },
};

/**
 * Renders a blade. All paths are in knife-local coordinates.
 * spec: { outline, grind?, grindLine?, edge, spine?, swedge?, extraFlats?, finish, sheenAngle?, marks? }
 */
function blade(spec, seed) {
  const st = STEEL[spec.finish];
  const [sx1, sy1, sx2, sy2] = spec.flatDir ?? [0, 0, 0, 1];
  const defs = [
    linear('bFlat', st.flat, [sx1, sy1, sx2, sy2]),
    linear('bGrind', st.grind, spec.grindDir ?? [0, 0, 0.2, 1]),
    linear('bSwedge', st.swedge, [0, 0, 0, 1]),
    linear(
      'bSheen',
      [
        [0, '#fff', 0],
        [0.42, '#fff', 0],
        [0.5, '#fff', spec.finish === 'dlc' ? 0.14 : 0.3],
        [0.58, '#fff', 0],
        [1, '#fff', 0],
      ],
      [0, 0, 1, 0.55],
    ),
    `<clipPath id="bClip"><path d="${spec.outline}"/></clipPath>`,
    brushPattern('brush', seed, spec.finish === 'dlc' ? '#9aa0a7' : '#fff'),
    spec.finish === 'stonewash' || spec.stonewashFlats ? stonewashFilter('swash', seed + 3) : '',
  ].join('');

  let art = `<path id="bladeShape" d="${spec.outline}" fill="url(#bFlat)"/>`;
  art += '<g clip-path="url(#bClip)">';
  art += `<rect x="-100" y="-300" width="900" height="700" fill="url(#brush)" opacity="${spec.finish === 'mirror' ? 0.25 : 0.55}"/>`;
  for (const extra of spec.extraFlats ?? []) art += extra;
  if (spec.stonewashFlats)
    art += '<rect x="-100" y="-300" width="900" height="700" filter="url(#swash)" opacity="0.45"/>';
  if (spec.swedge) art += `<path d="${spec.swedge}" fill="url(#bSwedge)" opacity="0.9"/>`;
  if (spec.grind) art += `<path d="${spec.grind}" fill="url(#bGrind)"/>`;
  if (spec.grind) art += `<path d="${spec.grind}" fill="url(#brush)" opacity="0.5"/>`;
  if (spec.finish === 'stonewash')
    art += '<rect x="-100" y="-300" width="900" height="700" filter="url(#swash)" opacity="0.32"/>';
  if (spec.grindLine) {
    art += `<path d="${spec.grindLine}" fill="none" stroke="${st.line}" stroke-width="2.4" stroke-opacity="0.55" transform="translate(0 -1.2)"/>`;
    art += `<path d="${spec.grindLine}" fill="none" stroke="#fff" stroke-width="1.4" stroke-opacity="0.75" transform="translate(0 1)"/>`;
  }
  for (const line of spec.lines ?? []) art += line;
  // secondary edge bevel (half of the stroke is clipped away)
  art += `<path d="${spec.edge}" fill="none" stroke="${st.edge}" stroke-width="${spec.edgeWidth ?? 9}" stroke-opacity="0.9"/>`;
  art += `<path d="${spec.edge}" fill="none" stroke="#000" stroke-width="${(spec.edgeWidth ?? 9) + 4}" stroke-opacity="0.12" transform="translate(0 -1)"/>`;
  if (spec.spine) art += `<path d="${spec.spine}" fill="none" stroke="#fff" stroke-width="4" stroke-opacity="0.55"/>`;
  art += `<path d="${spec.outline}" fill="url(#bSheen)"/>`;
  art += spec.marks ?? '';
  art += '</g>';
  art += `<path d="${spec.outline}" fill="none" stroke="#000" stroke-opacity="0.45" stroke-width="1.2"/>`;
  art += `<path d="${spec.edge}" fill="none" stroke="#fff" stroke-width="1.1" stroke-opacity="0.95"/>`;
  return { defs, art };
}

/**
 * Renders a handle: steel tang rim, textured scale, chamfer highlight, shading.
 * spec: { d, front (clip polygon for the scale), tang: stops, base: stops, texture, bbox, pins }
 */
function handle(spec) {
  const [x0, y0, x1, y1] = spec.bbox;
  const defs = [
    `<clipPath id="hClip"><path d="${spec.d}"/></clipPath>`,
    `<clipPath id="hFront"><path d="${spec.front}"/></clipPath>`,
    linear('hTang', spec.tang, [0, 0, 0, 1]),
    linear('hBase', spec.base, spec.baseDir ?? [0, 0, 0, 1]),
    linear('hShade', [
      [0, '#fff', 0.28],
      [0.18, '#fff', 0.06],
      [0.5, '#000', 0],
      [0.85, '#000', 0.32],
      [1, '#000', 0.55],
    ]),
  ].join('');
  let art = '';
  if (spec.tangRim !== false) {
    art += `<path d="${spec.d}" fill="url(#hTang)" stroke="url(#hTang)" stroke-width="${spec.rim ?? 9}" stroke-linejoin="round"/>`;
  }
  art += '<g clip-path="url(#hClip)"><g clip-path="url(#hFront)">';
  art += `<rect x="${x0}" y="${y0}" width="${x1 - x0}" height="${y1 - y0}" fill="${spec.fill ?? 'url(#hBase)'}"/>`;
  art += spec.texture ?? '';
  art += `<rect x="${x0}" y="${y0}" width="${x1 - x0}" height="${y1 - y0}" fill="url(#hShade)"/>`;
  art += `<path d="${spec.d}" fill="none" stroke="#fff" stroke-opacity="0.22" stroke-width="10" transform="translate(0 1.5)"/>`;
  art += `<path d="${spec.d}" fill="none" stroke="#000" stroke-opacity="0.5" stroke-width="3"/>`;
  art += `<path d="${spec.front}" fill="none" stroke="#000" stroke-opacity="0.5" stroke-width="3"/>`;
  art += `<path d="${spec.front}" fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="1.2" transform="translate(-3 0)"/>`;
  art += '</g></g>';
  art += `<path d="${spec.d}" fill="none" stroke="#000" stroke-opacity="0.55" stroke-width="1.2"/>`;
  for (const p of spec.pins ?? []) art += pin(p[0], p[1], p[2], p[3]);
  return { defs, art };
}

// ---------------------------------------------------------------------------
// Knife designs
// ---------------------------------------------------------------------------

const KNIVES = [];

// 1. Obsidian drop point — satin steel, black G10, black hardware
KNIVES.push({
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
});

// 2. Raven tanto — DLC black-grey blade, charcoal G10
KNIVES.push({
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
});

// 3. Glacier clip point — bright satin blade, icy blue G10, steel bolster
KNIVES.push({
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
});

// 4. Ember karambit — curved talon blade, burnt-orange G10, copper liners and ring
KNIVES.push({
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
});

// 5. Nomad bowie — large clip blade, brass guard, walnut handle, brass pins
KNIVES.push({
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
});

// 6. Specter dagger — symmetrical mirror-polished blade, titanium handle
KNIVES.push({
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
});

// 7. Atlas cleaver — tall stonewashed blade, olive canvas micarta, steel pins
KNIVES.push({
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
});

// 8. Tempest folder — carbon fibre scales, flipper blade caught mid-opening
KNIVES.push({
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
});

// ---------------------------------------------------------------------------
// Knife detail helpers (used by the designs above — function declarations hoist)
// ---------------------------------------------------------------------------

function jimping(x0, x1, y, n, slope = 0) {
  let s = '';
  for (let i = 0; i < n; i++) {
    const x = x0 + ((x1 - x0) * i) / Math.max(1, n - 1);
    const yy = y + (slope * i) / Math.max(1, n - 1);
    s += `<path d="M${f(x)} ${f(yy)} l0 6" stroke="#000" stroke-opacity="0.5" stroke-width="2.4"/><path d="M${f(x + 2)} ${f(yy)} l0 6" stroke="#fff" stroke-opacity="0.5" stroke-width="1"/>`;
  }
  return s;
}

/** Etched maker's mark: abstract geometric monogram (no text/fonts). */
function makersMark(x, y, color = '#3a4047', mirrored = false) {
  return `<g transform="translate(${x} ${y})${mirrored ? ' scale(1 -1)' : ''}" opacity="0.55" fill="none" stroke="${color}" stroke-width="1.6"><path d="M-12 8 L0 -10 L12 8 Z"/><path d="M-6 8 L0 -1 L6 8"/><path d="M18 -6 L62 -6 M18 0 L52 0 M18 6 L58 6" stroke-width="1.1"/></g>`;
}

/** Lanyard tube through the handle. */
function tube(x, y, r) {
  return `<circle cx="${x}" cy="${y}" r="${r + 3}" fill="url(#hTang)" stroke="#000" stroke-opacity="0.5"/><circle cx="${x}" cy="${y}" r="${r}" fill="#050506"/><path d="M${x - r + 2} ${y + 3} A${r - 2} ${r - 2} 0 0 0 ${x + r - 2} ${y + 3}" stroke="#fff" stroke-opacity="0.25" stroke-width="1.5" fill="none"/>`;
}

// ---------------------------------------------------------------------------
// Scene composition
// ---------------------------------------------------------------------------

function svgDoc(viewBox, defs, body, title) {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="${viewBox}" role="img" aria-label="${title}"><title>${title}</title><defs>${defs}</defs>${body}</svg>\n`;
}

function titleCase(slug) {
  return slug
    .split('-')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

function knifeScene(k, view) {
  const seed = hashSeed(k.slug);
  const parts = k.build(seed);
  const [bx0, by0, bx1, by1] = k.bounds;
  const bcx = (bx0 + bx1) / 2;
  const bcy = (by0 + by1) / 2;
  const baseScale = Math.min(1, 960 / (bx1 - bx0)) * (k.scale ?? 1);
  const angle = view === 2 ? -25 : 0;
  const scale = view === 2 ? baseScale * 0.92 : baseScale;
  const cx = 600;
  const cy = view === 2 ? 440 : 430;
  const place = `translate(${f(cx)} ${f(cy)}) rotate(${angle}) scale(${f(scale * 1000) / 1000}) translate(${f(-bcx)} ${f(-bcy)})`;
  const bg = backdrop(view === 2 ? k.bg2 : k.bg1);
  const shadowDrop = 16 + (by1 - by0) * 0.06;
  const body = [
    bg.under,
    `<g transform="translate(0 ${f(shadowDrop + 10)})" opacity="0.8" filter="url(#softShadow)"><g transform="${place}" fill="#000">${parts.silhouette}</g></g>`,
    `<g transform="translate(0 ${f(shadowDrop * 0.35)})" opacity="0.6" filter="url(#contactShadow)"><g transform="${place}" fill="#000">${parts.silhouette}</g></g>`,
    `<g transform="${place}">${parts.art}</g>`,
    bg.over,
  ].join('');
  let viewBox = `0 0 ${W} ${H}`;
  if (view === 3) {
    // close-up: crop around a point on the blade (knife-local), preserving 4:3
    const [px, py, cw] = k.crop;
    const sx = cx + (px - bcx) * scale;
    const sy = cy + (py - bcy) * scale;
    const ch = (cw * 3) / 4;
    viewBox = `${f(sx - cw / 2)} ${f(sy - ch / 2)} ${f(cw)} ${f(ch)}`;
  }
  const label = `${titleCase(k.slug)} knife — ${view === 1 ? 'side profile' : view === 2 ? 'angled view' : 'blade detail'}`;
  return svgDoc(viewBox, bg.defs + shadowFilters() + parts.defs, body, label);
}

// ---------------------------------------------------------------------------
// Accessory / test products
// ---------------------------------------------------------------------------

function productScene(bgPal, defs, silhouette, art, title) {
  const bg = backdrop(bgPal);
  const body = [
    bg.under,
    `<g transform="translate(0 40)" opacity="0.75" filter="url(#softShadow)" fill="#000">${silhouette}</g>`,
    `<g transform="translate(0 10)" opacity="0.5" filter="url(#contactShadow)" fill="#000">${silhouette}</g>`,
    art,
    bg.over,
  ].join('');
  return svgDoc(`0 0 ${W} ${H}`, bg.defs + shadowFilters() + defs, body, title);
}

function keychainKnife() {
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

function sharpeningStone() {
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

function edcPouch() {
  const defs = [
    canvasPattern('cordura', '#6b6448', '#a59c74'),
    linear('pouchShade', [
      [0, '#fff', 0.18],
      [0.3, '#fff', 0],
      [0.75, '#000', 0.15],
      [1, '#000', 0.45],
    ]),
    linear(
      'pouchSide',
      [
        [0, '#000', 0.35],
        [0.12, '#000', 0],
        [0.88, '#000', 0],
        [1, '#000', 0.4],
      ],
      [0, 0, 1, 0],
    ),
    linear('flapShade', [
      [0, '#fff', 0.12],
      [0.6, '#000', 0.05],
      [1, '#000', 0.35],
    ]),
    radial(
      'snap',
      [
        [0, '#f6f3ea'],
        [0.5, '#9c958a'],
        [1, '#3c3832'],
      ],
      { cx: 0.35, cy: 0.3, r: 0.75 },
    ),
    linear(
      'webbing',
      [
        [0, '#2b2a22'],
        [0.5, '#4a4838'],
        [1, '#22211a'],
      ],
      [0, 0, 1, 0],
    ),
  ].join('');
  const body =
    'M430 250 L770 250 C800 250 812 266 812 296 L818 640 C818 680 796 700 760 700 L440 700 C404 700 382 680 382 640 L388 296 C388 266 400 250 430 250 Z';
  const flap =
    'M404 250 L796 250 C804 250 810 256 810 266 L806 420 C806 456 760 480 700 486 L500 486 C440 480 394 456 394 420 L390 266 C390 256 396 250 404 250 Z';
  const art =
    // belt loop behind
    '<path d="M520 190 L680 190 L680 260 L520 260 Z" fill="url(#webbing)"/>' +
    '<path d="M530 198 L670 198" stroke="#d8d0a8" stroke-opacity="0.5" stroke-dasharray="6 4" stroke-width="1.6"/>' +
    `<path d="${body}" fill="url(#cordura)"/>` +
    `<path d="${body}" fill="url(#pouchShade)"/>` +
    `<path d="${body}" fill="url(#pouchSide)"/>` +
    '<path d="M400 300 L406 640 C406 664 420 678 446 678 L754 678 C780 678 794 664 794 640 L800 300" fill="none" stroke="#d8cfa6" stroke-opacity="0.7" stroke-width="2" stroke-dasharray="7 5"/>' +
    // molle webbing rows on the front
    '<path d="M396 560 L804 560 L804 596 L396 596 Z" fill="url(#webbing)"/>' +
    '<path d="M396 566 L804 566 M396 590 L804 590" stroke="#d8d0a8" stroke-opacity="0.35" stroke-dasharray="5 4" stroke-width="1.4"/>' +
    '<path d="M520 560 L520 596 M680 560 L680 596" stroke="#000" stroke-opacity="0.5" stroke-width="3"/>' +
    `<path d="${flap}" fill="#000" opacity="0.35" transform="translate(0 10)"/>` +
    `<path d="${flap}" fill="url(#cordura)"/>` +
    `<path d="${flap}" fill="url(#flapShade)"/>` +
    '<path d="M410 262 L406 418 C408 448 448 466 504 470 L696 470 C752 466 792 448 794 418 L790 262" fill="none" stroke="#d8cfa6" stroke-opacity="0.75" stroke-width="2" stroke-dasharray="7 5"/>' +
    '<path d="M390 266 C390 256 396 250 404 250 L796 250 C804 250 810 256 810 266" fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="2"/>' +
    // snap + pull tab
    '<path d="M580 470 L620 470 L616 530 C616 540 584 540 584 530 Z" fill="url(#webbing)"/>' +
    '<circle cx="600" cy="436" r="22" fill="#2a261f"/>' +
    '<circle cx="600" cy="434" r="19" fill="url(#snap)"/>' +
    '<circle cx="600" cy="434" r="8" fill="none" stroke="#5a544a" stroke-width="2" opacity="0.7"/>' +
    '<ellipse cx="593" cy="426" rx="6" ry="3" fill="#fff" opacity="0.7"/>' +
    // a knife handle peeking out of the side, for scale
    `<path d="${body}" fill="none" stroke="#000" stroke-opacity="0.5" stroke-width="1.5"/>`;
  const sil = `<path d="${body}"/>`;
  return productScene(
    { hi: '#3c3b36', mid: '#1d1c19', lo: '#080807', glow: '#5b5850' },
    defs,
    sil,
    art,
    'Cordura EDC pouch with snap flap',
  );
}

function bladeOil() {
  const defs = [
    linear(
      'glass',
      [
        [0, '#2a1204'],
        [0.18, '#8a4a12'],
        [0.32, '#c97a26'],
        [0.55, '#7a3e0c'],
        [0.85, '#3a1a05'],
        [1, '#1c0b02'],
      ],
      [0, 0, 1, 0],
    ),
    linear(
      'glassHi',
      [
        [0, '#fff', 0],
        [0.5, '#fff', 0.75],
        [1, '#fff', 0],
      ],
      [0, 0, 1, 0],
    ),
    linear(
      'cap',
      [
        [0, '#0c0c0d'],
        [0.25, '#4a4d52'],
        [0.4, '#1a1b1d'],
        [0.8, '#2c2e31'],
        [1, '#08080a'],
      ],
      [0, 0, 1, 0],
    ),
    linear(
      'label',
      [
        [0, '#bfb6a3'],
        [0.25, '#efe8d8'],
        [0.6, '#e0d8c5'],
        [1, '#8c8473'],
      ],
      [0, 0, 1, 0],
    ),
    linear('oilLevel', [
      [0, '#ffcf7a', 0.55],
      [1, '#ffcf7a', 0],
    ]),
  ].join('');
  const bottle =
    'M540 330 L660 330 L660 372 C660 392 720 404 730 440 L736 470 L736 690 C736 714 720 728 696 728 L504 728 C480 728 464 714 464 690 L464 470 L470 440 C480 404 540 392 540 372 Z';
  const art =
    `<path d="${bottle}" fill="url(#glass)"/>` +
    '<path d="M472 470 L728 470" stroke="url(#oilLevel)" stroke-width="3"/>' +
    // label
    '<path d="M464 500 L736 500 L736 660 L464 660 Z" fill="url(#label)"/>' +
    '<path d="M464 506 L736 506 M464 654 L736 654" stroke="#6e1e0c" stroke-width="4"/>' +
    '<path d="M600 532 C586 556 574 572 574 590 C574 606 586 618 600 618 C614 618 626 606 626 590 C626 572 614 556 600 532 Z" fill="#8a2a10"/>' +
    '<path d="M592 574 C586 584 584 592 586 600" stroke="#fff" stroke-opacity="0.6" stroke-width="3" fill="none" stroke-linecap="round"/>' +
    '<path d="M520 632 L680 632 M545 642 L655 642" stroke="#3a332a" stroke-opacity="0.55" stroke-width="3"/>' +
    '<path d="M500 520 L540 520 M660 520 L700 520" stroke="#3a332a" stroke-opacity="0.4" stroke-width="2"/>' +
    '<path d="M464 500 L736 500 L736 660 L464 660 Z" fill="url(#glassHi)" opacity="0.15"/>' +
    // glass highlights
    '<path d="M492 470 L500 470 L500 690 C500 700 496 704 492 704 Z" fill="url(#glassHi)" opacity="0.35"/>' +
    '<path d="M696 480 L704 480 L704 690 L696 690 Z" fill="#fff" opacity="0.12"/>' +
    '<path d="M560 378 C540 400 500 410 490 440" stroke="#fff" stroke-opacity="0.35" stroke-width="4" fill="none" stroke-linecap="round"/>' +
    // cap with ribbing + dropper nozzle
    '<path d="M532 230 L668 230 L672 340 L528 340 Z" fill="url(#cap)"/>' +
    Array.from(
      { length: 17 },
      (_, i) =>
        `<path d="M${538 + i * 8} 236 L${538 + i * 8} 334" stroke="#000" stroke-opacity="0.35" stroke-width="2.5"/>`,
    ).join('') +
    '<path d="M528 340 L672 340" stroke="#000" stroke-width="3" stroke-opacity="0.6"/>' +
    '<path d="M560 230 C560 200 580 150 596 130 L604 130 C620 150 640 200 640 230 Z" fill="url(#cap)"/>' +
    '<path d="M578 210 C582 186 590 160 598 140" stroke="#fff" stroke-opacity="0.35" stroke-width="3" fill="none"/>' +
    `<path d="${bottle}" fill="none" stroke="#000" stroke-opacity="0.5" stroke-width="1.5"/>`;
  const sil = '<path d="M470 700 L730 700 L736 728 L464 728 Z"/><ellipse cx="600" cy="715" rx="150" ry="18"/>';
  return productScene(
    { hi: '#3e3a35', mid: '#1d1b18', lo: '#080707', glow: '#5f574c' },
    defs,
    sil,
    art,
    'Blade care oil bottle with dropper cap',
  );
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  const written = [];
  const write = (name, content) => {
    const bytes = Buffer.byteLength(content);
    if (bytes > MAX_BYTES) throw new Error(`${name} is ${bytes} bytes (limit ${MAX_BYTES})`);
    if (/<image|<script|@import|url\((?!#)/i.test(content)) throw new Error(`${name} contains an external reference`);
    writeFileSync(join(OUT_DIR, name), content);
    written.push([name, bytes]);
  };

  for (const k of KNIVES) {
    for (const view of [1, 2, 3]) write(`${k.slug}-${view}.svg`, knifeScene(k, view));
  }
  write('test-field-keychain-1.svg', keychainKnife());
  write('test-sharpening-stone-1.svg', sharpeningStone());
  write('test-edc-pouch-1.svg', edcPouch());
  write('test-blade-oil-1.svg', bladeOil());

  writeFileSync(
    join(OUT_DIR, 'README.md'),
    [
      '# Knife product artwork',
      '',
      'All SVG files in this folder are generated by `scripts/generate-knife-art.mjs`.',
      'They are original, procedurally drawn artwork created for the demo catalogue —',
      'no photographs, fonts, embedded images or other third-party assets are used.',
      '',
      'Regenerate them (deterministic output) from the repository root with:',
      '',
      '```sh',
      'node scripts/generate-knife-art.mjs',
      '```',
      '',
      'Each knife has three views: `<slug>-1.svg` (side profile), `<slug>-2.svg`',
      '(angled view) and `<slug>-3.svg` (blade close-up). Test products have a single',
      '`<slug>-1.svg` view. All images are 1200×900 (4:3).',
      '',
    ].join('\n'),
  );

  for (const [name, bytes] of written) console.log(`${String(bytes).padStart(6)}  ${name}`);
  console.log(`wrote ${written.length} SVG files to ${OUT_DIR}`);
}

main();
