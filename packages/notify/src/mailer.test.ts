import { Writable } from 'node:stream';
import { logStream } from '@vault/server';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer';

const VERIFY = 'http://localhost:5173/api/auth/verify?token=abc_DEF-123';
const message = {
  to: 'ada@example.com',
  subject: 'Verify your email for the Vault',
  text: `Welcome to the Vault, Ada.\n\nVerify your email address:\n${VERIFY}\n\nThe link works once, for 48 hours.`,
};

/** A real pino logger writing into a string through the apps' own log stream, as JSON or pretty. */
function capture(format: 'json' | 'pretty') {
  let out = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      out += chunk.toString();
      done();
    },
  });
  return { log: pino({ level: 'info' }, logStream(format, sink)), output: () => out };
}

describe('the mailer without SMTP_URL', () => {
  it('logs JSON with the links in a field of their own', async () => {
    const { log, output } = capture('json');
    await createMailer({ from: 'x', log }).send(message);
    const entry = JSON.parse(output());
    expect(entry.mail).toEqual({ to: message.to, subject: message.subject, links: [VERIFY] });
    expect(entry.msg).toContain(VERIFY);
  });

  it('gives the link a line of its own in pretty logs', async () => {
    const { log, output } = capture('pretty');
    await createMailer({ from: 'x', log }).send(message);
    const lines = output().split('\n');
    expect(lines).toContain(VERIFY);
    expect(lines[0]).toMatch(/INFO: email \(not sent: no SMTP_URL\)$/);
  });

  it('writes the links without their tokens when asked (production), and nothing else of them', async () => {
    const { log, output } = capture('json');
    const unsubscribe = 'https://vault.example.com/api/reminders/unsubscribe?token=u_SECRET&show=7#x';
    await createMailer({ from: 'x', log, redactLinks: true }).send({
      ...message,
      text: `${message.text}\nStop these: ${unsubscribe}`,
    });
    const raw = output();
    expect(raw).not.toContain('abc_DEF-123');
    expect(raw).not.toContain('u_SECRET');
    const entry = JSON.parse(raw);
    expect(entry.mail.links).toEqual([
      'http://localhost:5173/api/auth/verify?token=[redacted]',
      'https://vault.example.com/api/reminders/unsubscribe?token=[redacted]&show=[redacted]#[redacted]',
    ]);
    expect(entry.msg).toContain('http://localhost:5173/api/auth/verify?token=[redacted]');
  });
});
