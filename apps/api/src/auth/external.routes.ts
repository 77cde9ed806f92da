import fastifyOauth2, { type OAuth2Namespace } from '@fastify/oauth2';
import type { LoginNotice } from '@vault/contracts';
import { fetchWithin } from '@vault/server';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { OAuthProviderConfig } from '../core/config';
import { publicOriginOf } from '../platform/origin';
import { ExternalClaims, type ExternalProvider, resolveExternalUser } from './external-accounts';
import { logoutByNavigation } from './logout-navigation.routes';

const DiscoveryDocument = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  userinfo_endpoint: z.url(),
});
type DiscoveryDocument = z.infer<typeof DiscoveryDocument>;

interface ProviderRoutes {
  provider: ExternalProvider;
  /** Where the sign-in button's full-page navigation starts the flow. */
  startPath: string;
  callbackPath: string;
  unavailable: LoginNotice;
}

const providers: ProviderRoutes[] = [
  {
    provider: 'google',
    startPath: '/api/auth/google',
    callbackPath: '/api/auth/google/callback',
    unavailable: 'google-unavailable',
  },
  {
    provider: 'oidc',
    startPath: '/api/login',
    callbackPath: '/api/auth/oidc/callback',
    unavailable: 'sso-unavailable',
  },
];

/** How long the provider has for each call (discovery, token, userinfo), the body's read included. */
const PROVIDER_TIMEOUT_MS = 5000;

/** A provider's JSON answer; the deadline cancels the request and covers the body. */
function providerJson(url: string, what: string, headers?: Record<string, string>): Promise<unknown> {
  return fetchWithin(url, { headers }, { ms: PROVIDER_TIMEOUT_MS, what }, async (response) => {
    if (!response.ok) throw new Error(`${what} answered ${response.status}`);
    return response.json();
  });
}

async function discover(issuerUrl: string): Promise<DiscoveryDocument> {
  const url = `${issuerUrl.replace(/\/$/, '')}/.well-known/openid-configuration`;
  return DiscoveryDocument.parse(await providerJson(url, `OIDC discovery at ${url}`));
}

const toLogin = (reply: FastifyReply, notice: LoginNotice) => reply.redirect(`/login?notice=${notice}`);

/**
 * Google and any OIDC provider share one code path: discovery, then @fastify/oauth2 for the
 * authorisation-code flow with state and PKCE (S256), then the userinfo endpoint for the claims.
 * A provider that is not configured, or whose discovery fails at start, answers with a clear
 * "not available" on the login screen instead of crashing the app.
 */
async function registerProvider(app: FastifyInstance, routes: ProviderRoutes, config: OAuthProviderConfig) {
  const document = await discover(config.issuerUrl);
  const name = `${routes.provider}OAuth2`;
  const authorize = new URL(document.authorization_endpoint);
  const token = new URL(document.token_endpoint);
  await app.register(fastifyOauth2, {
    name,
    scope: ['openid', 'email', 'profile'],
    credentials: {
      client: { id: config.clientId, secret: config.clientSecret },
      auth: {
        authorizeHost: authorize.origin,
        authorizePath: authorize.pathname,
        tokenHost: token.origin,
        tokenPath: token.pathname,
      },
      options: { authorizationMethod: 'body' },
      // The code-for-token exchange (simple-oauth2 over @hapi/wreck): the same deadline, for the
      // request and for reading its answer, each aborted when it passes.
      http: { timeout: PROVIDER_TIMEOUT_MS },
    },
    startRedirectPath: routes.startPath,
    callbackUri: `${app.config.publicUrl}${routes.callbackPath}`,
    pkce: 'S256',
    cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure: 'auto' },
  });
  const client = (app as unknown as Record<string, OAuth2Namespace>)[name];
  if (!client) throw new Error(`${name} did not register`);

  app.get(routes.callbackPath, async (request: FastifyRequest, reply: FastifyReply) => {
    let claims: ExternalClaims;
    try {
      // Checks the state against its cookie and sends the PKCE verifier; throws on a mismatch.
      const { token: tokens } = await client.getAccessTokenFromAuthorizationCodeFlow(request, reply);
      const userinfo = await providerJson(document.userinfo_endpoint, 'userinfo', {
        authorization: `Bearer ${tokens.access_token}`,
      });
      claims = ExternalClaims.parse(userinfo);
    } catch (error) {
      request.log.warn({ err: error, provider: routes.provider }, 'external sign-in refused');
      return toLogin(reply, 'oauth-failed');
    }
    const outcome = await resolveExternalUser(app.deps, routes.provider, claims);
    if ('notice' in outcome) return toLogin(reply, outcome.notice);
    await request.session.regenerate();
    request.session.set('userId', outcome.user.id);
    await request.session.save();
    // "/" sends the member on to /show or /onboarding.
    return reply.redirect('/');
  });
}

const external: FastifyPluginAsync = async (app) => {
  for (const routes of providers) {
    const config = app.config.oauth[routes.provider];
    let available = false;
    if (config) {
      try {
        await registerProvider(app, routes, config);
        available = true;
      } catch (error) {
        app.log.error({ err: error, provider: routes.provider }, 'external sign-in disabled: provider setup failed');
      }
    }
    if (!available) app.get(routes.startPath, async (_request, reply) => toLogin(reply, routes.unavailable));
  }

  // Browser navigation: end our session and return to the landing page, but only from
  // our own pages; a link on another site gets a confirmation instead. No HEAD twin: nothing but a
  // real navigation may sign out.
  app.get('/api/logout', { exposeHeadRoute: false }, logoutByNavigation(publicOriginOf(app.config)));
};

export default external;
