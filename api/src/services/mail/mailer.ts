import type { Db } from '@coinsight/db';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /**
   * Sends (SMTP) or stores and prints (outbox) one message; throws when it cannot. Past the global
   * sending rate the message is queued in the outbox table instead, for the mail sweep to send.
   */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends a queued message when the global rate has a place for it ('sent'), else sends nothing
   * ('waiting'); throws when the mail server refuses it. For the mail sweep only.
   */
  sendQueued(message: MailMessage): Promise<'sent' | 'waiting'>;
  /** Stores a message in the outbox for the mail sweep to send (SMTP); without SMTP, keeps it. */
  queue(message: MailMessage): Promise<void>;
  /** Stores and prints a message without sending it, whatever the transport: mail with nowhere to go. */
  keep(message: MailMessage): Promise<void>;
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
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    if (/[\r\n:]/.test(name) || /[\r\n]/.test(value)) throw new MailHeaderError(`${name} header`);
  }
}

const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;

/** The links of a mail, each whole, so a person can follow one from a log. */
export function linksIn(text: string): string[] {
  // A sentence's closing punctuation is not part of the link before it.
  const links = (text.match(URL_PATTERN) ?? []).map((link) => link.replace(/[.,;:!?)]+$/, ''));
  return [...new Set(links)];
}

/** A kept mail as a person reads it: headers, body, then every link on a line of its own. */
export function formatMailForTerminal(message: MailMessage): string {
  const rule = '-'.repeat(72);
  const links = linksIn(message.text);
  return [
    rule,
    `Mail kept in the outbox (no SMTP_URL): not sent.`,
    `To: ${message.to}`,
    ...(message.replyTo ? [`Reply-To: ${message.replyTo}`] : []),
    `Subject: ${message.subject}`,
    ...Object.entries(message.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    '',
    message.text,
    ...(links.length > 0 ? ['', 'Links:', ...links] : []),
    rule,
    '',
  ].join('\n');
}

/** Keeps a mail in the outbox table; `queued`: to be sent by the mail sweep (past the global rate). */
export type OutboxStore = (message: MailMessage, options?: { queued: boolean }) => Promise<void>;

export function outboxStore(db: Db): OutboxStore {
  return async (message, options) => {
    await db
      .insertInto('outbox')
      .values({
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        reply_to: message.replyTo ?? null,
        headers: message.headers ?? null,
        next_attempt_at: options?.queued ? new Date() : null,
      })
      .execute();
  };
}

/**
 * Takes one place in the global outgoing-mail rate (MAIL_RATE_PER_SECOND); false when none is
 * left for now. It protects the sender's reputation: a burst (many alerts firing at one tick) is
 * spread out instead of reaching the mail provider at once.
 */
export type MailRate = () => Promise<boolean>;

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  store: OutboxStore;
  log: MailLog;
  /**
   * Set for a person at a terminal: a kept mail is printed as plain text there, its links on
   * lines of their own. Unset (JSON logs), the mail goes into the log line, its links in a list.
   */
  print?: (text: string) => void;
  /** Whether a kept mail's body may reach the log or the terminal at all: the embedded mode only. */
  printMail: boolean;
  /** The global sending rate over SMTP; unset: no rate (mail kept in the outbox leaves nowhere). */
  rate?: MailRate;
}

/**
 * SMTP_URL set: nodemailer over SMTP. Unset: the message goes to the outbox table, and with
 * `printMail` (the embedded default only) to the log as well, so someone running the app locally
 * can read it and follow a reset link in it. A server's log is read by more people than its
 * users' mail is, so elsewhere the log says only that a mail was stored.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, from, store, log, print, printMail, rate } = options;

  const keep = async (message: MailMessage): Promise<void> => {
    assertSingleLine(message);
    await store(message);
    if (!printMail) {
      log.info(
        { mail: { subject: message.subject } },
        'mail stored in the outbox (no SMTP_URL; bodies are printed only in the embedded mode)',
      );
    } else if (print) {
      log.info({ mail: { to: message.to, subject: message.subject } }, 'mail stored in the outbox (no SMTP_URL)');
      print(formatMailForTerminal(message));
    } else {
      log.info(
        { mail: { to: message.to, subject: message.subject, text: message.text }, links: linksIn(message.text) },
        'mail stored in the outbox (no SMTP_URL)',
      );
    }
  };

  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    const deliver = async (message: MailMessage): Promise<void> => {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        replyTo: message.replyTo,
        headers: message.headers,
      });
    };
    return {
      transport: 'smtp',
      async send(message) {
        assertSingleLine(message);
        if (rate && !(await rate())) {
          await store(message, { queued: true });
          log.info({ mail: { subject: message.subject } }, 'mail queued: past the global sending rate, the mail sweep sends it');
          return;
        }
        await deliver(message);
      },
      async sendQueued(message) {
        assertSingleLine(message);
        if (rate && !(await rate())) return 'waiting';
        await deliver(message);
        return 'sent';
      },
      async queue(message) {
        assertSingleLine(message);
        await store(message, { queued: true });
      },
      keep,
      async close() {
        transport.close();
      },
    };
  }
  // Without SMTP a queued row is already the kept mail: nothing more to do with it.
  return { transport: 'outbox', send: keep, sendQueued: async () => 'sent', queue: keep, keep, async close() {} };
}
