import { EnvError } from '@vault/server';
import { describe, expect, it } from 'vitest';
import { loadWorkerEnv } from './env';

const scaled = { DATABASE_URL: 'postgres://u@db/v', REDIS_URL: 'redis://r:6379' };

describe('worker environment', () => {
  it('refuses production without SMTP_URL (unless the log is chosen) and without PUBLIC_URL, in one message', () => {
    try {
      loadWorkerEnv({ ...scaled, NODE_ENV: 'production' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const message = (error as EnvError).message;
      expect(message).toContain('SMTP_URL: NODE_ENV=production sends email through SMTP_URL');
      expect(message).toContain('PUBLIC_URL: is required in production');
    }
    const logged = loadWorkerEnv({
      ...scaled,
      NODE_ENV: 'production',
      MAIL_TRANSPORT: 'log',
      PUBLIC_URL: 'https://vault.example.com',
    });
    expect(logged).toMatchObject({ PUBLIC_URL: 'https://vault.example.com', mailLinksRedacted: true });
  });

  it('outside production logs emails with their links, pointing at localhost by default', () => {
    expect(loadWorkerEnv(scaled)).toMatchObject({ PUBLIC_URL: 'http://localhost:3000', mailLinksRedacted: false });
  });
});
