import type { NoInput } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { readKey } from '../read-cache.js';

/** A tracked asset as /v1 names it. */
export interface TrackedAsset {
  symbol: string;
  name: string;
  /** CoinGecko-style id, e.g. `bitcoin`, `usd-coin`. */
  slug: string;
  /** Market-cap rank: 1 is the largest. */
  rank: number;
}

/** A name or id shorter than this never matches as a prefix (only exactly). */
export const MIN_PREFIX_LENGTH = 3;

/**
 * The tracked assets, largest first (a few dozen rows). Every /v1 market call resolves its
 * symbols against them, so they come through the read cache: one read per READ_CACHE_TTL_MS per
 * instance rather than one a call. Assets are added only by seeding, at start.
 */
export async function trackedAssets(
  deps: Pick<ServiceDeps, 'db'> & Partial<Pick<ServiceDeps, 'reads'>>,
  _input: NoInput,
): Promise<TrackedAsset[]> {
  const read = () => deps.db.selectFrom('assets').select(['symbol', 'name', 'slug', 'rank']).orderBy('rank').execute();
  return deps.reads ? deps.reads.get(readKey('tracked-assets'), read) : read();
}

const candidatesOf = (assets: TrackedAsset[]) => assets.map((a) => ({ symbol: a.symbol, name: a.name }));

/**
 * The one reading of an asset for every /v1 route (the service raises, /v1 answers), case-insensitive, first rule that matches:
 * 1. the ticker (BTC, btc);
 * 2. the exact name or CoinGecko-style id (Bitcoin, bitcoin, usd-coin, "Bitcoin Cash");
 * 3. the start of a name or id, at least MIN_PREFIX_LENGTH characters (solan → SOL).
 * Several assets matching at rule 2 or 3 ("bitcoin c" is fine, "bit" matches Bitcoin and Bitcoin
 * Cash) is a CONFLICT (409 `conflict`) with the `candidates` as details; nothing matching is a BAD_REQUEST (400).
 * `param` is the parameter the value came from, named in the messages.
 */
export function resolveAsset(assets: TrackedAsset[], input: string, param = 'symbol'): TrackedAsset {
  const wanted = input.trim().toLowerCase();
  const bySymbol = assets.find((a) => a.symbol.toLowerCase() === wanted);
  if (bySymbol) return bySymbol;
  const exact = assets.filter((a) => a.name.toLowerCase() === wanted || a.slug === wanted);
  const matches =
    exact.length > 0 || wanted.length < MIN_PREFIX_LENGTH
      ? exact
      : assets.filter((a) => a.name.toLowerCase().startsWith(wanted) || a.slug.startsWith(wanted));
  if (matches.length === 1 && matches[0]) return matches[0];
  const named = param === 'symbol' ? `symbol ${input.trim()}` : `${param}: ${input.trim()}`;
  if (matches.length === 0) throw new AppError('BAD_REQUEST', `${named} is not a tracked asset`, { param });
  throw new AppError(
    'CONFLICT',
    `${named} is ambiguous: it matches ${matches.map((a) => `${a.symbol} (${a.name})`).join(', ')}; send one of their symbols`,
    { details: { candidates: candidatesOf(matches) } },
  );
}

/**
 * The tracked asset whose ticker is exactly `symbol` (an alert's symbol, already upper case by its
 * schema: no name or prefix reading), or a BAD_REQUEST naming it.
 */
export async function trackedSymbol(
  deps: Pick<ServiceDeps, 'db'> & Partial<Pick<ServiceDeps, 'reads'>>,
  input: { symbol: string },
): Promise<TrackedAsset> {
  const asset = (await trackedAssets(deps, {})).find((a) => a.symbol === input.symbol);
  if (!asset) throw new AppError('BAD_REQUEST', `symbol ${input.symbol} is not a tracked asset`, { param: 'symbol' });
  return asset;
}

/** Resolves one asset parameter, reading the tracked assets. */
export async function resolveSymbol(
  deps: Pick<ServiceDeps, 'db'> & Partial<Pick<ServiceDeps, 'reads'>>,
  input: { symbol: string; param?: string },
): Promise<TrackedAsset> {
  return resolveAsset(await trackedAssets(deps, {}), input.symbol, input.param);
}

/** Resolves a list parameter (symbols=BTC,ethereum): in the order given, each asset once. */
export async function resolveSymbols(
  deps: Pick<ServiceDeps, 'db'> & Partial<Pick<ServiceDeps, 'reads'>>,
  input: { symbols: string[]; param?: string },
): Promise<TrackedAsset[]> {
  const assets = await trackedAssets(deps, {});
  const param = input.param ?? 'symbols';
  const resolved = input.symbols.map((symbol) => resolveAsset(assets, symbol, param));
  return [...new Map(resolved.map((a) => [a.symbol, a])).values()];
}
