import { CONTACT_MESSAGES, contactSubjectLabel, type contactMessageSchema } from '@coinsight/contracts';
import type { z } from 'zod';
import type { Client } from '../client.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { MailHeaderError, type MailMessage } from '../mail/mailer.js';

export type ContactInput = z.infer<typeof contactMessageSchema>;

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
export async function sendContactMessage(
  deps: Pick<ServiceDeps, 'db' | 'mailer' | 'limits' | 'contactEmail'>,
  input: ContactInput,
  client: Client,
): Promise<{ id: number }> {
  await deps.limits.contactByIp.consume(client.ip, CONTACT_MESSAGES.tooMany);
  await deps.limits.contactBySender.consume(input.email.toLowerCase(), CONTACT_MESSAGES.tooMany);

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
