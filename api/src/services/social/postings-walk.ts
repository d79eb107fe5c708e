import type { SocialPlatform } from '@coinsight/contracts';
import { sql, type RawBuilder } from 'kysely';
import { DAY_MS } from './windows.js';

// The walks the postings strategies share (search/postings.ts, feed/read.ts), over the driving
// term's postings of a platform, newest hours first (the primary key of search_postings, read
// backwards). Each other term's postings of the same hour are joined to the hour once (`o0`,
// `o1`, …: an hour lacking one holds no match), and a posting matches when its id is in each of
// them. A read stops at its LIMIT, a count once past its cap: they cost what they return, not
// what the term matches (docs/performance.md, "Search postings").

const HOUR_OF = (at: Date) => sql`date_bin('1 hour', ${at}::timestamptz, timestamptz '2000-01-01 00:00:00+00')`;

/** A window's bounds: the hours that can hold it (on `sp`) and the postings inside it (on `u`). */
export interface PostingsWindow {
  hours: RawBuilder<boolean>[];
  postings: RawBuilder<boolean>[];
}

/** The window [since, until] (until inclusive or not); either end may be open. */
export function postingsWindow(since: Date | undefined, until: Date | undefined, untilInclusive: boolean): PostingsWindow {
  const window: PostingsWindow = { hours: [], postings: [] };
  if (since) {
    window.hours.push(sql`sp.hour >= ${HOUR_OF(since)}`);
    window.postings.push(sql`u.t >= ${since}`);
  }
  if (until) {
    window.hours.push(untilInclusive ? sql`sp.hour <= ${until}` : sql`sp.hour < ${until}`);
    window.postings.push(untilInclusive ? sql`u.t <= ${until}` : sql`u.t < ${until}`);
  }
  return window;
}

/** The whole UTC days inside a window [since, until] (until inclusive), [first, end); an open end is unbounded. */
export interface WholeDays {
  first?: Date;
  end?: Date;
}

/** The window's whole UTC days, or null when it holds none (a day lies inside when its first and its last instant do). */
export function wholeDaysOf(since: Date | undefined, until: Date | undefined): WholeDays | null {
  const first = since ? new Date(Math.ceil(since.getTime() / DAY_MS) * DAY_MS) : undefined;
  const end = until ? new Date(Math.floor(until.getTime() / DAY_MS) * DAY_MS) : undefined;
  return first && end && first >= end ? null : { ...(first ? { first } : {}), ...(end ? { end } : {}) };
}

const and = (conditions: RawBuilder<boolean>[]) => (conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `));

/** `sp`, the driving term's hour rows, joined to the other terms' rows of the same hour. */
function hourRows(terms: readonly [string, ...string[]]) {
  const joins = terms.slice(1).map((term, i) => {
    const o = sql.raw(`o${i}`);
    return sql` join search_postings ${o} on ${o}.platform = sp.platform and ${o}.term = ${term} and ${o}.hour = sp.hour`;
  });
  return sql`search_postings sp${sql.join(joins, sql``)}`;
}

/** A posting `u` of the hour holds every other term. */
const inOthers = (terms: readonly string[]) => terms.slice(1).map((_, i) => sql<boolean>`u.id = any(${sql.raw(`o${i}`)}.ids)`);

/**
 * The postings `u(id, t, r, b)` (post, time, rank, likes band) of the platform `p.platform` holding every term in the window, with
 * the caller's further conditions (on `sp` and `u`). The caller orders by `sp.hour desc` first.
 */
export function postingsWalk(
  terms: readonly [string, ...string[]],
  window: PostingsWindow,
  conditions: RawBuilder<boolean>[] = [],
): RawBuilder<unknown> {
  const all = [
    sql<boolean>`sp.platform = p.platform`,
    sql<boolean>`sp.term = ${terms[0]}`,
    ...window.hours,
    ...window.postings,
    ...inOthers(terms),
    ...conditions,
  ];
  return sql`${hourRows(terms)} cross join lateral unnest(sp.ids, sp.times, sp.ranks, sp.bands) u(id, t, r, b) where ${and(all)}`;
}

/**
 * Each platform's matches in the window, `(platform, n)`, up to `cap` + 1 (n > cap: capped),
 * exact below. Walked like a read, newest hours first, and stopped at `cap` + 1 postings. (A
 * walk of one hour a step that added a whole hour's number of postings unread cost more than it
 * saved: docs/performance.md, "Search postings".)
 */
export const postingsCounted = (
  terms: readonly [string, ...string[]],
  window: PostingsWindow,
  platforms: readonly SocialPlatform[],
  cap: number,
) =>
  sql<{ platform: SocialPlatform; n: number | string }>`
    select p.platform, (
      select count(*) from (select 1 from ${postingsWalk(terms, window)} order by sp.hour desc limit ${cap + 1}) m
    ) as n
    from ${platformsOf(platforms)}`;

/** The platforms, one row `p(platform)` each: every platform's walk is one lateral subquery of one statement. */
export const platformsOf = (platforms: readonly SocialPlatform[]) => sql`unnest(${platforms}::text[]) p(platform)`;
