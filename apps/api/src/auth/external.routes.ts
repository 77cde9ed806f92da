import fastifyOauth2, { type OAuth2Namespace } from '@fastify/oauth2';
import type { LoginNotice } from '@vault/contracts';
import { withTimeout } from '@vault/server';
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

async function discover(issuerUrl: string): Promise<DiscoveryDocument> {
  const url = `${issuerUrl.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const response = await withTimeout(fetch(url), 5000, `OIDC discovery at ${url}`);
  if (!response.ok) throw new Error(`OIDC discovery at ${url} answered ${response.status}`);
  return DiscoveryDocument.parse(await response.json());
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
      const response = await withTimeout(
        fetch(document.userinfo_endpoint, { headers: { authorization: `Bearer ${tokens.access_token}` } }),
        5000,
        'userinfo',
      );
      if (!response.ok) throw new Error(`userinfo answered ${response.status}`);
      claims = ExternalClaims.parse(await response.json());
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
