import { NEWSLETTER_MESSAGES, type NewsletterSubscribeResult } from '@coinsight/contracts';
import type { Db } from '@coinsight/db';
import { sql } from 'kysely';
import type { Client } from '../../rest/client.js';
import type { RateLimit } from '../rate-limit.js';

/** Idempotent: a second subscription of the same address (any case) changes nothing. */
export async function subscribeToNewsletter(
  deps: { db: Db; limit: RateLimit },
  client: Client,
  input: { email: string },
): Promise<NewsletterSubscribeResult> {
  await deps.limit.consume(client.ip, NEWSLETTER_MESSAGES.tooMany);
  const result = await deps.db
    .insertInto('newsletter_subscribers')
    .values({ email: input.email })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .executeTakeFirst();
  return { status: Number(result.numInsertedOrUpdatedRows ?? 0n) > 0 ? 'subscribed' : 'already-subscribed' };
}
