import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { BaseLogger } from 'pino';

/** The log calls this package makes: a Fastify logger and a pino logger both fit. */
export type NotifyLog = Pick<BaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe on reminders). */
  headers?: Record<string, string>;
  /** `<id@host>`: stable per outbox row, so a resend is recognisable as the same message. */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const LINK = /https?:\/\/\S+/g;

/**
 * How long one message may take at each stage. Nodemailer's defaults (2 min to connect, 10 min of
 * socket silence) would hold an outbox row's lease far longer than a stuck SMTP server deserves;
 * the delivery lease (outbox.ts LEASE_MS) is longer than all of these together.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * A link as production may log it: every query value and any fragment replaced, since that is where
 * a link's secret travels (verification, reset and unsubscribe tokens) — a logged working link
 * lets whoever reads the log act as the recipient.
 */
function redactLink(link: string): string {
  return link.replace(/([?&][^=&#]*=)[^&#]*/g, '$1[redacted]').replace(/#.*/, '#[redacted]');
}

/**
 * SMTP when SMTP_URL is set. Without it, the message (with its link) goes to the server log,
 * so someone running the vault locally can still verify an email or reset a password. The links
 * are also a field of their own: in JSON logs they stay readable (not inside the escaped text),
 * and pino-pretty (`pnpm dev`) prints the text with each link alone on a clickable line.
 * `redactLinks` (production, env's mailLinksRedacted) logs them without their tokens instead.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  log: NotifyLog;
  redactLinks?: boolean;
}): Mailer {
  if (!options.smtpUrl) {
    const redact = options.redactLinks ? redactLink : (link: string) => link;
    const note = options.redactLinks
      ? 'not sent: MAIL_TRANSPORT=log, links without their tokens'
      : 'not sent: no SMTP_URL';
    return {
      async send(message) {
        const links = (message.text.match(LINK) ?? []).map(redact);
        options.log.info(
          { mail: { to: message.to, subject: message.subject, links } },
          `email (${note})\n${message.text.replace(LINK, redact)}`,
        );
      },
    };
  }
  const smtp: SMTPTransport.Options = { url: options.smtpUrl, ...SMTP_TIMEOUTS };
  const transport = nodemailer.createTransport(smtp);
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}
