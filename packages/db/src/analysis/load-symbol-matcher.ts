import type { Kysely } from 'kysely';
import type { Database } from '../schema/index.js';
import { createSymbolMatcher, type SymbolMatcher } from './symbol-matcher.js';

/** A matcher for the assets stored now; build one per import, not per post. */
export async function loadSymbolMatcher(db: Kysely<Database>): Promise<SymbolMatcher> {
  const assets = await db.selectFrom('assets').select(['symbol', 'name', 'slug']).execute();
  return createSymbolMatcher(assets);
}
