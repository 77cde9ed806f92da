import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type { ParsedMail };

export interface SmtpCapture {
  /** `smtp://127.0.0.1:<port>`: the SMTP_URL for the app under test. */
  url: string;
  port: number;
  /** Every message accepted so far, parsed, in arrival order. */
  messages: ParsedMail[];
  /** The first message (already here or still to come) that matches; rejects after the timeout. */
  waitFor(predicate: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  /** Stops listening, as an SMTP server that went down: connections are refused. */
  stop(): Promise<void>;
  /** Listens again on the same port (after stop()). */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps what it receives, parsed with mailparser: tests send
 * email through real SMTP and read it back as a mail client would. No TLS, any sender, no auth.
 * `acceptDelayMs` holds each message that long before accepting it: a slow mail provider.
 */
export async function startSmtpCapture(options: { acceptDelayMs?: number } = {}): Promise<SmtpCapture> {
  const messages: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  let server: SMTPServer | null = null;

  const listen = async (port: number) => {
    const next = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // stop() must not wait the default 30 s for a client's open connection.
      closeTimeout: 100,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then(async (mail) => {
            if (options.acceptDelayMs) await new Promise((resolve) => setTimeout(resolve, options.acceptDelayMs));
            messages.push(mail);
            for (const check of waiters) check();
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        next.off('error', reject);
        resolve();
      });
    });
    server = next;
    return next;
  };
  const stop = async () => {
    const current = server;
    server = null;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  const first = await listen(0);
  const port = (first.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          const seen = messages.map((m) => m.subject).join(' | ') || 'none';
          reject(new Error(`no matching email within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    stop,
    async start() {
      if (!server) await listen(port);
    },
    close: stop,
  };
}
