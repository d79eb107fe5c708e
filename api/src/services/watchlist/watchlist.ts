import {
  WATCHLIST_FULL_MESSAGE,
  WATCHLIST_MAX_ASSETS,
  type Watchlist,
  type WatchlistSetInput,
  type WatchlistToggleInput,
} from '@coinsight/contracts';
import type { Database } from '@coinsight/db';
import type { Kysely } from 'kysely';
import type { NoInput, SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { trackedAssets, trackedSymbol } from '../market/assets.js';
import { inTransaction, lockAccount } from '../transactions.js';

// The coins an account starred (docs/web-app.md, "Watchlist"): read and written by their owner
// alone, the same list from the web app (tRPC, REST) and from /v1/watchlist. Every query is
// scoped to the caller's user id; nothing here takes an account from its input.

type Deps = Pick<ServiceDeps, 'db'> & Partial<Pick<ServiceDeps, 'reads'>>;

async function symbolsOf(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('watchlist_items')
    .select('symbol')
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('symbol')
    .execute();
  return rows.map((row) => row.symbol);
}

/** The caller's watchlist, in order; empty until they star a coin. */
export async function getWatchlist(deps: Pick<ServiceDeps, 'db'>, _input: NoInput, caller: SignedIn): Promise<Watchlist> {
  return { symbols: await symbolsOf(deps.db, caller.userId) };
}

/** Replaces the whole list (tickers of tracked assets, each kept once, in order). */
export async function setWatchlist(deps: Deps, input: WatchlistSetInput, caller: SignedIn): Promise<Watchlist> {
  const tracked = new Set((await trackedAssets(deps, {})).map((a) => a.symbol));
  const symbols = [...new Set(input.symbols)];
  const unknown = symbols.find((symbol) => !tracked.has(symbol));
  if (unknown) throw new AppError('BAD_REQUEST', `symbol ${unknown} is not a tracked asset`, { param: 'symbols' });
  return inTransaction(deps.db, async (trx) => {
    // One writer per account at a time: two saves at once end as one of them, never a mix.
    await lockAccount(trx, caller.userId);
    await trx.deleteFrom('watchlist_items').where('user_id', '=', caller.userId).execute();
    if (symbols.length > 0) {
      await trx
        .insertInto('watchlist_items')
        .values(symbols.map((symbol, position) => ({ user_id: caller.userId, symbol, position })))
        .execute();
    }
    return { symbols: await symbolsOf(trx, caller.userId) };
  });
}

/** Stars (appends) or unstars one coin; starring one already there, or unstarring one that is not, changes nothing. */
export async function toggleWatchlist(deps: Deps, input: WatchlistToggleInput, caller: SignedIn): Promise<Watchlist> {
  const { symbol } = await trackedSymbol(deps, { symbol: input.symbol });
  return inTransaction(deps.db, async (trx) => {
    await lockAccount(trx, caller.userId);
    if (!input.starred) {
      await trx.deleteFrom('watchlist_items').where('user_id', '=', caller.userId).where('symbol', '=', symbol).execute();
      return { symbols: await symbolsOf(trx, caller.userId) };
    }
    const current = await symbolsOf(trx, caller.userId);
    if (current.includes(symbol)) return { symbols: current };
    if (current.length >= WATCHLIST_MAX_ASSETS) throw new AppError('BAD_REQUEST', WATCHLIST_FULL_MESSAGE, { param: 'symbol' });
    const last = await trx
      .selectFrom('watchlist_items')
      .select((eb) => eb.fn.max('position').as('position'))
      .where('user_id', '=', caller.userId)
      .executeTakeFirst();
    await trx
      .insertInto('watchlist_items')
      .values({ user_id: caller.userId, symbol, position: (last?.position ?? -1) + 1 })
      .execute();
    return { symbols: [...current, symbol] };
  });
}
