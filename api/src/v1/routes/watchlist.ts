import { v1NoQuerySchema, v1WatchlistBodySchema, type V1WatchlistResponse } from '@coinsight/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveSymbols, trackedAssets } from '../../services/market/assets.js';
import { getWatchlist, setWatchlist } from '../../services/watchlist/watchlist.js';
import { keyCallerOf } from '../caller.js';
import { v1Schema } from '../response-schema.js';

/** The watchlist's tickers as /v1 lists assets: with their names and ranks, in the list's order. */
async function answer(request: FastifyRequest, symbols: string[]): Promise<V1WatchlistResponse> {
  const bySymbol = new Map((await trackedAssets(request.deps, {})).map((asset) => [asset.symbol, asset]));
  const data = symbols.flatMap((symbol) => {
    const asset = bySymbol.get(symbol);
    return asset ? [{ symbol: asset.symbol, name: asset.name, slug: asset.slug, rank: asset.rank }] : [];
  });
  return { data, asOf: request.deps.now().toISOString() };
}

/**
 * GET and PUT /v1/watchlist: the key owner's watchlist, the one the web app's stars edit
 * (services/watchlist/watchlist.ts). Never billed (the registry's `billable: false`), like the
 * other account operations. PUT replaces the list whole, so sending it again changes nothing.
 */
export async function watchlistRoutes(app: FastifyInstance): Promise<void> {
  app.get('/watchlist', v1Schema('getWatchlist'), async (request) => {
    v1NoQuerySchema.parse(request.query);
    return answer(request, (await getWatchlist(request.deps, {}, keyCallerOf(request))).symbols);
  });

  app.put('/watchlist', v1Schema('putWatchlist'), async (request) => {
    v1NoQuerySchema.parse(request.query);
    const body = v1WatchlistBodySchema.parse(request.body);
    // Each read as every /v1 asset is (ticker, name or id): an unknown one is a 400, an ambiguous one a 409.
    const assets = await resolveSymbols(request.deps, { symbols: body.symbols, param: 'symbols' });
    const stored = await setWatchlist(request.deps, { symbols: assets.map((a) => a.symbol) }, keyCallerOf(request));
    return answer(request, stored.symbols);
  });
}
