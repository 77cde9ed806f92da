import { authMessages } from '@vault/contracts';
import { backends, type ParsedMail, type SmtpCapture, startSmtpCapture } from '@vault/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/core/tokens';
import { cheapPasswordHash } from '../support/passwords';
import { buildTestApp, ORIGIN, type TestApp } from '../test-app';

/** What a slow mail provider takes to accept one message. */
const SMTP_DELAY_MS = 1500;
const PHISH = 'Claim your refund at https://vault-refunds.example/now';

/**
 * Verification and reset emails go through the mail outbox, sent after the answer (by the API's
 * notifier when embedded, by the worker when scaled), through a real SMTP server that is slow.
 */
describe.each(backends)('account emails on %s (slow real SMTP)', (backend) => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let n = 0;
  beforeAll(async () => {
    smtp = await startSmtpCapture({ acceptDelayMs: SMTP_DELAY_MS });
    t = await buildTestApp(backend, { config: { smtpUrl: smtp.url }, notifyWorker: true });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const post = (url: string, payload: object, app: FastifyInstance = t.app) =>
    app.inject({ method: 'POST', url, payload, remoteAddress: `198.51.100.${++n}`, headers: { origin: ORIGIN } });
  const timed = async (url: string, payload: object) => {
    const started = performance.now();
    const res = await post(url, payload);
    return { res, ms: performance.now() - started };
  };
  const isTo = (email: string) => (m: ParsedMail) => !!m.to && !Array.isArray(m.to) && m.to.text === email;
  const mailsTo = (email: string) => smtp.messages.filter(isTo(email));
  const mailTo = (email: string) => smtp.waitFor(isTo(email), 15_000);
  async function member(firstName = 'Ada') {
    const email = `mail-${backend}-${++n}@example.com`;
    await t.database.db
      .insertInto('users')
      .values({ email, password: await cheapPasswordHash('right-password-1'), firstName, lastName: 'Blade' })
      .execute();
    return email;
  }

  it('answers forgot-password as fast for an existing account as for an unknown one, and mails it once', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    const emails: string[] = [];
    for (let i = 0; i < 3; i++) {
      const email = await member();
      emails.push(email);
      const real = await timed('/api/auth/forgot-password', { email });
      const ghost = await timed('/api/auth/forgot-password', { email: `ghost-${backend}-${++n}@example.com` });
      expect(real.res.json()).toEqual({ message: authMessages.forgotPasswordSent });
      expect(ghost.res.json()).toEqual(real.res.json());
      known.push(real.ms);
      unknown.push(ghost.ms);
    }
    // Waiting on the SMTP server would take SMTP_DELAY_MS; neither answer does.
    expect(Math.max(...known)).toBeLessThan(SMTP_DELAY_MS / 3);
    expect(Math.max(...unknown)).toBeLessThan(SMTP_DELAY_MS / 3);
    for (const email of emails) await mailTo(email);
    await new Promise((r) => setTimeout(r, 1000));
    for (const email of emails) expect(mailsTo(email)).toHaveLength(1);
  });

  it('sends the verification email after the answer, with no typed text and our link only', async () => {
    const email = `verify-${backend}-${++n}@example.com`;
    const res = await post('/api/auth/register', {
      firstName: PHISH,
      lastName: 'https://vault-refunds.example',
      email,
      password: 'sharp-edges-99',
    });
    expect(res.statusCode).toBe(201);
    const mail = await mailTo(email);
    expect(mail.subject).toBe('Verify your email for the Vault');
    expect(mail.text).toContain('Welcome to the Vault.');
    expect(`${mail.subject} ${mail.text} ${mail.html}`).not.toMatch(/refund|vault-refunds/);
    const hrefs = [...String(mail.html).matchAll(/href="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(hrefs).toHaveLength(1);
    expect(hrefs[0]).toMatch(new RegExp(`^${ORIGIN}/api/auth/verify\\?token=[\\w-]+$`));
    // The link in it works.
    const token = decodeURIComponent(hrefs[0]?.split('token=')[1] ?? '');
    const verified = await t.app.inject({ method: 'GET', url: `/api/auth/verify?token=${token}` });
    expect(verified.headers.location).toBe('/login?notice=verified');
  });

  it('greets nobody by their typed name in the reset email', async () => {
    const email = await member(PHISH);
    await post('/api/auth/forgot-password', { email });
    const mail = await mailTo(email);
    expect(`${mail.subject} ${mail.text} ${mail.html}`).not.toMatch(/refund|vault-refunds/);
    const hrefs = [...String(mail.html).matchAll(/href="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(hrefs).toEqual([expect.stringMatching(new RegExp(`^${ORIGIN}/reset-password\\?token=[\\w-]+$`))]);
  });

  it('keeps no live link token in the database: the outbox row holds none, the account only its hash', async () => {
    const email = await member();
    await post('/api/auth/forgot-password', { email });
    const mail = await mailTo(email);
    const token = decodeURIComponent(mail.text?.match(/reset-password\?token=([\w%-]+)/)?.[1] ?? '');
    expect(token).not.toBe('');
    const user = await t.database.db
      .selectFrom('users')
      .select(['id', 'resetToken'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.resetToken).toBe(hashToken(token));
    const rows = await t.database.db.selectFrom('mailOutbox').selectAll().where('userId', '=', user.id).execute();
    expect(rows.map((r) => r.kind)).toEqual(['password_reset']);
    expect(JSON.stringify(rows)).not.toContain(token);
    // And the link resets the password.
    const reset = await post('/api/auth/reset-password', { token, password: 'brand-new-pass-1' });
    expect(reset.statusCode).toBe(200);
  });
});
