import { v1AssetsQuerySchema, type V1AssetsResponse } from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { trackedAssets, type TrackedAsset } from '../../services/market/assets.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { v1Schema } from '../response-schema.js';

/** The page position: the last asset's rank and ticker (ranks may tie). */
const decodeAssetCursor = (cursor: string): { rank: number; symbol: string } =>
  decodeCursor(cursor, ({ r, s }) => (Number.isSafeInteger(r) && typeof s === 'string' ? { rank: r as number, symbol: s } : undefined));

const after = (asset: TrackedAsset, position: { rank: number; symbol: string }) =>
  asset.rank > position.rank || (asset.rank === position.rank && asset.symbol > position.symbol);

/**
 * GET /v1/assets: the tracked assets by market-cap rank (then ticker), `limit` a page. They are a
 * few dozen rows read through the read cache (market/assets.ts), so a page is cut from the list.
 */
export async function assetRoutes(app: FastifyInstance): Promise<void> {
  app.get('/assets', v1Schema('listAssets'), async (request): Promise<V1AssetsResponse> => {
    const query = v1AssetsQuerySchema.parse(request.query);
    const position = query.cursor ? decodeAssetCursor(query.cursor) : undefined;
    const asOf = request.deps.now();
    const ordered = [...(await trackedAssets(request.deps, {}))].sort((a, b) => a.rank - b.rank || (a.symbol < b.symbol ? -1 : 1));
    const rest = position ? ordered.filter((asset) => after(asset, position)) : ordered;
    const page = rest.slice(0, query.limit);
    const last = page.at(-1);
    return {
      data: page.map(({ symbol, name, slug, rank }) => ({ symbol, name, slug, rank })),
      nextCursor: last && rest.length > page.length ? encodeCursor({ r: last.rank, s: last.symbol }) : null,
      asOf: asOf.toISOString(),
    };
  });
}
