import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const LINK = /https?:\/\/\S+/g;

/**
 * SMTP when SMTP_URL is set. Without it, the message (with its link) goes to the server log,
 * so someone running the vault locally can still verify an email or reset a password. The links
 * are also a field of their own: in JSON logs they stay readable (not inside the escaped text),
 * and pino-pretty (`pnpm dev`) prints the text with each link alone on a clickable line.
 */
export function createMailer(options: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(message) {
        const links = message.text.match(LINK) ?? [];
        options.log.info(
          { mail: { to: message.to, subject: message.subject, links } },
          `email (not sent: no SMTP_URL)\n${message.text}`,
        );
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}
