import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/** Where the route documents go in the build (apps/api/src/platform/spa.ts reads them from there). */
const ROUTE_DOCUMENTS_DIR = 'routes';

/**
 * One document per screen a phone opens first: index.html plus a modulepreload of each chunk the
 * screen's code needs (the chunk holding the module the router loads lazily, and every chunk that
 * one imports, bar the entry, which index.html loads already). The API serves the route's document
 * for its path (apps/api/src/platform/spa.ts), so the browser's preload scanner fetches the
 * screen's code beside the first script instead of after it has run: a round trip and a download
 * less before a phone shows /show, at no script cost. `screens` maps a path to its module under src/.
 */
export function routeDocuments(screens: Record<string, string>): Plugin {
  return {
    name: 'vault-route-documents',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') throw new Error('The build has no index.html');
        const html = String(index.source);
        const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        for (const [route, module] of Object.entries(screens)) {
          const id = path.resolve(import.meta.dirname, 'src', module);
          const screen = chunks.find((chunk) => chunk.moduleIds.includes(id));
          if (!screen) throw new Error(`No chunk holds ${module} (${route})`);
          const files = new Set<string>();
          const add = (chunk: Rollup.OutputChunk) => {
            if (chunk.isEntry || files.has(chunk.fileName)) return;
            files.add(chunk.fileName);
            for (const imported of chunk.imports) {
              const next = byName.get(imported);
              if (next) add(next);
            }
          };
          add(screen);
          const links = [...files]
            .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`)
            .join('');
          this.emitFile({
            type: 'asset',
            fileName: `${ROUTE_DOCUMENTS_DIR}${route}.html`,
            source: html.replace('</head>', `\n${links}  </head>`),
          });
        }
      },
    },
  };
}
