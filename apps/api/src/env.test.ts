import { EnvError } from '@vault/server';
import { describe, expect, it } from 'vitest';
import { loadApiEnv } from './env';

const secret = 'x'.repeat(32);
const gateway = {
  AUTHNET_API_LOGIN_ID: 'a1b2c3d4e5',
  AUTHNET_TRANSACTION_KEY: 'k'.repeat(16),
  AUTHNET_CLIENT_KEY: 'c'.repeat(64),
};

describe('API environment', () => {
  it('needs nothing at all for embedded mode', () => {
    const env = loadApiEnv({});
    expect(env).toMatchObject({
      mode: 'embedded',
      PORT: 3000,
      SEED_DEMO: true,
      SERVE_WEB: true,
      REDIS_PREFIX: 'vault',
    });
    expect(env.DATA_DIR).toMatch(/\.data$/);
  });

  it('is scaled when both DATABASE_URL and REDIS_URL are set, and then requires SESSION_SECRET', () => {
    const urls = { DATABASE_URL: 'postgres://u@db/v', REDIS_URL: 'redis://r:6379' };
    expect(() => loadApiEnv(urls)).toThrow(/SESSION_SECRET: is required in scaled mode/);
    expect(loadApiEnv({ ...urls, SESSION_SECRET: secret, ...gateway }).mode).toBe('scaled');
  });

  it('refuses half of scaled mode', () => {
    expect(() => loadApiEnv({ DATABASE_URL: 'postgres://u@db/v', SESSION_SECRET: secret })).toThrow(
      /REDIS_URL: scaled mode needs both/,
    );
  });

  it('lists every problem in one message', () => {
    try {
      loadApiEnv({ PORT: 'abc', SEED_DEMO: 'maybe', REDIS_URL: 'http://nope', SESSION_SECRET: 'short' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const message = (error as EnvError).message;
      expect(message).toContain('PORT: must be a number');
      expect(message).toContain('SEED_DEMO: must be true or false');
      expect(message).toContain('REDIS_URL: must be a redis:// URL');
      expect(message).toContain('SESSION_SECRET: must be at least 32 characters');
      expect((error as EnvError).problems.length).toBeGreaterThanOrEqual(4);
    }
  });

  it('refuses production without real gateway credentials unless the simulator is chosen', () => {
    expect(() => loadApiEnv({ NODE_ENV: 'production' })).toThrow(
      /AUTHNET_MODE: NODE_ENV=production needs Authorize\.Net credentials .*set AUTHNET_MODE=simulator/,
    );
    expect(loadApiEnv({ NODE_ENV: 'production', AUTHNET_MODE: 'simulator' }).authnetMode).toBe('simulator');
    expect(loadApiEnv({ NODE_ENV: 'production', ...gateway }).authnetMode).toBe('authorize.net');
    expect(loadApiEnv({}).authnetMode).toBe('simulator');
  });

  it('requires the simulator credentials in scaled mode (nothing defaults them)', () => {
    const scaled = { DATABASE_URL: 'postgres://u@db/v', REDIS_URL: 'redis://r:6379', SESSION_SECRET: secret };
    try {
      loadApiEnv({ ...scaled, AUTHNET_MODE: 'simulator' });
      expect.unreachable();
    } catch (error) {
      const message = (error as EnvError).message;
      for (const key of ['AUTHNET_API_LOGIN_ID', 'AUTHNET_TRANSACTION_KEY', 'AUTHNET_CLIENT_KEY'])
        expect(message).toContain(`${key}: is required in scaled mode with AUTHNET_MODE=simulator`);
    }
    expect(() => loadApiEnv(scaled)).toThrow(/AUTHNET_API_LOGIN_ID: is required in scaled mode/);
    expect(() =>
      loadApiEnv({ ...scaled, AUTHNET_MODE: 'simulator', ...gateway, AUTHNET_TRANSACTION_KEY: 'short' }),
    ).toThrow(/AUTHNET_TRANSACTION_KEY: must be at least 16 characters/);
    expect(() => loadApiEnv({ AUTHNET_MODE: 'simulator', AUTHNET_API_LOGIN_ID: 'only-one' })).toThrow(/together/);
    expect(loadApiEnv({ ...scaled, AUTHNET_MODE: 'simulator', ...gateway })).toMatchObject({
      mode: 'scaled',
      authnetMode: 'simulator',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadApiEnv({ PORT: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }).PORT).toBe(3000);
  });

  it('wants the admin email and password together', () => {
    expect(() => loadApiEnv({ ADMIN_EMAIL: 'a@b.co' })).toThrow(
      /ADMIN_PASSWORD: set ADMIN_EMAIL and ADMIN_PASSWORD together/,
    );
  });
});
