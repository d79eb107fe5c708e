import { DEFAULT_PREFERENCES, type Preferences, type UpdatePreferencesInput } from '@coinsight/contracts';
import type { Database } from '@coinsight/db';
import type { Kysely } from 'kysely';
import type { NoInput, SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';

// An account's display preferences (docs/accounts.md, "Preferences"): its time zone, theme and
// number format, read and written by their owner alone. Every query is scoped to the caller's
// user id; nothing here takes an account from its input.

async function preferencesOf(db: Kysely<Database>, userId: string): Promise<Preferences> {
  const row = await db
    .selectFrom('user_preferences')
    .select(['time_zone', 'theme', 'number_format'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { timeZone: row.time_zone, theme: row.theme, numberFormat: row.number_format } : { ...DEFAULT_PREFERENCES };
}

/** The caller's preferences; the defaults until they save any. */
export async function getPreferences(deps: Pick<ServiceDeps, 'db'>, _input: NoInput, caller: SignedIn): Promise<Preferences> {
  return preferencesOf(deps.db, caller.userId);
}

/** Changes the preferences the input names and keeps the others; answers them all. */
export async function updatePreferences(
  deps: Pick<ServiceDeps, 'db'>,
  input: UpdatePreferencesInput,
  caller: SignedIn,
): Promise<Preferences> {
  const changes = {
    ...(input.timeZone === undefined ? {} : { time_zone: input.timeZone }),
    ...(input.theme === undefined ? {} : { theme: input.theme }),
    ...(input.numberFormat === undefined ? {} : { number_format: input.numberFormat }),
  };
  // One statement: two saves at once each land whole, the later one's fields winning.
  await deps.db
    .insertInto('user_preferences')
    .values({ user_id: caller.userId, ...changes })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...changes, updated_at: new Date() }))
    .execute();
  return preferencesOf(deps.db, caller.userId);
}
