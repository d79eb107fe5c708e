import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  NEWSLETTER_CONFIRM_TTL_HOURS,
  NEWSLETTER_MESSAGES,
  type NewsletterConfirmResult,
  type NewsletterSubscribeResult,
  type NewsletterUnsubscribeResult,
} from '@coinsight/contracts';
import { sql } from 'kysely';
import type { Caller } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import type { MailMessage } from '../mail/mailer.js';
import { sendMail } from '../mail/send.js';

/** The newsletter's part of the services' deps; unsubscribe tokens are derived from `jwtSecret`. */
export type NewsletterDeps = Pick<ServiceDeps, 'db' | 'mailer' | 'log' | 'publicUrl' | 'jwtSecret' | 'limits'>;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * An unsubscribe token is the subscriber's id and its HMAC: it works in every mail ever sent,
 * needs no storage, and cannot be made for another id without the secret. (Changing JWT_SECRET
 * voids the links in mail already sent; the one-click header of the next mail works again.)
 */
function unsubscribeKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('coinsight newsletter unsubscribe v1').digest();
}

export function unsubscribeToken(secret: string, subscriberId: number): string {
  const mac = createHmac('sha256', unsubscribeKey(secret)).update(String(subscriberId)).digest('base64url');
  return `${subscriberId}.${mac}`;
}

function subscriberIdFromToken(secret: string, token: string): number | null {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const expected = Buffer.from(unsubscribeToken(secret, id));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

interface Subscriber {
  id: number;
  email: string;
}

/**
 * Every newsletter mail carries the unsubscribe link in its text and the RFC 8058 one-click
 * headers: the link opens a page that asks; the header's POST unsubscribes at once.
 */
export function newsletterMail(
  deps: Pick<NewsletterDeps, 'publicUrl' | 'jwtSecret'>,
  to: Subscriber,
  subject: string,
  body: string[],
): MailMessage {
  const token = encodeURIComponent(unsubscribeToken(deps.jwtSecret, to.id));
  return {
    to: to.email,
    subject,
    text: [
      ...body,
      '',
      '--',
      'To stop receiving the Coinsight newsletter, unsubscribe here:',
      `${deps.publicUrl}/newsletter/unsubscribe?token=${token}`,
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${deps.publicUrl}/api/newsletter/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

function confirmationMail(deps: NewsletterDeps, to: Subscriber, token: string): MailMessage {
  return newsletterMail(deps, to, 'Confirm your Coinsight newsletter subscription', [
    'Someone, hopefully you, asked to receive the Coinsight newsletter at this address.',
    '',
    'To confirm, open this link:',
    `${deps.publicUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`,
    '',
    `The link works once, for ${NEWSLETTER_CONFIRM_TTL_HOURS} hours. If you did not ask, ignore this mail: you will not be subscribed.`,
  ]);
}

function alreadySubscribedMail(deps: NewsletterDeps, to: Subscriber): MailMessage {
  return newsletterMail(deps, to, 'You are already subscribed to the Coinsight newsletter', [
    'Someone, hopefully you, asked to subscribe this address to the Coinsight newsletter.',
    'It is already subscribed, so nothing has changed.',
  ]);
}

/**
 * Double opt-in. Whatever the address's state, the caller gets the same answer; the mailbox gets
 * a confirmation link (new, pending or unsubscribed address) or a notice (already confirmed).
 * Past the per-address allowance nothing is mailed, so the form cannot flood someone's inbox.
 */
export async function subscribeToNewsletter(
  deps: NewsletterDeps,
  input: { email: string },
  caller: Caller<'client'>,
): Promise<NewsletterSubscribeResult> {
  const { client } = caller;
  await deps.limits.newsletterByIp.consume(client.ip, NEWSLETTER_MESSAGES.tooMany);
  const answer: NewsletterSubscribeResult = { status: 'confirmation-sent' };
  try {
    await deps.limits.newsletterByAddress.consume(input.email.toLowerCase());
  } catch (error) {
    if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') return answer;
    throw error;
  }

  const now = new Date();
  const result = await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('newsletter_subscribers')
      .values({ email: input.email })
      .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
      .execute();
    const subscriber = await trx
      .selectFrom('newsletter_subscribers')
      .select(['id', 'email', 'status'])
      .where(sql<string>`lower(email)`, '=', input.email.toLowerCase())
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (subscriber.status === 'confirmed') return { subscriber, token: null };

    await trx.updateTable('newsletter_subscribers').set({ status: 'pending' }).where('id', '=', subscriber.id).execute();
    // Only the newest link works: an older one still in the inbox now reads as expired.
    await trx
      .updateTable('newsletter_confirmations')
      .set({ expires_at: now })
      .where('subscriber_id', '=', subscriber.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .execute();
    const token = randomBytes(32).toString('base64url');
    await trx
      .insertInto('newsletter_confirmations')
      .values({
        subscriber_id: subscriber.id,
        token_hash: sha256(token),
        expires_at: new Date(now.getTime() + NEWSLETTER_CONFIRM_TTL_HOURS * 3_600_000),
      })
      .execute();
    return { subscriber, token };
  });

  const to = { id: result.subscriber.id, email: result.subscriber.email };
  await sendMail(deps, { message: result.token ? confirmationMail(deps, to, result.token) : alreadySubscribedMail(deps, to), when: 'now' });
  return answer;
}

/** Confirms a pending subscription with the link's token: once, before it expires. */
export async function confirmNewsletterSubscription(
  deps: Pick<NewsletterDeps, 'db'>,
  input: { token: string },
): Promise<NewsletterConfirmResult> {
  const now = new Date();
  return deps.db.transaction().execute(async (trx) => {
    const confirmation = await trx
      .selectFrom('newsletter_confirmations')
      .select(['id', 'subscriber_id', 'expires_at', 'used_at'])
      .where('token_hash', '=', sha256(input.token))
      .forUpdate()
      .executeTakeFirst();
    if (!confirmation) throw new AppError('BAD_REQUEST', NEWSLETTER_MESSAGES.confirmInvalid);
    if (confirmation.used_at) throw new AppError('BAD_REQUEST', NEWSLETTER_MESSAGES.confirmUsed);
    if (confirmation.expires_at <= now) throw new AppError('BAD_REQUEST', NEWSLETTER_MESSAGES.confirmExpired);
    await trx.updateTable('newsletter_confirmations').set({ used_at: now }).where('id', '=', confirmation.id).execute();
    await trx
      .updateTable('newsletter_subscribers')
      .set({ status: 'confirmed', confirmed_at: now, unsubscribed_at: null })
      .where('id', '=', confirmation.subscriber_id)
      .execute();
    return { status: 'confirmed' };
  });
}

/** Idempotent: a valid link unsubscribes, again and again, and voids any open confirmation link. */
export async function unsubscribeFromNewsletter(
  deps: Pick<NewsletterDeps, 'db' | 'jwtSecret'>,
  input: { token: string },
): Promise<NewsletterUnsubscribeResult> {
  const id = subscriberIdFromToken(deps.jwtSecret, input.token);
  if (id === null) throw new AppError('BAD_REQUEST', NEWSLETTER_MESSAGES.unsubscribeInvalid);
  const now = new Date();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('newsletter_subscribers')
      .set((eb) => ({ status: 'unsubscribed', unsubscribed_at: eb.fn.coalesce('unsubscribed_at', eb.val(now)) }))
      .where('id', '=', id)
      .execute();
    await trx
      .updateTable('newsletter_confirmations')
      .set({ expires_at: now })
      .where('subscriber_id', '=', id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .execute();
  });
  return { status: 'unsubscribed' };
}
