import { NEWSLETTER_MESSAGES, type NewsletterSubscribeResult, type newsletterSubscribeSchema } from '@coinsight/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Client } from '../client.js';
import type { ServiceDeps } from '../deps.js';

/** Idempotent: a second subscription of the same address (any case) changes nothing. */
export async function subscribeToNewsletter(
  deps: Pick<ServiceDeps, 'db' | 'limits'>,
  input: z.infer<typeof newsletterSubscribeSchema>,
  client: Client,
): Promise<NewsletterSubscribeResult> {
  await deps.limits.newsletterByIp.consume(client.ip, NEWSLETTER_MESSAGES.tooMany);
  const result = await deps.db
    .insertInto('newsletter_subscribers')
    .values({ email: input.email })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .executeTakeFirst();
  return { status: Number(result.numInsertedOrUpdatedRows ?? 0n) > 0 ? 'subscribed' : 'already-subscribed' };
}
