import { existsSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_PATH, repoRoot } from '@vault/testing';

/** Browser tests need Chromium and the built SPA; fail at once, with the fix, when either is missing. */
export default function requireBrowser() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: run apt-get install -y chromium`);
  }
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run pnpm --filter @vault/web build (pnpm test does this first)');
  }
}
