// The studio every product is photographed in: backdrop, shadows, and the polished pins and screws.

import { f, H, linear, radial, W } from './svg.mjs';

/** Studio backdrop: lit sweep, floor glow, film grain and a vignette. */
export function backdrop(bg) {
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

export function shadowFilters() {
  return [
    `<filter id="softShadow" x="-30%" y="-60%" width="160%" height="220%"><feGaussianBlur stdDeviation="18"/></filter>`,
    `<filter id="contactShadow" x="-20%" y="-40%" width="140%" height="180%"><feGaussianBlur stdDeviation="5"/></filter>`,
  ].join('');
}

/** A polished pin / screw head with a radial metallic gradient. */
export function pinDefs(pal) {
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

export function pin(x, y, r, kind = 'pin') {
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
