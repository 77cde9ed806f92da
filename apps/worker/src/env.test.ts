import { generateVapidKeys } from '@vault/notify';
import { EnvError } from '@vault/server';
import { describe, expect, it } from 'vitest';
import { loadWorkerEnv } from './env';

const keys = generateVapidKeys();
const vapid = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
const scaled = { DATABASE_URL: 'postgres://u@db/v', REDIS_URL: 'redis://r:6379', ...vapid };

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

  it("requires the API's VAPID pair and resolves what the push sender needs", () => {
    const { VAPID_PUBLIC_KEY: _, ...withoutPublic } = scaled;
    expect(() => loadWorkerEnv(withoutPublic)).toThrow(/VAPID_PUBLIC_KEY: is required in scaled mode/);
    expect(() => loadWorkerEnv({ ...scaled, VAPID_PRIVATE_KEY: generateVapidKeys().privateKey })).toThrow(
      /VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY/,
    );
    const env = loadWorkerEnv({ ...scaled, PUBLIC_URL: 'https://vault.example.com' });
    expect(env.push).toMatchObject({ ...keys, subject: 'mailto:admin@vault.example.com' });
    expect(env.push.serviceHosts).toContainEqual({ kind: 'suffix', suffix: 'push.apple.com' });
    const local = loadWorkerEnv({
      ...scaled,
      VAPID_SUBJECT: 'mailto:ops@vault.test',
      PUSH_SERVICE_HOSTS: 'http://127.0.0.1:4567',
    });
    expect(local.push).toMatchObject({
      subject: 'mailto:ops@vault.test',
      serviceHosts: [{ kind: 'plain', host: '127.0.0.1', port: '4567' }],
    });
  });
});
