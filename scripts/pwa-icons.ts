// `npx tsx scripts/pwa-icons.ts`: draws the installed app's icons from our own art — the vault
// door's brass ring (apps/web/src/components/vault-mark.tsx) with the Specter Dagger of the demo
// catalogue (apps/web/public/media/knives) across it — in Chromium, and writes the PNGs the web
// manifest and index.html name into apps/web/public/icons. Deterministic: run it again after a
// change to either drawing and commit the PNGs.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'apps/web/public/icons');
const KNIFE = path.join(root, 'apps/web/public/media/knives/specter-dagger-1.svg');

// The palette of apps/web/src/styles.css.
const VAULT_950 = '#0c0c0e';
const BRASS_500 = '#d4a24c';

/**
 * The dagger without its studio backdrop (the sweep, floor, vignette and grain layers fill the
 * whole 1200×900 frame): only the knife and its shadows are laid over the door.
 */
function knifeOnly(): string {
  const svg = readFileSync(KNIFE, 'utf8')
    .replace(/<\?xml[^>]*>/, '')
    .replace(/<(rect|ellipse)\b[^>]*(url\(#bg\w+\)|url\(#grain\))[^>]*\/>/g, '');
  return svg.replace(/<title>[^<]*<\/title>/, '').replace(/\s(role|aria-label)="[^"]*"/g, '');
}

/**
 * The dagger's silhouette (the art draws it once, black, for its cast shadow), painted `paint`,
 * with an outline of `outline` knife units around it (0 for none).
 */
function knifeSilhouette(paint: string, outline = 0): string {
  const shadow = /<g transform="(translate\(600 430\)[^"]*)" fill="#000">(.*?)<\/g>/s.exec(readFileSync(KNIFE, 'utf8'));
  if (!shadow) throw new Error(`no silhouette group in ${KNIFE}: has the art generator changed?`);
  const stroke = outline > 0 ? ` stroke="${paint}" stroke-width="${outline * 2}" stroke-linejoin="round"` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><g transform="${shadow[1]}" fill="${paint}"${stroke}>${shadow[2]}</g></svg>`;
}

/** Where the dagger lies in its 1200×900 frame: pommel to tip, and its centre line. */
const KNIFE_BOX = { left: 120, right: 1062, midY: 430 };

interface IconSpec {
  file: string;
  size: number;
  /** How much of the square the door takes: maskable icons keep it inside the 80 % safe circle. */
  scale: number;
  /** Rounded corners (transparent) for "any"; full bleed where the platform cuts its own shape. */
  rounded: boolean;
  /** A notification badge: Android keeps only its alpha, so white shapes on nothing. */
  badge?: boolean;
}

const icons: IconSpec[] = [
  { file: 'icon-192.png', size: 192, scale: 1, rounded: true },
  { file: 'icon-512.png', size: 512, scale: 1, rounded: true },
  { file: 'icon-maskable-512.png', size: 512, scale: 0.78, rounded: false },
  // iOS rounds the corners itself and fills transparency with black.
  { file: 'apple-touch-icon.png', size: 180, scale: 0.9, rounded: false },
  // The small monochrome-looking icon Android shows in the status bar beside a notification.
  { file: 'badge-96.png', size: 96, scale: 1, rounded: false, badge: true },
];

/** The icon on a 64-unit square, as the vault mark is drawn. */
function iconSvg(spec: IconSpec, knife: string): string {
  const ink = spec.badge ? '#fff' : BRASS_500;
  const knifeLength = KNIFE_BOX.right - KNIFE_BOX.left;
  // The dagger crosses the door's wheel and a little past its rim, pommel bottom-left, tip top-right.
  const knifeScale = 50 / knifeLength;
  const knifeCentreX = (KNIFE_BOX.left + KNIFE_BOX.right) / 2;
  const laid = (art: string) =>
    `<g transform="translate(32 32) rotate(-45) scale(${knifeScale}) translate(${-knifeCentreX} ${-KNIFE_BOX.midY})">${art}</g>`;
  const background = spec.badge
    ? ''
    : spec.rounded
      ? `<rect width="64" height="64" rx="14" fill="${VAULT_950}"/>`
      : `<rect width="64" height="64" fill="${VAULT_950}"/>`;
  // On the badge everything is one colour, so a gap around the blade keeps it apart from the door.
  const cut = spec.badge
    ? `<mask id="cut"><rect width="64" height="64" fill="#fff"/>${laid(knifeSilhouette('#000', 30))}</mask>`
    : '';
  const door = `<g${spec.badge ? ' mask="url(#cut)"' : ''}>
    <circle cx="32" cy="32" r="20" fill="none" stroke="${ink}" stroke-width="4"/>
    <circle cx="32" cy="32" r="6" fill="${ink}"/>
    <path d="M32 12v8M32 44v8M12 32h8M44 32h8" stroke="${ink}" stroke-width="4" stroke-linecap="round"/></g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${spec.size}" height="${spec.size}">
    ${cut}${background}
    <g transform="translate(32 32) scale(${spec.scale}) translate(-32 -32)">${door}${laid(knife)}</g>
  </svg>`;
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const knife = knifeOnly();
  const silhouette = knifeSilhouette('#fff');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  try {
    for (const spec of icons) {
      const page = await browser.newPage({ viewport: { width: spec.size, height: spec.size } });
      await page.setContent(
        `<!doctype html><html><body style="margin:0;background:transparent">${iconSvg(spec, spec.badge ? silhouette : knife)}</body></html>`,
      );
      const file = path.join(outDir, spec.file);
      await page.locator('svg').first().screenshot({ path: file, omitBackground: true });
      await page.close();
      console.log(`wrote ${path.relative(root, file)} (${spec.size}×${spec.size})`);
    }
  } finally {
    await browser.close();
  }
}

await main();
