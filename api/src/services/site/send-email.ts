import { SEND_EMAIL_MESSAGES, type PublicUser } from '@coinsight/contracts';
import { AppError } from '../errors.js';
import { MailHeaderError, type Mailer, type MailMessage } from '../mail/mailer.js';
import type { RateLimit } from '../rate-limit.js';

export interface SendEmailDeps {
  mailer: Mailer;
  limit: RateLimit;
  publicUrl: string;
}

export interface SendEmailInput {
  recipient: string;
  subject: string;
  message: string;
}

type Sender = Pick<PublicUser, 'id' | 'username' | 'email'>;

/**
 * The mail goes out from the app's own address, so it always says who wrote it, and replies
 * go to that person rather than to us.
 */
export function userMail(sender: Sender, input: SendEmailInput, publicUrl: string): MailMessage {
  return {
    to: input.recipient,
    subject: input.subject,
    replyTo: sender.email,
    text: [input.message, '', '--', `Sent by ${sender.username} (${sender.email}) through Coinsight, ${publicUrl}`].join('\n'),
  };
}

/** One message to one recipient from a signed-in user, within that user's hourly allowance. */
export async function sendUserEmail(deps: SendEmailDeps, sender: Sender, input: SendEmailInput): Promise<{ ok: true }> {
  await deps.limit.consume(sender.id, SEND_EMAIL_MESSAGES.tooMany);
  try {
    await deps.mailer.send(userMail(sender, input, deps.publicUrl));
  } catch (error) {
    if (error instanceof MailHeaderError) throw new AppError('BAD_REQUEST', error.message);
    throw new Error(`mail from user ${sender.id} could not be sent`, { cause: error });
  }
  return { ok: true };
}
