import { generateVapidKeys } from '@vault/notify';
import { EnvError } from '@vault/server';
import { describe, expect, it } from 'vitest';
import { loadApiEnv } from './env';

const secret = 'x'.repeat(32);
const gateway = {
  AUTHNET_API_LOGIN_ID: 'a1b2c3d4e5',
  AUTHNET_TRANSACTION_KEY: 'k'.repeat(16),
  AUTHNET_CLIENT_KEY: 'c'.repeat(64),
};
const scaledWithoutPush = {
  DATABASE_URL: 'postgres://u@db/v',
  REDIS_URL: 'redis://r:6379',
  SESSION_SECRET: secret,
  ...gateway,
};
const keys = generateVapidKeys();
const vapid = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };

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
    expect(loadApiEnv({ ...urls, SESSION_SECRET: secret, ...gateway, ...vapid }).mode).toBe('scaled');
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
    const mail = { PUBLIC_URL: 'https://vault.example.com', MAIL_TRANSPORT: 'log' };
    expect(loadApiEnv({ NODE_ENV: 'production', AUTHNET_MODE: 'simulator', ...mail }).authnetMode).toBe('simulator');
    expect(loadApiEnv({ NODE_ENV: 'production', ...gateway, ...mail }).authnetMode).toBe('authorize.net');
    expect(loadApiEnv({}).authnetMode).toBe('simulator');
  });

  it('requires the simulator credentials in scaled mode (nothing defaults them)', () => {
    const scaled = { DATABASE_URL: 'postgres://u@db/v', REDIS_URL: 'redis://r:6379', SESSION_SECRET: secret, ...vapid };
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

  describe('in production', () => {
    const production = { NODE_ENV: 'production', AUTHNET_MODE: 'simulator' };
    const mailed = { ...production, PUBLIC_URL: 'https://vault.example.com', SMTP_URL: 'smtp://mail.example.com' };

    it('refuses to start without SMTP_URL (unless the log is chosen) and without PUBLIC_URL, in one message', () => {
      try {
        loadApiEnv(production);
        expect.unreachable();
      } catch (error) {
        const message = (error as EnvError).message;
        expect(message).toContain('SMTP_URL: NODE_ENV=production sends email through SMTP_URL');
        expect(message).toContain('set MAIL_TRANSPORT=log');
        expect(message).toContain('PUBLIC_URL: is required in production');
      }
      expect(loadApiEnv(mailed).mailLinksRedacted).toBe(true);
      const logged = loadApiEnv({ ...production, PUBLIC_URL: 'https://vault.example.com', MAIL_TRANSPORT: 'log' });
      expect(logged).toMatchObject({ MAIL_TRANSPORT: 'log', mailLinksRedacted: true });
      expect(logged.SMTP_URL).toBeUndefined();
    });

    it('wants MAIL_TRANSPORT to agree with SMTP_URL', () => {
      expect(() => loadApiEnv({ MAIL_TRANSPORT: 'smtp' })).toThrow(/MAIL_TRANSPORT: smtp needs SMTP_URL/);
      expect(() => loadApiEnv({ ...mailed, MAIL_TRANSPORT: 'log' })).toThrow(/MAIL_TRANSPORT: log .*unset SMTP_URL/);
      expect(loadApiEnv({ ...mailed, MAIL_TRANSPORT: 'smtp' }).SMTP_URL).toBe('smtp://mail.example.com');
    });

    it('seeds no demo unless SEED_DEMO=true is set; elsewhere the demo is the default', () => {
      expect(loadApiEnv(mailed).SEED_DEMO).toBe(false);
      expect(loadApiEnv({ ...mailed, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
      expect(loadApiEnv({}).SEED_DEMO).toBe(true);
      expect(loadApiEnv({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    });
  });

  it('writes full links to the log outside production (the walkthrough follows them)', () => {
    expect(loadApiEnv({}).mailLinksRedacted).toBe(false);
    expect(loadApiEnv({ NODE_ENV: 'development' }).mailLinksRedacted).toBe(false);
  });

  it('opens no fixed metrics port in embedded mode unless METRICS_PORT is set; scaled mode defaults to 9464', () => {
    const scaled = { ...scaledWithoutPush, ...vapid };
    expect(loadApiEnv({}).metrics).toBeNull();
    expect(loadApiEnv({ METRICS_PORT: '0' }).metrics).toEqual({ host: '127.0.0.1', port: 0 });
    expect(loadApiEnv({ METRICS_PORT: '9500', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({
      host: '0.0.0.0',
      port: 9500,
    });
    expect(loadApiEnv(scaled).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(loadApiEnv({ ...scaled, METRICS_ENABLED: 'false' }).metrics).toBeNull();
  });

  describe('Web Push', () => {
    const scaled = scaledWithoutPush;

    it('requires the VAPID pair in scaled mode; embedded mode generates one when unset', () => {
      // Both named in the one message.
      expect(() => loadApiEnv(scaled)).toThrow(
        /VAPID_PUBLIC_KEY: is required in scaled mode[\s\S]*VAPID_PRIVATE_KEY: is required in scaled mode/,
      );
      expect(loadApiEnv({ ...scaled, ...vapid })).toMatchObject({ mode: 'scaled', ...vapid });
      expect(loadApiEnv({}).VAPID_PUBLIC_KEY).toBeUndefined();
      expect(() => loadApiEnv({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
        /VAPID_PRIVATE_KEY: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together/,
      );
    });

    it('takes only an uncompressed P-256 public key with its own 32-byte private key', () => {
      const compressed = Buffer.from(keys.publicKey, 'base64url').subarray(0, 33).toString('base64url');
      expect(() => loadApiEnv({ ...vapid, VAPID_PUBLIC_KEY: compressed })).toThrow(
        /VAPID_PUBLIC_KEY: must be an uncompressed P-256 public key \(65 bytes, base64url\)/,
      );
      const notAPoint = `C${keys.publicKey.slice(1)}`;
      expect(() => loadApiEnv({ ...vapid, VAPID_PUBLIC_KEY: notAPoint })).toThrow(/starting with byte 0x04/);
      expect(() => loadApiEnv({ ...vapid, VAPID_PRIVATE_KEY: 'a+b/c=' })).toThrow(
        /VAPID_PRIVATE_KEY: must be a base64url string/,
      );
      const other = generateVapidKeys();
      expect(() => loadApiEnv({ ...vapid, VAPID_PRIVATE_KEY: other.privateKey })).toThrow(
        /VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY/,
      );
      const zero = Buffer.alloc(32).toString('base64url');
      expect(() => loadApiEnv({ ...vapid, VAPID_PRIVATE_KEY: zero })).toThrow(/not a valid P-256 private key/);
    });

    it('takes a mailto: or https: subject, and push service hosts it can use', () => {
      expect(loadApiEnv({ VAPID_SUBJECT: 'mailto:ops@vault.example' }).VAPID_SUBJECT).toBe('mailto:ops@vault.example');
      expect(loadApiEnv({ VAPID_SUBJECT: 'https://vault.example/contact' }).VAPID_SUBJECT).toBeDefined();
      expect(() => loadApiEnv({ VAPID_SUBJECT: 'ops@vault.example' })).toThrow(/VAPID_SUBJECT: must be a mailto:/);
      expect(() => loadApiEnv({ VAPID_SUBJECT: 'http://vault.example' })).toThrow(/VAPID_SUBJECT/);
      expect(loadApiEnv({}).PUSH_SERVICE_HOSTS).toContain('fcm.googleapis.com');
      expect(loadApiEnv({ PUSH_SERVICE_HOSTS: 'http://127.0.0.1:4567' }).PUSH_SERVICE_HOSTS).toBe(
        'http://127.0.0.1:4567',
      );
      expect(() => loadApiEnv({ PUSH_SERVICE_HOSTS: 'fcm.googleapis.com,*.com' })).toThrow(
        /PUSH_SERVICE_HOSTS: not a push service host: \*\.com/,
      );
    });
  });
});
