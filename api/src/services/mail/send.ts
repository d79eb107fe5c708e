import type { ServiceDeps } from '../deps.js';
import type { MailMessage } from './mailer.js';
import { isReservedAddress } from './recipients.js';

/**
 * When a mail goes, as its sender chooses:
 * - `now`: handed to the transport before the caller goes on; a failure is the caller's to handle
 *   (past the global sending rate the transport queues it instead, for the outbox sweep);
 * - `after-answer`: handed over without waiting, so it neither holds up the answer nor, by its
 *   timing, reveals anything in it; a failure is only logged, under `event`;
 * - `queued`: stored in the outbox for the sweep to send as the global rate allows;
 * - `never`: stored in the outbox (and printed in the embedded mode) without being sent: mail with
 *   nowhere to go, such as a contact copy when no operator address is configured.
 */
export type MailTiming = 'now' | 'after-answer' | 'queued' | 'never';

export interface SendMailInput {
  message: MailMessage;
  when: MailTiming;
  /** The log's event name for a mail sent after the answer that failed. */
  event?: string;
}

/** The one way the services send mail (docs/accounts.md, "Mail"). */
export async function sendMail(deps: Pick<ServiceDeps, 'mailer' | 'log'>, input: SendMailInput): Promise<void> {
  const { message, when, event } = input;
  if (isReservedAddress(message.to)) {
    // A team's (or test mode's) own account address: no one reads it, so nothing goes there.
    deps.log.warn({ event: 'mail.reserved_address', subject: message.subject }, 'mail to a reserved .invalid address not sent');
    return;
  }
  switch (when) {
    case 'now':
      return deps.mailer.send(message);
    case 'after-answer':
      deps.mailer.send(message).catch((error: unknown) => deps.log.error({ err: error, event }, 'mail could not be sent'));
      return;
    case 'queued':
      return deps.mailer.queue(message);
    case 'never':
      return deps.mailer.keep(message);
  }
}
