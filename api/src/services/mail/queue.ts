import type { NoInput } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { CONTACT_MAIL_RETRY, describeFailure, retryDelayMs } from '../site/contact.js';
import { MailHeaderError } from './mailer.js';

type Deps = Pick<ServiceDeps, 'db' | 'mailer' | 'now'>;

/** Rows one pass claims; those the rate has no place for are handed back for the next pass. */
const BATCH_SIZE = 100;

export interface QueueReport {
  sent: number[];
  /** Left for a later pass: the global rate had no place for them yet. */
  waiting: number;
  failed: { id: number; attempts: number; error: string; retryAt: Date | null }[];
}

/**
 * Sends the mail queued past the global sending rate, oldest first, as fast as the rate allows.
 * Rows are claimed like the contact retries' (locked rows skipped, a lease written before
 * anything is sent), so instances sweeping one database never send a mail twice; a failed send is
 * retried with the same back-off, and a mail is never dropped for the rate.
 */
export async function sendQueuedMail(deps: Deps, _input: NoInput): Promise<QueueReport> {
  const now = deps.now();
  const claimed = await deps.db
    .updateTable('outbox')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: new Date(now.getTime() + CONTACT_MAIL_RETRY.leaseMs) }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('outbox')
        .select('id')
        .where('sent_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(BATCH_SIZE)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'to_address', 'subject', 'text_body', 'reply_to', 'headers', 'attempts'])
    .execute();
  claimed.sort((a, b) => a.id - b.id);

  const report: QueueReport = { sent: [], waiting: 0, failed: [] };
  for (const [index, row] of claimed.entries()) {
    const message = {
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      ...(row.reply_to ? { replyTo: row.reply_to } : {}),
      ...(row.headers ? { headers: row.headers } : {}),
    };
    try {
      if ((await deps.mailer.sendQueued(message)) === 'waiting') {
        // No place left this second: this row and the rest go back, due at once, their claim undone.
        const rest = claimed.slice(index).map((r) => r.id);
        await deps.db
          .updateTable('outbox')
          .set((eb) => ({ attempts: eb('attempts', '-', 1), next_attempt_at: now }))
          .where('id', 'in', rest)
          .execute();
        report.waiting = rest.length;
        break;
      }
    } catch (error) {
      const permanent = error instanceof MailHeaderError || row.attempts >= CONTACT_MAIL_RETRY.maxAttempts;
      const retryAt = permanent ? null : new Date(now.getTime() + retryDelayMs(row.attempts));
      const described = describeFailure(error);
      await deps.db.updateTable('outbox').set({ next_attempt_at: retryAt, last_error: described }).where('id', '=', row.id).execute();
      report.failed.push({ id: row.id, attempts: row.attempts, error: described, retryAt });
      continue;
    }
    await deps.db
      .updateTable('outbox')
      .set({ sent_at: new Date(), next_attempt_at: null, last_error: null })
      .where('id', '=', row.id)
      .execute();
    report.sent.push(row.id);
  }
  return report;
}
