import type { SocialPlatform } from '@coinsight/contracts';
import { sql, type RawBuilder } from 'kysely';

// The walk the postings strategies share (search/postings.ts, feed/read.ts): the driving term's
// postings of the platform `p.platform`, newest hours first (the primary key of search_postings,
// read backwards), each hour's postings unnested as `u(id, t, r)`, those outside the window or
// missing another term left out. Ordered by `sp.hour desc` (and within the hour as the caller
// needs), a LIMIT stops the walk once it has what it asked: a read costs what it returns, not
// what the term matches (docs/performance.md, "Search postings").

const HOUR_OF = (at: Date) => sql`date_bin('1 hour', ${at}::timestamptz, timestamptz '2000-01-01 00:00:00+00')`;

/** A window's bounds for the walk: the hours that can hold it, and the postings inside it. */
export const postingsSince = (at: Date): RawBuilder<boolean>[] => [sql`sp.hour >= ${HOUR_OF(at)}`, sql`u.t >= ${at}`];
export const postingsUntil = (at: Date, inclusive: boolean): RawBuilder<boolean>[] => [
  inclusive ? sql`sp.hour <= ${at}` : sql`sp.hour < ${at}`,
  inclusive ? sql`u.t <= ${at}` : sql`u.t < ${at}`,
];

/** The postings of the driving term (the first) holding every other term too, with the caller's conditions on `sp` and `u`. */
export function postingsWalk(terms: readonly [string, ...string[]], conditions: RawBuilder<boolean>[]): RawBuilder<unknown> {
  const [driver, ...others] = terms;
  const all = [
    sql`sp.platform = p.platform`,
    sql`sp.term = ${driver}`,
    ...conditions,
    ...others.map(
      (term) =>
        sql`exists (select 1 from search_postings o where o.platform = sp.platform and o.term = ${term} and o.hour = sp.hour and u.id = any(o.ids))`,
    ),
  ];
  return sql`search_postings sp cross join lateral unnest(sp.ids, sp.times, sp.ranks) u(id, t, r) where ${sql.join(all, sql` and `)}`;
}

/** The platforms, one row `p(platform)` each: every platform's walk is one lateral subquery of one statement. */
export const platformsOf = (platforms: readonly SocialPlatform[]) => sql`unnest(${platforms}::text[]) p(platform)`;
