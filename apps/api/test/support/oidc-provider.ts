import { freePort } from '@vault/testing';
import { OAuth2Server } from 'oauth2-mock-server';
import { expect } from 'vitest';
import type { Agent } from '../test-app';

/**
 * A real OpenID Connect server on localhost that plays Google and the external provider:
 * discovery, authorisation with state and PKCE (it checks the S256 verifier), token exchange and
 * userinfo. Its userinfo answers whatever the test last put in `claims`.
 */
export interface OidcProvider {
  server: OAuth2Server;
  /** What the next userinfo call answers. */
  claims: Record<string, unknown>;
  /** The provider settings for AppConfig.oauth.google / .oidc. */
  config(): { issuerUrl: string; clientId: string; clientSecret: string };
  /** Follows the provider's redirect the way a browser would, and returns our callback URL (path and query). */
  throughProvider(a: Agent, startPath: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startOidcProvider(): Promise<OidcProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(await freePort(), '127.0.0.1');
  const provider: OidcProvider = {
    server,
    claims: {},
    config: () => ({ issuerUrl: server.issuer.url ?? '', clientId: 'vault-test', clientSecret: 'vault-test-secret' }),
    async throughProvider(a, startPath) {
      const start = await a.get(startPath);
      expect(start.statusCode).toBe(302);
      const authorize = new URL(String(start.headers.location));
      expect(authorize.origin).toBe(server.issuer.url);
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authorize.searchParams.get('state')).toBeTruthy();
      const atProvider = await fetch(authorize, { redirect: 'manual' });
      const callback = new URL(String(atProvider.headers.get('location')));
      return `${callback.pathname}${callback.search}`;
    },
    stop: () => server.stop(),
  };
  server.service.on('beforeUserinfo', (userInfo) => {
    userInfo.body = provider.claims;
  });
  return provider;
}
