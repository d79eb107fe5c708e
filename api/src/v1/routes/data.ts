import { v1DataQuerySchema, type V1DataResponse } from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { postsFeed, type FeedPosition } from '../../services/social/index.js';
import { keyCallerOf } from '../caller.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { v1Schema } from '../response-schema.js';
import { resolveSymbol } from '../../services/market/assets.js';
import { readKey } from '../../services/read-cache.js';

/** /v1/data's page position: the last post's time (µs) and id. */
const decodeFeedCursor = (cursor: string): FeedPosition =>
  decodeCursor(cursor, ({ t, i }) =>
    Number.isSafeInteger(t) && Number.isSafeInteger(i) && (i as number) > 0 ? { micros: t as number, id: i as number } : undefined,
  );

/** GET /v1/data: posts, newest first, with the explorer's filters and a keyset cursor. */
export async function dataRoutes(app: FastifyInstance): Promise<void> {
  app.get('/data', v1Schema('listData'), async (request): Promise<V1DataResponse> => {
    const query = v1DataQuerySchema.parse(request.query);
    const after = query.cursor ? decodeFeedCursor(query.cursor) : undefined;
    const symbol = query.symbol ? (await resolveSymbol(request.deps, { symbol: query.symbol })).symbol : undefined;
    const input = {
      platform: query.platform,
      q: query.q,
      symbol,
      minLikes: query.minLikes,
      from: query.from,
      to: query.to,
      limit: query.limit,
      after,
      // mine: the key owner's own posts (docs/security.md §24).
      dataset: query.dataset,
    };
    const read = async (): Promise<V1DataResponse> => {
      const asOf = request.deps.now();
      const page = await postsFeed(request.deps, input, keyCallerOf(request));
      return {
        data: page.data,
        nextCursor: page.next ? encodeCursor({ t: page.next.micros, i: page.next.id }) : null,
        asOf: asOf.toISOString(),
      };
    };
    // The shared dataset's same page within READ_CACHE_TTL_MS is one answer (`asOf` says when it
    // was read); an account's own posts are never served from the cache all callers share.
    return input.dataset === 'mine' ? read() : request.deps.reads.get(readKey('v1.data', input), read);
  });
}
