import { v1AssetsQuerySchema, type V1AssetsResponse } from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { trackedAssets, type TrackedAsset } from '../../services/market/assets.js';
import { V1Error } from '../errors.js';
import { v1Schema } from '../response-schema.js';

const BAD_CURSOR = 'cursor must be the nextCursor of a previous page';

/** The page position: the last asset's rank and ticker (ranks may tie), opaque base64url JSON as on /v1/data. */
function encodeCursor(asset: TrackedAsset): string {
  return Buffer.from(JSON.stringify({ r: asset.rank, s: asset.symbol })).toString('base64url');
}

function decodeCursor(cursor: string): { rank: number; symbol: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (parsed && typeof parsed === 'object' && 'r' in parsed && 's' in parsed) {
      const { r, s } = parsed;
      if (Number.isSafeInteger(r) && typeof s === 'string') return { rank: r as number, symbol: s };
    }
  } catch {
    // Not base64url JSON: the same answer as a well-formed one that is not a cursor.
  }
  throw new V1Error(400, 'bad_request', BAD_CURSOR, { param: 'cursor' });
}

const after = (asset: TrackedAsset, position: { rank: number; symbol: string }) =>
  asset.rank > position.rank || (asset.rank === position.rank && asset.symbol > position.symbol);

/**
 * GET /v1/assets: the tracked assets by market-cap rank (then ticker), `limit` a page. They are a
 * few dozen rows read through the read cache (market/assets.ts), so a page is cut from the list.
 */
export async function assetRoutes(app: FastifyInstance): Promise<void> {
  app.get('/assets', v1Schema('listAssets'), async (request): Promise<V1AssetsResponse> => {
    const query = v1AssetsQuerySchema.parse(request.query);
    const position = query.cursor ? decodeCursor(query.cursor) : undefined;
    const asOf = request.deps.now();
    const ordered = [...(await trackedAssets(request.deps, {}))].sort((a, b) => a.rank - b.rank || (a.symbol < b.symbol ? -1 : 1));
    const rest = position ? ordered.filter((asset) => after(asset, position)) : ordered;
    const page = rest.slice(0, query.limit);
    const last = page.at(-1);
    return {
      data: page.map(({ symbol, name, slug, rank }) => ({ symbol, name, slug, rank })),
      nextCursor: last && rest.length > page.length ? encodeCursor(last) : null,
      asOf: asOf.toISOString(),
    };
  });
}
