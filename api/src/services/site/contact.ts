import { CONTACT_MESSAGES, contactSubjectLabel, type ContactSubject } from '@coinsight/contracts';
import type { Db } from '@coinsight/db';
import type { Client } from '../../rest/client.js';
import { AppError } from '../errors.js';
import { MailHeaderError, type Mailer, type MailMessage } from '../mail/mailer.js';
import type { RateLimit } from '../rate-limit.js';

export interface ContactDeps {
  db: Db;
  mailer: Mailer;
  /** The operator's inbox (CONTACT_EMAIL). */
  contactEmail: string;
  limits: { byIp: RateLimit; bySender: RateLimit };
}

export interface ContactInput {
  name: string;
  email: string;
  subject: ContactSubject;
  message: string;
}

export function operatorMail(id: number, input: ContactInput, to: string, receivedAt: Date): MailMessage {
  const label = contactSubjectLabel(input.subject);
  return {
    to,
    subject: `Contact form: ${label} from ${input.name}`,
    // Replying reaches the visitor, not our own no-reply sender.
    replyTo: input.email,
    text: [
      'A visitor sent a message through the Coinsight contact form.',
      '',
      `From: ${input.name} <${input.email}>`,
      `Subject: ${label}`,
      `Received: ${receivedAt.toISOString()}`,
      `Reference: contact message #${id}`,
      '',
      input.message,
      '',
      '--',
      `Reply to this mail to answer ${input.name} directly.`,
    ].join('\n'),
  };
}

/**
 * Stores the message first, so a mail outage loses nothing, then mails the operator. The
 * visitor hears of success only once the mail has left: if it has not, they are asked to retry.
 */
export async function sendContactMessage(deps: ContactDeps, client: Client, input: ContactInput): Promise<{ id: number }> {
  await deps.limits.byIp.consume(client.ip, CONTACT_MESSAGES.tooMany);
  await deps.limits.bySender.consume(input.email.toLowerCase(), CONTACT_MESSAGES.tooMany);

  const row = await deps.db
    .insertInto('contact_messages')
    .values({ name: input.name, email: input.email, subject: input.subject, message: input.message, mailed_at: null })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();

  try {
    await deps.mailer.send(operatorMail(row.id, input, deps.contactEmail, row.created_at));
  } catch (error) {
    if (error instanceof MailHeaderError) throw new AppError('BAD_REQUEST', error.message);
    // The server's error log gets the cause and the row to look up; the visitor, a generic 500.
    throw new Error(`contact message #${row.id} was stored but could not be mailed`, { cause: error });
  }
  await deps.db.updateTable('contact_messages').set({ mailed_at: new Date() }).where('id', '=', row.id).execute();
  return { id: row.id };
}
