import { EnvError } from '@vault/server';
import { describe, expect, it } from 'vitest';
import { loadApiEnv } from './env';

const secret = 'x'.repeat(32);

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
    expect(loadApiEnv({ ...urls, SESSION_SECRET: secret }).mode).toBe('scaled');
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

  it('treats an empty variable as unset', () => {
    expect(loadApiEnv({ PORT: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }).PORT).toBe(3000);
  });

  it('wants the admin email and password together', () => {
    expect(() => loadApiEnv({ ADMIN_EMAIL: 'a@b.co' })).toThrow(
      /ADMIN_PASSWORD: set ADMIN_EMAIL and ADMIN_PASSWORD together/,
    );
  });
});
