import type { WebhookSecret } from '@coinsight/contracts';
import type { NoInput, SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { newWebhookSecret } from './signing.js';

type Deps = Pick<ServiceDeps, 'db'>;

const toSecret = (row: { secret: string; created_at: Date; rotated_at: Date | null }): WebhookSecret => ({
  secret: row.secret,
  createdAt: row.created_at.toISOString(),
  rotatedAt: row.rotated_at?.toISOString() ?? null,
});

/** The users' signing secrets, each made on first use (a concurrent first use keeps whichever landed first). */
export async function ensureWebhookSecrets(deps: Deps, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  await deps.db
    .insertInto('webhook_secrets')
    .values(userIds.map((userId) => ({ user_id: userId, secret: newWebhookSecret() })))
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const rows = await deps.db.selectFrom('webhook_secrets').select(['user_id', 'secret']).where('user_id', 'in', userIds).execute();
  return new Map(rows.map((row) => [row.user_id, row.secret]));
}

/** The caller's signing secret, made on first use. Only its owner ever reads it. */
export async function getWebhookSecret(deps: Deps, _input: NoInput, caller: SignedIn): Promise<WebhookSecret> {
  const { userId } = caller;
  await ensureWebhookSecrets(deps, [userId]);
  const row = await deps.db
    .selectFrom('webhook_secrets')
    .select(['secret', 'created_at', 'rotated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return toSecret(row);
}

/**
 * A new secret, in force at once: deliveries from now on (retries of older ones included) are
 * signed with it, and the old one verifies nothing more.
 */
export async function rotateWebhookSecret(deps: Deps, _input: NoInput, caller: SignedIn): Promise<WebhookSecret> {
  const { userId } = caller;
  const now = new Date();
  const row = await deps.db
    .insertInto('webhook_secrets')
    .values({ user_id: userId, secret: newWebhookSecret(), created_at: now, rotated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({ secret: eb.ref('excluded.secret'), rotated_at: now })))
    .returning(['secret', 'created_at', 'rotated_at'])
    .executeTakeFirstOrThrow();
  return toSecret(row);
}
