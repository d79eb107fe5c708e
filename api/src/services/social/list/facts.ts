import {
  RANGE_FILTERS,
  type AnyListQuery,
  type DownloadQuery,
  type ListQuery,
  type MediaType,
  type RangeCounter,
  type SocialPlatform,
} from '@coinsight/contracts';
import type { DatasetScope } from '../dataset.js';

/** A counter range of a list query: `likes >= 5000`. */
export interface CounterRange {
  counter: RangeCounter;
  op: '>=' | '<=';
  value: number;
}

/** A counter's ranges as one closed interval, infinite on a side none of them bounds. */
export function rangeInterval(ranges: readonly CounterRange[], counter: string): { lo: number; hi: number } {
  const own = ranges.filter((range) => range.counter === counter);
  const lows = own.filter((range) => range.op === '>=').map((range) => range.value);
  const highs = own.filter((range) => range.op === '<=').map((range) => range.value);
  return { lo: Math.max(Number.NEGATIVE_INFINITY, ...lows), hi: Math.min(Number.POSITIVE_INFINITY, ...highs) };
}

/** What steers a list read: the platform, whose posts, each filter, the order and the page. */
export interface ListFacts {
  platform: SocialPlatform;
  scope: DatasetScope;
  username?: string;
  /** A coin's ticker: posts whose `symbols` name it. */
  coin?: string;
  startDate?: Date;
  endDate?: Date;
  ranges: readonly CounterRange[];
  mediaType?: MediaType;
  location?: string;
  /**
   * The ids of the shared dataset's authors whose handle contains `username`, when they were read
   * first and are few enough to name (list/resolve.ts); otherwise the handle is
   * matched in the statement itself.
   */
  authorIds?: readonly number[];
  /**
   * The places (lower-cased) of the shared dataset's Instagram posts that contain `location`, when
   * they were read first and are few enough to name (list/resolve.ts); otherwise the place is
   * matched in the statement itself.
   */
  places?: readonly string[];
  sortBy: AnyListQuery['sortBy'];
  sortOrder: 'asc' | 'desc';
  page: number;
  limit: number;
  /** Rows before the page: (page - 1) × limit. */
  offset: number;
}

/**
 * What a list's matches depend on: the platform and the filters, not the sort or the page; the key
 * of the facts a read learns about them (list/read-page.ts). Undefined for an account's own
 * posts, whose facts are never kept across requests.
 */
export function matchesKey(f: ListFacts): string | undefined {
  if (f.scope.dataset !== 'shared') return undefined;
  const { platform, username, coin, startDate, endDate, ranges, mediaType, location } = f;
  return JSON.stringify([platform, username, coin, startDate?.toISOString(), endDate?.toISOString(), ranges, mediaType, location]);
}

const capitalized = (word: string) => `${word[0]?.toUpperCase() ?? ''}${word.slice(1)}`;

/** A download's query read as a list's: its filters and sort, with the chunk as the page. */
export type DownloadChunkQuery<P extends SocialPlatform> = DownloadQuery<P> & { page: number; limit: number };

/** The facts of a parsed list query: its counter ranges gathered from the platform's min/max parameters. */
export function listFactsOf<P extends SocialPlatform>(
  scope: DatasetScope,
  platform: P,
  query: ListQuery<P> | DownloadChunkQuery<P>,
): ListFacts {
  const q = query as AnyListQuery;
  const values = q as Record<string, unknown>;
  const ranges = (RANGE_FILTERS[platform] as readonly RangeCounter[]).flatMap((counter): CounterRange[] => {
    const min = values[`min${capitalized(counter)}`];
    const max = values[`max${capitalized(counter)}`];
    return [
      ...(typeof min === 'number' ? [{ counter, op: '>=' as const, value: min }] : []),
      ...(typeof max === 'number' ? [{ counter, op: '<=' as const, value: max }] : []),
    ];
  });
  return {
    platform,
    scope,
    username: q.username,
    coin: q.coin,
    startDate: q.startDate,
    endDate: q.endDate,
    ranges,
    mediaType: 'mediaType' in q ? q.mediaType : undefined,
    location: 'location' in q ? q.location : undefined,
    sortBy: q.sortBy,
    sortOrder: q.sortOrder,
    page: q.page,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  };
}
