// Blade and handle builders (local knife coordinates, tip pointing +x) and the small details the
// knife designs add: jimping, the maker's mark, the lanyard tube.

import { brushPattern, stonewashFilter } from './materials.mjs';
import { STEEL } from './steel.mjs';
import { pin } from './studio.mjs';
import { f, linear } from './svg.mjs';

/**
 * Renders a blade. All paths are in knife-local coordinates.
 * spec: { outline, grind?, grindLine?, edge, spine?, swedge?, extraFlats?, finish, sheenAngle?, marks? }
 */
export function blade(spec, seed) {
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
export function handle(spec) {
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

export function jimping(x0, x1, y, n, slope = 0) {
  let s = '';
  for (let i = 0; i < n; i++) {
    const x = x0 + ((x1 - x0) * i) / Math.max(1, n - 1);
    const yy = y + (slope * i) / Math.max(1, n - 1);
    s += `<path d="M${f(x)} ${f(yy)} l0 6" stroke="#000" stroke-opacity="0.5" stroke-width="2.4"/><path d="M${f(x + 2)} ${f(yy)} l0 6" stroke="#fff" stroke-opacity="0.5" stroke-width="1"/>`;
  }
  return s;
}

/** Etched maker's mark: abstract geometric monogram (no text/fonts). */
export function makersMark(x, y, color = '#3a4047', mirrored = false) {
  return `<g transform="translate(${x} ${y})${mirrored ? ' scale(1 -1)' : ''}" opacity="0.55" fill="none" stroke="${color}" stroke-width="1.6"><path d="M-12 8 L0 -10 L12 8 Z"/><path d="M-6 8 L0 -1 L6 8"/><path d="M18 -6 L62 -6 M18 0 L52 0 M18 6 L58 6" stroke-width="1.1"/></g>`;
}

/** Lanyard tube through the handle. */
export function tube(x, y, r) {
  return `<circle cx="${x}" cy="${y}" r="${r + 3}" fill="url(#hTang)" stroke="#000" stroke-opacity="0.5"/><circle cx="${x}" cy="${y}" r="${r}" fill="#050506"/><path d="M${x - r + 2} ${y + 3} A${r - 2} ${r - 2} 0 0 0 ${x + r - 2} ${y + 3}" stroke="#fff" stroke-opacity="0.25" stroke-width="1.5" fill="none"/>`;
}
