import { sql } from 'kysely';
import type { Db } from '../create-db.js';
import { ASSET_LIST } from './asset-list.js';

/**
 * Adds the tracked assets that are missing, and gives stored assets without supply figures the
 * list's (installations made before supplies existed); never overwrites figures already stored.
 */
export async function seedAssets(db: Db): Promise<number> {
  const result = await db
    .insertInto('assets')
    .values(
      ASSET_LIST.map((asset, index) => ({
        symbol: asset.symbol,
        name: asset.name,
        slug: asset.slug,
        rank: index + 1,
        circulating_supply: asset.circulatingSupply,
        total_supply: asset.totalSupply,
        max_supply: asset.maxSupply,
      })),
    )
    .onConflict((oc) =>
      oc
        .column('symbol')
        .doUpdateSet({
          circulating_supply: sql`excluded.circulating_supply`,
          total_supply: sql`excluded.total_supply`,
          max_supply: sql`excluded.max_supply`,
        })
        .where('assets.circulating_supply', 'is', null),
    )
    // xmax = 0 only for a row this statement inserted: updates do not count as seeded assets.
    .returning(sql<boolean>`xmax = 0`.as('inserted'))
    .execute();
  return result.filter((row) => row.inserted).length;
}
