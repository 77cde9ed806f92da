import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { type ErrorBody, routeNotFoundMessage } from '@vault/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The installable app's files (vite-plugin-pwa): revalidated on every request, as the browser must
 * find a new service worker at the next navigation after a deploy. Never the SPA's index.html.
 */
const PWA_FILES = new Set(['/sw.js', '/manifest.webmanifest']);

/** A request's path, without its query. */
const pathOf = (url: string) => url.split('?')[0] ?? url;

/** A file the app asks for by name: a missing one is a 404, never index.html (which would run as its script). */
const isAppFile = (url: string) => PWA_FILES.has(pathOf(url)) || url.startsWith('/assets/');

/** Where the build writes the route documents (apps/web/vite-route-documents.ts). */
const ROUTE_DOCUMENTS_DIR = 'routes';

/**
 * The build's route documents (apps/web/vite-route-documents.ts): dist/routes/show.html is
 * index.html plus modulepreloads of /show's code, served for /show. By path, read once at start.
 */
function routeDocuments(webDist: string): Map<string, string> {
  const dir = path.join(webDist, ROUTE_DOCUMENTS_DIR);
  if (!existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir)
      .filter((file) => file.endsWith('.html'))
      .map((file) => [`/${file.slice(0, -'.html'.length)}`, `${ROUTE_DOCUMENTS_DIR}/${file}`]),
  );
}

/**
 * Serves the built SPA on the API's own origin. Any GET outside /api that is not a file gets
 * index.html (or its route's document, which preloads that screen's code): client-side routes (and
 * the client's 404 screen) work on reload and deep links. Unknown /api paths, missing app files
 * and non-GET requests get a JSON 404 instead.
 */
export const spa = fp(
  async (app: FastifyInstance) => {
    const { serveWeb, webDist } = app.config;
    let documents = new Map<string, string>();
    if (serveWeb) {
      if (!existsSync(path.join(webDist, 'index.html'))) {
        throw new Error(
          `The web app is not built (${webDist}/index.html missing): run "pnpm --filter @vault/web build" or set SERVE_WEB=false`,
        );
      }
      documents = routeDocuments(webDist);
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each text file (apps/web/vite-precompress.ts): sent
        // as they are to a browser that takes them, never compressed per request.
        preCompressed: true,
        // Off, or @fastify/send overwrites the header set below with "public, max-age=0".
        cacheControl: false,
        setHeaders(res, filePath) {
          // The same URL answers in br, gzip or plain by Accept-Encoding: a cache must tell them apart.
          res.setHeader('vary', 'accept-encoding');
          // Vite fingerprints everything under assets/; index.html (and the route documents), the
          // service worker and the web manifest must be revalidated so a deploy takes effect at
          // once; the rest (media, favicon, icons, the offline page) may be cached for an hour.
          const name = path.basename(filePath);
          // Relative to the build (resolved both sides): WEB_DIST may be given as a relative path.
          const isDocument =
            name === 'index.html' || path.relative(webDist, path.dirname(filePath)) === ROUTE_DOCUMENTS_DIR;
          if (isDocument || PWA_FILES.has(`/${name}`)) {
            if (name === 'manifest.webmanifest') res.setHeader('content-type', 'application/manifest+json');
            return res.setHeader('cache-control', 'no-cache');
          }
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const isApi = request.url === '/api' || request.url.startsWith('/api/');
      if (serveWeb && !isApi && !isAppFile(request.url) && (request.method === 'GET' || request.method === 'HEAD')) {
        const document = documents.get(pathOf(request.url)) ?? 'index.html';
        return reply.type('text/html').sendFile(document, { cacheControl: false });
      }
      const body: ErrorBody = { message: routeNotFoundMessage(request.method, request.url), code: 'not_found' };
      return reply.status(404).send(body);
    });
  },
  { name: 'spa', dependencies: ['infrastructure'] },
);
