// Composition: a knife placed on the studio backdrop in one of its three views (side profile,
// angled, blade close-up), and a test product drawn directly in scene coordinates.

import { backdrop, shadowFilters } from './studio.mjs';
import { f, H, hashSeed, svgDoc, titleCase, W } from './svg.mjs';

export function knifeScene(k, view) {
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

export function productScene(bgPal, defs, silhouette, art, title) {
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
