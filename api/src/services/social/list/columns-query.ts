import type { ColumnQuery } from '../columns/match.js';
import type { PostColumns } from '../columns/post-columns.js';
import { countersOf, MEDIA_CODES } from '../columns/rows.js';
import { rangeInterval, type ListFacts } from './facts.js';

/** A list's facts as the filter columns test them (columns/match.ts): dates in microseconds, counters and places by their codes. */
export function columnQueryOf(f: ListFacts, columns: PostColumns): ColumnQuery {
  const counters = countersOf(f.platform);
  const ranges = counters.flatMap((counter, column) => {
    if (!f.ranges.some((range) => range.counter === counter)) return [];
    const { lo, hi } = rangeInterval(f.ranges, counter);
    return [{ column, lo, hi }];
  });
  return {
    startUs: f.startDate && f.startDate.getTime() * 1000,
    endUs: f.endDate && f.endDate.getTime() * 1000,
    authors: f.authorIds,
    ranges,
    media: f.mediaType && MEDIA_CODES[f.mediaType],
    places: f.places && columns.placeCodes(f.places),
    sort: f.sortBy === 'created_at' ? -1 : counters.indexOf(f.sortBy),
    desc: f.sortOrder === 'desc',
    offset: f.offset,
    limit: f.limit,
  };
}
