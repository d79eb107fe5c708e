import { SEND_EMAIL_MESSAGES, type PublicUser, type sendEmailSchema } from '@coinsight/contracts';
import type { z } from 'zod';
import type { Caller } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { refundMailBudget, spendMailBudget } from '../mail/budget.js';
import { MailHeaderError, type MailMessage } from '../mail/mailer.js';
import { sendMail } from '../mail/send.js';

export type SendEmailInput = z.infer<typeof sendEmailSchema>;

type Sender = Pick<PublicUser, 'id' | 'username' | 'email' | 'emailVerified'>;

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

/**
 * One message to one recipient from a signed-in user whose address is verified (the mail carries
 * it as Reply-To and in its signature), within the Send Email allowance and the account's mail
 * budget shared with alert mail (docs/security.md §25).
 */
export async function sendUserEmail(
  deps: Pick<ServiceDeps, 'mailer' | 'log' | 'limits' | 'publicUrl'>,
  input: SendEmailInput,
  caller: Caller<'user'>,
): Promise<{ ok: true }> {
  const sender: Sender = caller.user;
  if (!sender.emailVerified) throw new AppError('FORBIDDEN', SEND_EMAIL_MESSAGES.verifyFirst);
  await deps.limits.sendEmailByUser.consume(sender.id, SEND_EMAIL_MESSAGES.tooMany);
  try {
    await spendMailBudget(deps, sender.id);
  } catch (error) {
    await deps.limits.sendEmailByUser.refund(sender.id).catch(() => undefined);
    throw error;
  }
  try {
    await sendMail(deps, { message: userMail(sender, input, deps.publicUrl), when: 'now' });
  } catch (error) {
    // Nothing was sent: the allowance counts messages that went out, not attempts we failed.
    await deps.limits.sendEmailByUser.refund(sender.id).catch(() => undefined);
    await refundMailBudget(deps, sender.id).catch(() => undefined);
    if (error instanceof MailHeaderError) throw new AppError('BAD_REQUEST', error.message);
    throw new Error(`mail from user ${sender.id} could not be sent`, { cause: error });
  }
  return { ok: true };
}
