import type { Kysely } from 'kysely';
import type { Database } from '../schema/index.js';
import { createSymbolMatcher, type AssetRef, type SymbolMatcher } from './symbol-matcher.js';

/** The tracked assets that posts are matched against. */
export async function loadAssetRefs(db: Kysely<Database>): Promise<AssetRef[]> {
  return db.selectFrom('assets').select(['symbol', 'name', 'slug']).execute();
}

/** A matcher for the assets stored now; build one per import, not per post. */
export async function loadSymbolMatcher(db: Kysely<Database>): Promise<SymbolMatcher> {
  return createSymbolMatcher(await loadAssetRefs(db));
}
