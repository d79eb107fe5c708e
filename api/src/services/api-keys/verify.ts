import DataLoader from 'dataloader';
import { PUBLIC_TEST_API_KEY, type ApiKeyMode, type PlanId } from '@coinsight/contracts';
import type { ServiceDeps } from '../deps.js';
import { apiKeyHash, apiKeyModeOf, isWellFormedApiKey } from './secret.js';

/** The key a /v1 call was made with, as verifyApiKey found it. */
export interface ApiKeyIdentity {
  /** api_keys.id, as text. */
  id: string;
  /** The owner: quotas, limits and data belong to this account. */
  userId: string;
  name: string;
  /** The owner's plan when the call arrived: its limits, quota and price apply to the call. */
  plan: PlanId;
  /** `test`: the fixed test dataset, never metered or billed, its own rate limit (v1/test-mode.ts). */
  mode: ApiKeyMode;
  /** The documented public test key (PUBLIC_TEST_API_KEY): GET only, limited per client address. */
  publicKey: boolean;
}

/**
 * Who the public test key acts as: an account that exists only in the test dataset (never in the
 * live users table), so nothing it reads can be anyone's.
 */
export const PUBLIC_TEST_KEY_IDENTITY: ApiKeyIdentity = {
  id: '0',
  userId: 'usr_public_test_key',
  name: 'Public test key',
  plan: 'free',
  mode: 'test',
  publicKey: true,
};

/** A presented secret's verdict: the key, or why there is none (the edge words each reason). */
export type ApiKeyCheck = { ok: true; key: ApiKeyIdentity } | { ok: false; reason: 'malformed' | 'unknown' };

/** last_used_at is written at most this often per key: a timestamp, not a per-call write. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Checks a presented API key secret. A shape check refuses junk before any lookup; the lookup is
 * by the hash of the secret, so the database never sees it. No cache: a deleted key fails on the
 * very next call, on every instance. The lookups of the calls that arrive together share one
 * statement (keyRowsOf). A live key's last_used_at is brought up to date (at most once a minute
 * per key).
 */
export async function verifyApiKey(deps: Pick<ServiceDeps, 'db' | 'now'>, input: { secret: string }): Promise<ApiKeyCheck> {
  const { db } = deps;
  const { secret } = input;
  if (secret === PUBLIC_TEST_API_KEY) return { ok: true, key: PUBLIC_TEST_KEY_IDENTITY };
  if (!isWellFormedApiKey(secret)) return { ok: false, reason: 'malformed' };
  const row = await keyRowsOf(db).load(apiKeyHash(secret));
  if (!row) return { ok: false, reason: 'unknown' };
  const now = deps.now().getTime();
  if (!row.last_used_at || now - row.last_used_at.getTime() >= LAST_USED_RESOLUTION_MS) {
    // The where clause keeps concurrent calls from writing it more than once.
    await db
      .updateTable('api_keys')
      .set({ last_used_at: new Date(now) })
      .where('id', '=', row.id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', new Date(now - LAST_USED_RESOLUTION_MS))]))
      .execute();
  }
  const key = { id: String(row.id), userId: row.user_id, name: row.name, plan: row.plan, mode: apiKeyModeOf(row.prefix), publicKey: false };
  return { ok: true, key };
}

function selectKeys(db: ServiceDeps['db'], hashes: readonly string[]) {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select([
      'api_keys.id',
      'api_keys.user_id',
      'api_keys.name',
      'api_keys.prefix',
      'api_keys.last_used_at',
      'api_keys.secret_hash',
      'users.plan',
    ])
    .where('api_keys.secret_hash', 'in', hashes)
    .where('api_keys.deleted_at', 'is', null)
    .execute();
}

type KeyRow = Awaited<ReturnType<typeof selectKeys>>[number];

const keyLoaders = new WeakMap<object, DataLoader<string, KeyRow | null>>();

/**
 * The live key rows by secret hash, looked up together for the calls that arrive while the event
 * loop is busy (gathered until its check phase, at most 100 a statement): one round trip for
 * many calls was the largest saving on `/v1` (docs/performance.md). Never cached between batches.
 */
function keyRowsOf(db: ServiceDeps['db']): DataLoader<string, KeyRow | null> {
  let loader = keyLoaders.get(db);
  if (!loader) {
    loader = new DataLoader(
      async (hashes) => {
        const rows = new Map((await selectKeys(db, hashes)).map((row) => [row.secret_hash, row]));
        return hashes.map((hash) => rows.get(hash) ?? null);
      },
      { cache: false, maxBatchSize: 100, batchScheduleFn: (run) => setImmediate(run) },
    );
    keyLoaders.set(db, loader);
  }
  return loader;
}
