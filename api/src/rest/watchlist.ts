import { watchlistSetInputSchema, watchlistToggleInputSchema } from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../plugins/auth.js';
import { getWatchlist, setWatchlist, toggleWatchlist } from '../services/watchlist/watchlist.js';
import { signedInCallerOf } from './client.js';

/**
 * The signed-in account's watchlist over REST, as tRPC's `watchlist` router: GET it, PUT the whole
 * list (`{symbols}`), PUT or DELETE one coin. Answers `{ symbols }` in order.
 */
export async function watchlistRoutes(app: FastifyInstance): Promise<void> {
  const guarded = { preHandler: requireUser };
  app.get('/api/watchlist', guarded, async (request) => getWatchlist(app.deps, {}, signedInCallerOf(request)));
  app.put('/api/watchlist', guarded, async (request) =>
    setWatchlist(app.deps, watchlistSetInputSchema.parse(request.body), signedInCallerOf(request)),
  );
  app.put<{ Params: { symbol: string } }>('/api/watchlist/:symbol', guarded, async (request) =>
    toggleWatchlist(
      app.deps,
      watchlistToggleInputSchema.parse({ symbol: request.params.symbol, starred: true }),
      signedInCallerOf(request),
    ),
  );
  app.delete<{ Params: { symbol: string } }>('/api/watchlist/:symbol', guarded, async (request) =>
    toggleWatchlist(
      app.deps,
      watchlistToggleInputSchema.parse({ symbol: request.params.symbol, starred: false }),
      signedInCallerOf(request),
    ),
  );
}
