import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Rollup } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text the browser fetches by name: the bundles, styles, the knives' SVG art, the manifest. */
const TEXT = /\.(js|mjs|css|svg|json|webmanifest)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, at the strongest levels,
 * once: the API serves them as they are (@fastify/static's preCompressed, in
 * apps/api/src/platform/spa.ts). Compressing per request instead would cost the API's CPU on
 * every new phone at the moment a show opens and thousands arrive together. Uncompressed, the
 * first script alone was 0.9 MB, four and a half seconds on a phone's slow 4G.
 */
export function precompress(): Rollup.Plugin {
  return {
    name: 'vault-precompress',
    async writeBundle(options) {
      if (!options.dir) return;
      const files = await readdir(options.dir, { recursive: true });
      await Promise.all(
        files
          .filter((file) => TEXT.test(file))
          .map(async (file) => {
            const full = path.join(options.dir ?? '', file);
            if ((await stat(full)).size < MIN_BYTES) return;
            const body = await readFile(full);
            const [br, gzipped] = await Promise.all([
              brotli(body, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                },
              }),
              gz(body, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gzipped)]);
          }),
      );
    },
  };
}
