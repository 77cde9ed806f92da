import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * What the browser may load from where real Authorize.Net is used: Accept.js comes from its
 * script host and posts the card to its API host. In simulator mode both are our own origin.
 */
const acceptJsHosts = {
  sandbox: { script: ['https://jstest.authorize.net'], connect: ['https://apitest.authorize.net'] },
  production: {
    script: ['https://js.authorize.net'],
    connect: ['https://api.authorize.net', 'https://api2.authorize.net'],
  },
} as const;

/**
 * The CSP sources of index.html's inline scripts ('sha256-…' of each one's text): the script that
 * starts the first screen's reads before the app's bundle arrives. Hashes, not 'unsafe-inline':
 * no other inline script can run, an injected one included. Read once at start; a build swapped
 * in under a running server has its inline script refused, and the app then reads for itself.
 */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, text]) =>
      `'sha256-${createHash('sha256')
        .update(text ?? '')
        .digest('base64')}'`,
  );
}

/**
 * Exactly what the SPA loads: its own bundle, service worker and manifest, index.html's own inline
 * scripts by hash, Accept.js, and images from anywhere over https.
 */
export function contentSecurityPolicy(
  payments: {
    mode: 'simulator' | 'authorize.net';
    env: 'sandbox' | 'production';
  },
  inlineScripts: string[] = [],
) {
  const gateway = payments.mode === 'authorize.net' ? acceptJsHosts[payments.env] : { script: [], connect: [] };
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'", ...inlineScripts, ...gateway.script],
    // 'self' covers ws(s):// to our own host for Socket.IO in CSP Level 3 browsers.
    connectSrc: ["'self'", ...gateway.connect],
    // Knife photos are URLs an admin pastes into the show item form: any https host.
    imgSrc: ["'self'", 'data:', 'https:'],
    styleSrc: ["'self'"],
    fontSrc: ["'self'"],
    // The installable app: its service worker (/sw.js) and web manifest, from our origin only.
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    formAction: ["'self'"],
    // A one-tap Buy must never sit inside someone else's frame (clickjacking).
    frameAncestors: ["'none'"],
    // The helmet default adds upgrade-insecure-requests, which breaks plain-http local installs.
    upgradeInsecureRequests: null,
  };
}

/**
 * The headers helmet sets, worked out once. They are the same on every response (no nonces), and
 * @fastify/helmet rebuilt helmet's middleware — parsing the CSP directives — on every request: a
 * measurable share of the show-state poll's CPU. Helmet only sets and removes headers, so running
 * it once against a recording response gives exactly what it would set each time.
 */
function staticHelmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, recorder, () => {});
  return headers;
}

/**
 * What a JSON answer needs, and no more: the document-only headers (COOP, Origin-Agent-Cluster,
 * DNS prefetch, IE download options, Flash policies, the XSS auditor) mean nothing on JSON, and
 * every byte and header is paid on each poll of every member. `default-src 'none'` and
 * `frame-ancestors 'none'` keep an API answer from running or being framed if a browser ever
 * renders it (OWASP's REST headers); CORP keeps other sites from loading it.
 */
const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  // A member's data never sits in a shared or back-button cache.
  'cache-control': 'no-store',
} as const;

/**
 * The API reference page (/api/docs, Swagger UI served from @fastify/swagger-ui): its own scripts
 * and styles only, no inline script, the logo and icons as data: images, and the document fetched
 * from this origin. Set by the docs routes alone (platform/openapi/plugin.ts), after the headers below.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "base-uri 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Security headers on every response, worked out once at start: helmet's full set on documents
 * and assets (the SPA), the lean API_HEADERS on /api, and HSTS only where it means something
 * (https). A route that wants other caching or another policy sets its own header after these.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance) => {
    const { serveWeb, webDist, payments } = app.config;
    const indexHtml = path.join(webDist, 'index.html');
    const inlineScripts = serveWeb && existsSync(indexHtml) ? inlineScriptSources(readFileSync(indexHtml, 'utf8')) : [];
    const documentHeaders = staticHelmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(payments, inlineScripts) },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'same-origin' },
      // Set below, over https only: on plain http it is ignored by browsers and misleading in tests.
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', async (request, reply) => {
      reply.headers(request.url.startsWith('/api/') ? API_HEADERS : documentHeaders);
      if (request.protocol === 'https') {
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      }
    });
  },
  { name: 'security-headers', dependencies: ['infrastructure'] },
);
