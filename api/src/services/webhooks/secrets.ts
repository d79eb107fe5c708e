import { WEBHOOK_ROTATION_OVERLAP_HOURS, type WebhookSecret } from '@coinsight/contracts';
import type { NoInput, SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { newWebhookSecret, standardSecret } from './signing.js';

type Deps = Pick<ServiceDeps, 'db' | 'now'>;

const OVERLAP_MS = WEBHOOK_ROTATION_OVERLAP_HOURS * 3_600_000;

/** An account's secrets as stored (either form: see signing.ts standardSecret). */
export interface StoredSecrets {
  secret: string;
  created_at: Date;
  rotated_at: Date | null;
  previous_secret: string | null;
}

/** When the previous secret stops signing; null when there is none or its window has passed. */
function previousExpiry(row: Pick<StoredSecrets, 'rotated_at' | 'previous_secret'>, now: Date): Date | null {
  if (!row.previous_secret || !row.rotated_at) return null;
  const expires = new Date(row.rotated_at.getTime() + OVERLAP_MS);
  return expires > now ? expires : null;
}

/** The secrets that sign an account's deliveries at `now`: the current one, then the previous one inside its window. */
export function signingSecrets(row: StoredSecrets, now: Date): string[] {
  return previousExpiry(row, now) && row.previous_secret ? [row.secret, row.previous_secret] : [row.secret];
}

const toSecret = (row: StoredSecrets, now: Date): WebhookSecret => ({
  // Shown in the form Standard Webhooks' libraries take, whatever form it was issued in (signing.ts).
  secret: standardSecret(row.secret),
  createdAt: row.created_at.toISOString(),
  rotatedAt: row.rotated_at?.toISOString() ?? null,
  previousSecretExpiresAt: previousExpiry(row, now)?.toISOString() ?? null,
});

/** The users' signing secrets, each made on first use (a concurrent first use keeps whichever landed first). */
export async function ensureWebhookSecrets(deps: Pick<ServiceDeps, 'db'>, userIds: readonly string[]): Promise<Map<string, StoredSecrets>> {
  if (userIds.length === 0) return new Map();
  await deps.db
    .insertInto('webhook_secrets')
    .values(userIds.map((userId) => ({ user_id: userId, secret: newWebhookSecret() })))
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const rows = await deps.db
    .selectFrom('webhook_secrets')
    .select(['user_id', 'secret', 'created_at', 'rotated_at', 'previous_secret'])
    .where('user_id', 'in', userIds)
    .execute();
  return new Map(rows.map(({ user_id, ...row }) => [user_id, row]));
}

/** The caller's signing secret, made on first use. Only its owner ever reads it. */
export async function getWebhookSecret(deps: Deps, _input: NoInput, caller: SignedIn): Promise<WebhookSecret> {
  const { userId } = caller;
  const row = (await ensureWebhookSecrets(deps, [userId])).get(userId);
  if (!row) throw new Error('webhook secret missing after ensureWebhookSecrets');
  return toSecret(row, deps.now());
}

/**
 * A new secret, in force at once: deliveries from now on (retries of older ones included) are
 * signed with it and, for WEBHOOK_ROTATION_OVERLAP_HOURS, with the one it replaces too, so the
 * receiver can switch over without failing a delivery. Rotating again within the window replaces
 * that previous secret by the one just replaced: only the last two secrets ever sign.
 */
export async function rotateWebhookSecret(deps: Deps, _input: NoInput, caller: SignedIn): Promise<WebhookSecret> {
  const { userId } = caller;
  const now = deps.now();
  const row = await deps.db
    .insertInto('webhook_secrets')
    .values({ user_id: userId, secret: newWebhookSecret(), created_at: now, rotated_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        secret: eb.ref('excluded.secret'),
        // The row's value before this update: the secret being replaced.
        previous_secret: eb.ref('webhook_secrets.secret'),
        rotated_at: now,
      })),
    )
    .returning(['secret', 'created_at', 'rotated_at', 'previous_secret'])
    .executeTakeFirstOrThrow();
  return toSecret(row, now);
}
