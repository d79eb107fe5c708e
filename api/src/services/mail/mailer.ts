import type { Db } from '@coinsight/db';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

export interface Mailer {
  /** Sends (SMTP) or stores and prints (outbox) one message; throws when it cannot. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
  readonly transport: 'smtp' | 'outbox';
}

/** The part of a pino logger the mailer writes to. */
export interface MailLog {
  info(details: object, message: string): void;
}

export class MailHeaderError extends Error {
  constructor(field: string) {
    super(`The ${field} of a message may not contain line breaks`);
    this.name = 'MailHeaderError';
  }
}

// A line break in a header field would let its value add headers or recipients of its own.
function assertSingleLine(message: MailMessage): void {
  for (const field of ['to', 'subject', 'replyTo'] as const) {
    const value = message[field];
    if (value !== undefined && /[\r\n]/.test(value)) throw new MailHeaderError(field === 'replyTo' ? 'reply-to' : field);
  }
}

/**
 * SMTP_URL set: nodemailer over SMTP. Unset: the message goes to the outbox table, and with
 * `printMail` (the embedded default only) to the log as well, so someone running the app locally
 * can read it and follow a reset link in it. A server's log is read by more people than its
 * users' mail is, so elsewhere the log says only that a mail was stored.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; db: Db; log: MailLog; printMail: boolean }): Mailer {
  const { smtpUrl, from, db, log, printMail } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      transport: 'smtp',
      async send(message) {
        assertSingleLine(message);
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, replyTo: message.replyTo });
      },
      async close() {
        transport.close();
      },
    };
  }
  return {
    transport: 'outbox',
    async send(message) {
      assertSingleLine(message);
      await db
        .insertInto('outbox')
        .values({ to_address: message.to, subject: message.subject, text_body: message.text, reply_to: message.replyTo ?? null })
        .execute();
      if (!printMail) {
        log.info({ mail: { subject: message.subject } }, 'mail stored in the outbox (no SMTP_URL; bodies are printed only in the embedded mode)');
        return;
      }
      log.info({ mail: { to: message.to, subject: message.subject, text: message.text } }, 'mail stored in the outbox (no SMTP_URL)');
    },
    async close() {},
  };
}
