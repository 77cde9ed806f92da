import { backends } from '@vault/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiEnv } from '../../src/env';
import { buildTestApp, ORIGIN, type TestApp } from '../test-app';

const PROXY = '10.0.0.2';
const withIpRoute = (app: FastifyInstance) => app.get('/test/ip', async (request) => ({ ip: request.ip }));

describe.each(backends)('which client address the app believes, on %s', (backend) => {
  const apps: TestApp[] = [];
  const build = async (TRUST_PROXY: string) => {
    const t = await buildTestApp(backend, {
      trustProxy: loadApiEnv({ TRUST_PROXY }).TRUST_PROXY,
      prepare: withIpRoute,
      // Five failures per IP, so the spray below is short; the mechanism is the production one.
      config: { limits: { login: { failuresPerIp: 5 } } },
    });
    apps.push(t);
    return t;
  };
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
  });
  const ipSeen = async (app: FastifyInstance, remoteAddress: string, forwardedFor?: string) =>
    (
      await app.inject({
        method: 'GET',
        url: '/test/ip',
        remoteAddress,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      })
    ).json().ip;

  describe('TRUST_PROXY=true (docker-compose: one HAProxy in front)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await build('true');
    });

    it('takes the entry the proxy appended, not the ones the client wrote', async () => {
      expect(await ipSeen(t.app, PROXY, '6.6.6.6, 1.2.3.4')).toBe('1.2.3.4');
      expect(await ipSeen(t.app, PROXY, '1.2.3.4')).toBe('1.2.3.4');
    });

    it('so a client rotating its own X-Forwarded-For cannot escape the per-IP login limit', async () => {
      const codes: number[] = [];
      for (let i = 1; i <= 6; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `spray${i}@example.com`, password: 'wrong-password' },
          remoteAddress: PROXY,
          // What HAProxy forwards: whatever the client sent, then the address it saw.
          headers: { origin: ORIGIN, 'x-forwarded-for': `${i}.${i}.${i}.${i}, 1.2.3.4` },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    });
  });

  it('ignores X-Forwarded-For when TRUST_PROXY is false (the default)', async () => {
    const t = await build('false');
    expect(await ipSeen(t.app, '198.51.100.1', '6.6.6.6, 1.2.3.4')).toBe('198.51.100.1');
  });

  it('with a list of proxy addresses, believes X-Forwarded-For only from those', async () => {
    const t = await build(`${PROXY}, 192.168.0.0/16`);
    expect(await ipSeen(t.app, PROXY, '6.6.6.6, 1.2.3.4')).toBe('1.2.3.4');
    expect(await ipSeen(t.app, '192.168.4.4', '6.6.6.6, 1.2.3.4')).toBe('1.2.3.4');
    expect(await ipSeen(t.app, '198.51.100.1', '6.6.6.6, 1.2.3.4')).toBe('198.51.100.1');
  });
});
