import { API_KEY_MESSAGES, type ApiKey, type CreatedApiKey } from '@coinsight/contracts';
import type { ApiKeyIdInput, CreateApiKeyInput, RenameApiKeyInput } from '@coinsight/contracts';
import type { Database } from '@coinsight/db';
import type { Selection } from 'kysely';
import { assertUnderPlanLimit } from '../billing/caps/plan-caps.js';
import { keyCallsThisMonth } from '../billing/metering/key-calls.js';
import { lockAccount } from '../transactions.js';
import type { NoInput, SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError, NotOwnedError } from '../errors.js';
import { apiKeyHash, apiKeyModeOf, displayPrefix, newApiKeySecret, TEST_API_KEY_PREFIX } from './secret.js';

type Deps = Pick<ServiceDeps, 'db' | 'log' | 'now'>;

/** Never the hash: the columns a key is shown with. */
const KEY_COLUMNS = ['id', 'name', 'prefix', 'created_at', 'last_used_at'] as const;

type KeyRow = Selection<Database, 'api_keys', (typeof KEY_COLUMNS)[number]>;

const toApiKey = (row: KeyRow, calls: number): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  mode: apiKeyModeOf(row.prefix),
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
  callsThisMonth: calls,
});

// Another user's key is answered exactly as one that does not exist (docs/security.md §10).
const notFound = (id: number, userId: string) => new NotOwnedError('api_key', id, userId, API_KEY_MESSAGES.notFound);

/**
 * Creates a key and returns its secret, the only time it is ever available: only the SHA-256 is
 * stored. Needs a confirmed email address (throwaway accounts must not farm the free tier) and
 * fewer live keys than the plan allows (docs/security.md §26); the user's row is locked so concurrent
 * creates count right. Test keys (`mode: 'test'`) are counted apart: each mode has the plan's
 * number of keys, so a test key never takes a live key's place.
 */
export async function createApiKey(deps: Deps, input: CreateApiKeyInput, caller: SignedIn): Promise<CreatedApiKey> {
  const { userId } = caller;
  const mode = input.mode ?? 'live';
  const secret = newApiKeySecret(mode);
  const row = await deps.db.transaction().execute(async (trx) => {
    const account = await lockAccount(trx, userId);
    if (!account.emailVerified) throw new AppError('FORBIDDEN', API_KEY_MESSAGES.verifyFirst);
    const { count } = await trx
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .where('prefix', mode === 'test' ? 'like' : 'not like', `${TEST_API_KEY_PREFIX}%`)
      .executeTakeFirstOrThrow();
    assertUnderPlanLimit(account.plan, 'apiKeys', count);
    return trx
      .insertInto('api_keys')
      .values({
        user_id: userId,
        name: input.name,
        prefix: displayPrefix(secret),
        secret_hash: apiKeyHash(secret),
        last_used_at: null,
        deleted_at: null,
      })
      .returning(KEY_COLUMNS)
      .executeTakeFirstOrThrow();
  });
  deps.log.info({ event: 'api_key.created', userId, apiKeyId: row.id, mode }, 'api key created');
  return { key: toApiKey(row, 0), secret };
}

/** The user's live keys, oldest first, with this month's calls. */
export async function listApiKeys(deps: Deps, _input: NoInput, caller: SignedIn): Promise<ApiKey[]> {
  const { userId } = caller;
  const [rows, calls] = await Promise.all([
    deps.db
      .selectFrom('api_keys')
      .select(KEY_COLUMNS)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute(),
    keyCallsThisMonth(deps, {}, caller),
  ]);
  return rows.map((row) => toApiKey(row, calls.get(row.id) ?? 0));
}

/** Every key the account ever made, deleted ones included (their calls are on the bill), oldest first. */
export async function accountKeys(
  deps: Pick<ServiceDeps, 'db'>,
  _input: NoInput,
  caller: SignedIn,
): Promise<Array<{ id: number; name: string; prefix: string; deleted: boolean }>> {
  const rows = await deps.db
    .selectFrom('api_keys')
    .select(['id', 'name', 'prefix', 'deleted_at'])
    .where('user_id', '=', caller.userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, prefix: row.prefix, deleted: row.deleted_at !== null }));
}

export async function renameApiKey(deps: Deps, input: RenameApiKeyInput, caller: SignedIn): Promise<ApiKey> {
  const { userId } = caller;
  const row = await deps.db
    .updateTable('api_keys')
    .set({ name: input.name })
    .where('id', '=', input.id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .returning(KEY_COLUMNS)
    .executeTakeFirst();
  if (!row) throw notFound(input.id, userId);
  const calls = await keyCallsThisMonth(deps, {}, caller);
  return toApiKey(row, calls.get(row.id) ?? 0);
}

/** The key stops working from the next /v1 call on (the auth hook reads no cache). */
export async function deleteApiKey(deps: Deps, input: ApiKeyIdInput, caller: SignedIn): Promise<{ ok: true }> {
  const { userId } = caller;
  const row = await deps.db
    .updateTable('api_keys')
    .set({ deleted_at: new Date() })
    .where('id', '=', input.id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw notFound(input.id, userId);
  deps.log.info({ event: 'api_key.deleted', userId, apiKeyId: row.id }, 'api key deleted');
  return { ok: true };
}
