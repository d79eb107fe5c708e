import { CONTACT_MESSAGES, contactSubjectLabel, type contactMessageSchema } from '@coinsight/contracts';
import type { z } from 'zod';
import type { Caller, NoInput } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { refundMailBudget, trySpendMailBudget } from '../mail/budget.js';
import { MailHeaderError, type MailMessage } from '../mail/mailer.js';
import { sendMail } from '../mail/send.js';

/** Where the operator's copies go: CONTACT_EMAIL, or (unset) the outbox only. */
export type OperatorInbox = Pick<ServiceDeps, 'db' | 'mailer' | 'log' | 'contactEmail' | 'now'>;

export type ContactInput = z.infer<typeof contactMessageSchema>;

/** Stands in the To line of a copy kept because no operator address is configured. */
export const NO_OPERATOR_ADDRESS = 'operator (CONTACT_EMAIL is not set)';

/**
 * A failed copy is tried again later, less often each time, then given up (the message stays on
 * file). The lease is how long a sender may hold a row while mailing: longer than any SMTP
 * exchange, so no second sender picks the row up meanwhile.
 */
export const CONTACT_MAIL_RETRY = {
  maxAttempts: 8,
  baseDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
  leaseMs: 15 * 60_000,
  batchSize: 20,
} as const;

export function retryDelayMs(attempts: number): number {
  return Math.min(CONTACT_MAIL_RETRY.baseDelayMs * 2 ** Math.max(0, attempts - 1), CONTACT_MAIL_RETRY.maxDelayMs);
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

interface ClaimedMessage extends ContactInput {
  id: number;
  created_at: Date;
  mail_attempts: number;
}

/** A failure as the log and the row may show it: one line, no credentials from a URL. */
export function describeFailure(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text
    .replace(/\/\/[^/\s@]*@/g, '//***@')
    .replace(/\s+/g, ' ')
    .slice(0, 500);
}

type Attempt = { ok: true } | { ok: false; error: string; retryAt: Date | null; permanent: boolean };

/** Mails one claimed message and records the outcome on its row. */
async function attemptDelivery(deps: OperatorInbox, message: ClaimedMessage, now: Date): Promise<Attempt> {
  const mail = operatorMail(message.id, message, deps.contactEmail ?? NO_OPERATOR_ADDRESS, message.created_at);
  try {
    await sendMail(deps, { message: mail, when: deps.contactEmail ? 'now' : 'never' });
  } catch (error) {
    const permanent = error instanceof MailHeaderError || message.mail_attempts >= CONTACT_MAIL_RETRY.maxAttempts;
    const retryAt = permanent ? null : new Date(now.getTime() + retryDelayMs(message.mail_attempts));
    const described = describeFailure(error);
    await deps.db
      .updateTable('contact_messages')
      .set({ next_attempt_at: retryAt, last_error: described })
      .where('id', '=', message.id)
      .execute();
    return { ok: false, error: described, retryAt, permanent: error instanceof MailHeaderError };
  }
  await deps.db
    .updateTable('contact_messages')
    .set({ mailed_at: new Date(), next_attempt_at: null, last_error: null })
    .where('id', '=', message.id)
    .execute();
  return { ok: true };
}

/**
 * Stores the message, then mails the operator. A mail outage loses nothing and does not fail
 * the visitor: the stored message is retried by `deliverDueContactMail` until it goes out. A
 * signed-in sender's copy spends their account's mail budget (docs/security.md §25); past it the message
 * is stored without a copy, for the operator to read on file.
 */
export async function sendContactMessage(
  deps: OperatorInbox & Pick<ServiceDeps, 'limits'>,
  input: ContactInput,
  caller: Caller<'client'>,
): Promise<{ id: number }> {
  const { client, userId: senderId } = caller;
  await deps.limits.contactByIp.consume(client.ip, CONTACT_MESSAGES.tooMany);
  await deps.limits.contactBySender.consume(input.email.toLowerCase(), CONTACT_MESSAGES.tooMany);

  const copy = senderId === undefined || (await trySpendMailBudget(deps, senderId));
  const now = new Date();
  // Inserted already claimed (attempt 1, leased), so a sweep elsewhere leaves it to this request.
  const row = await deps.db
    .insertInto('contact_messages')
    .values({
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      mailed_at: null,
      mail_attempts: copy ? 1 : 0,
      next_attempt_at: copy ? new Date(now.getTime() + CONTACT_MAIL_RETRY.leaseMs) : null,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  if (!copy) {
    deps.log.warn({ contactMessage: row.id, userId: senderId }, 'contact copy held back: the account reached its mail budget');
    return { id: row.id };
  }

  const attempt = await attemptDelivery(deps, { ...input, id: row.id, created_at: row.created_at, mail_attempts: 1 }, now);
  if (!attempt.ok && senderId !== undefined) await refundMailBudget(deps, senderId).catch(() => undefined);
  if (!attempt.ok && attempt.permanent) throw new AppError('BAD_REQUEST', attempt.error);
  return { id: row.id };
}

export interface SweepReport {
  delivered: number[];
  failed: { id: number; attempts: number; error: string; retryAt: Date | null }[];
}

/**
 * Mails the stored messages whose retry is due. Rows are claimed in one statement (locked rows
 * skipped, lease and attempt count written before anything is sent), so two servers sweeping
 * the same database never send the same message twice.
 */
export async function deliverDueContactMail(deps: OperatorInbox, _input: NoInput): Promise<SweepReport> {
  const now = deps.now();
  const claimed = await deps.db
    .updateTable('contact_messages')
    .set((eb) => ({
      mail_attempts: eb('mail_attempts', '+', 1),
      next_attempt_at: new Date(now.getTime() + CONTACT_MAIL_RETRY.leaseMs),
    }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('contact_messages')
        .select('id')
        .where('mailed_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .limit(CONTACT_MAIL_RETRY.batchSize)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'name', 'email', 'subject', 'message', 'created_at', 'mail_attempts'])
    .execute();

  const report: SweepReport = { delivered: [], failed: [] };
  for (const message of claimed) {
    const attempt = await attemptDelivery(deps, message, now);
    if (attempt.ok) report.delivered.push(message.id);
    else report.failed.push({ id: message.id, attempts: message.mail_attempts, error: attempt.error, retryAt: attempt.retryAt });
  }
  return report;
}
