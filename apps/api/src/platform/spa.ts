import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { type ErrorBody, routeNotFoundMessage } from '@vault/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built SPA on the API's own origin. Any GET outside /api that is not a file gets
 * index.html: client-side routes (and the client's 404 screen) work on reload and deep links.
 * Unknown /api paths and non-GET requests get a JSON 404 instead.
 */
export const spa = fp(
  async (app: FastifyInstance) => {
    const { serveWeb, webDist } = app.config;
    if (serveWeb) {
      if (!existsSync(path.join(webDist, 'index.html'))) {
        throw new Error(
          `The web app is not built (${webDist}/index.html missing): run "pnpm --filter @vault/web build" or set SERVE_WEB=false`,
        );
      }
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        // Off, or @fastify/send overwrites the header set below with "public, max-age=0".
        cacheControl: false,
        setHeaders(res, filePath) {
          // Vite fingerprints everything under assets/; index.html must be revalidated so a
          // deploy takes effect at once; the rest (media, favicon) may be cached for an hour.
          if (filePath.endsWith(`${path.sep}index.html`)) return res.setHeader('cache-control', 'no-cache');
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const isApi = request.url === '/api' || request.url.startsWith('/api/');
      if (serveWeb && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
        return reply.type('text/html').sendFile('index.html', { cacheControl: false });
      }
      const body: ErrorBody = { message: routeNotFoundMessage(request.method, request.url), code: 'not_found' };
      return reply.status(404).send(body);
    });
  },
  { name: 'spa', dependencies: ['infrastructure'] },
);
