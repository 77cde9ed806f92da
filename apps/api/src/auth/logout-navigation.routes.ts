import { createHash } from 'node:crypto';
import { logoutConfirmTexts } from '@vault/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../core/app-error';
import { isOwnOrigin, originOf } from '../platform/origin';
import { endRequestSession } from '../platform/session/plugin';

/**
 * Did this navigation start on our own pages (or with the member typing or bookmarking the URL)?
 * SameSite=Lax sends the cookie on a top-level GET from any site, so a link, a redirect or a
 * script on a foreign page could otherwise sign a member out (before a drop, say).
 *
 * Fetch Metadata first: `same-origin` and `none` (address bar, bookmark) are ours; `same-site`
 * (a sibling subdomain, not necessarily ours to trust) and `cross-site` are not. Browsers without
 * it (Safari before 16.4, old Firefox) fall back to Referer, which must be our origin. With
 * neither header we cannot tell a typed URL from a foreign page sent with no-referrer, so we ask:
 * one more click for a rare old browser, against a forced sign-out for everyone on it.
 */
function fromOwnPages(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  return isOwnOrigin(originOf(request.headers.referer), request, publicOrigin);
}

/** A speculative load (prefetch/prerender of a link) must never sign anyone out. */
function isSpeculative(request: FastifyRequest): boolean {
  const purpose = `${request.headers['sec-purpose'] ?? ''} ${request.headers.purpose ?? ''}`;
  return /prefetch|prerender/i.test(purpose);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE =
  'body{font-family:system-ui,sans-serif;background:#0b0b0c;color:#f2f2f2;display:grid;place-items:center;min-height:100vh;margin:0}' +
  'main{max-width:28rem;padding:2rem;text-align:center}a{display:inline-block;margin:.5rem;padding:.75rem 1.25rem;border-radius:.5rem;color:inherit;border:1px solid #555;text-decoration:none}' +
  'a.primary{background:#f2f2f2;color:#0b0b0c;border-color:#f2f2f2}';
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/**
 * The confirmation: its Sign out button is a same-origin navigation back to GET /api/logout, which
 * then signs out. No script, no form. Like every response it cannot be framed (clickjacking the
 * button) or cached (platform/security-headers.ts); only its CSP is its own, to allow its one style.
 */
const CONFIRM_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin"><title>${escapeHtml(logoutConfirmTexts.title)}</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(logoutConfirmTexts.title)}</h1><p>${escapeHtml(logoutConfirmTexts.body)}</p>
<p><a class="primary" href="/api/logout">${escapeHtml(logoutConfirmTexts.confirm)}</a><a href="/">${escapeHtml(logoutConfirmTexts.cancel)}</a></p></main></body></html>
`;

const PREFETCH_REFUSED = new AppError(400, 'invalid_request', logoutConfirmTexts.prefetchRefused);

/**
 * GET /api/logout, the browser navigation that signs out. From our own pages: end the session
 * and go to the landing page (/). From anywhere else: the confirmation page, still signed in.
 */
export function logoutByNavigation(publicOrigin: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // Any non-2xx makes the browser discard the speculative load.
    if (isSpeculative(request)) throw PREFETCH_REFUSED;
    const signedIn = request.session.get('userId') !== undefined;
    if (signedIn && !fromOwnPages(request, publicOrigin)) {
      request.log.info(
        { secFetchSite: request.headers['sec-fetch-site'], referer: originOf(request.headers.referer) },
        'sign-out link from outside: asking to confirm',
      );
      return reply
        .header(
          'content-security-policy',
          `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
        )
        .type('text/html; charset=utf-8')
        .send(CONFIRM_PAGE);
    }
    if (signedIn) await endRequestSession(request, reply);
    return reply.redirect('/');
  };
}
