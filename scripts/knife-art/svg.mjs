// SVG plumbing shared by every picture: the canvas size, a seeded random source (so every run
// writes identical files), number formatting that keeps the files small, gradients and the document.

export const W = 1200;
export const H = 900;

/** Deterministic PRNG (mulberry32) so every run produces identical files. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hashSeed(text) {
  let h = 2166136261;
  for (const ch of text) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export const f = (n) => {
  const r = Math.round(n * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
};

export function stops(list) {
  return list
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
    .join('');
}

export function linear(id, list, [x1, y1, x2, y2] = [0, 0, 0, 1], extra = '') {
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${extra}>${stops(list)}</linearGradient>`;
}

export function radial(id, list, { cx = 0.5, cy = 0.5, r = 0.5, fx, fy, extra = '' } = {}) {
  const focus = fx === undefined ? '' : ` fx="${fx}" fy="${fy}"`;
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"${focus}${extra}>${stops(list)}</radialGradient>`;
}

export function svgDoc(viewBox, defs, body, title) {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="${viewBox}" role="img" aria-label="${title}"><title>${title}</title><defs>${defs}</defs>${body}</svg>\n`;
}

export function titleCase(slug) {
  return slug
    .split('-')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}
