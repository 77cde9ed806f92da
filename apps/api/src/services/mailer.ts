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

/**
 * SMTP when SMTP_URL is set. Without it, the message (with its link) goes to the server log,
 * so someone running the vault locally can still verify an email or reset a password.
 */
export function createMailer(options: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(message) {
        options.log.info(
          { mail: { to: message.to, subject: message.subject } },
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
