// Surface finishes: brushed and stonewashed steel, G10 and micarta layers, wood grain, carbon fibre, canvas.

import { f, linear, rng } from './svg.mjs';

/** Brushed-steel micro scratch pattern tile. */
export function brushPattern(id, seed, color = '#fff') {
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
export function stonewashFilter(id, seed) {
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
export function layerLines(seed, [x0, y0, x1, y1], colors, count = 16, amp = 10) {
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
export function woodGrain(seed, [x0, y0, x1, y1], dark, light) {
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
export function g10Pattern(id, light, dark) {
  return `<pattern id="${id}" width="9" height="9" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><path d="M0 0.8h9M0 5.3h9" stroke="${dark}" stroke-opacity="0.4" stroke-width="1.6"/><path d="M0 3h9M0 7.5h9" stroke="${light}" stroke-opacity="0.14" stroke-width="0.8"/><path d="M0.8 0v9M5.3 0v9" stroke="${dark}" stroke-opacity="0.28" stroke-width="1.3"/></pattern>`;
}

export function carbonPattern(id, a, b) {
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

export function canvasPattern(id, base, thread) {
  return `<pattern id="${id}" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" fill="${base}"/><path d="M0 1.5h6M0 4.5h6" stroke="${thread}" stroke-opacity="0.35" stroke-width="1.2"/><path d="M1.5 0v6M4.5 0v6" stroke="#000" stroke-opacity="0.18" stroke-width="1"/></pattern>`;
}
