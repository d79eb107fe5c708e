import type { Db } from '../create-db.js';
import { ASSET_LIST } from './asset-list.js';

/** Adds the tracked assets that are missing; never overwrites an asset already stored. */
export async function seedAssets(db: Db): Promise<number> {
  const result = await db
    .insertInto('assets')
    .values(ASSET_LIST.map((asset, index) => ({ ...asset, rank: index + 1 })))
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}
