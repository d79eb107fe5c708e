import type { SocialPlatform } from '@coinsight/contracts';
import { sql, type RawBuilder } from 'kysely';
import { platformsOf, wholeDaysOf } from './postings-walk.js';
import { HOUR_MS } from './windows.js';

// One search term's posts in a window, counted off what is stored per term beside the postings
// (docs/performance.md, "Search postings"): the window's whole UTC days off search_term_days, its
// other whole hours as the number of their postings (cardinality, unread), and the parts of at most
// two hours it cuts by their postings' times. What it reads is bounded by the window's length in
// days and hours, not by the term's matches.

export const floorHour = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
export const ceilHour = (at: Date) => new Date(Math.ceil(at.getTime() / HOUR_MS) * HOUR_MS);

/** A part of one hour: [from, to), or [from, to] when `inclusive`. */
export interface CutHour {
  from: Date;
  to: Date;
  inclusive: boolean;
}

/** The pieces a window falls into: whole days [first, end), whole hours [from, to), cut hours. */
export interface TermWindowPieces {
  days: { first?: Date; end?: Date } | null;
  hours: { from: Date; to: Date }[];
  cut: CutHour[];
}

/** A stretch [a, b) (or [a, b]) within no whole day, as whole hours and the cut ones at its ends. */
function intoHours(a: Date, b: Date, inclusive: boolean, pieces: TermWindowPieces): void {
  const [first, last] = [ceilHour(a), floorHour(b)];
  if (first > last) {
    pieces.cut.push({ from: a, to: b, inclusive });
    return;
  }
  if (a < first) pieces.cut.push({ from: a, to: first, inclusive: false });
  if (first < last) pieces.hours.push({ from: first, to: last });
  if (inclusive || last < b) pieces.cut.push({ from: last, to: b, inclusive });
}

/** The window [since, until] (until inclusive; either end may be open) in pieces. */
export function termWindowPieces(since: Date | undefined, until: Date | undefined): TermWindowPieces {
  const days = wholeDaysOf(since, until);
  const pieces: TermWindowPieces = { days, hours: [], cut: [] };
  if (!days) {
    if (since && until) intoHours(since, until, true, pieces);
    return pieces;
  }
  if (since && days.first) intoHours(since, days.first, false, pieces);
  if (until && days.end) intoHours(days.end, until, true, pieces);
  return pieces;
}

/** The SQL of each piece's count for the platform `p.platform`. */
function pieceCounts(term: string, pieces: TermWindowPieces): { days: RawBuilder<unknown>; others: RawBuilder<unknown>[] } {
  const inDays = [
    ...(pieces.days?.first ? [sql`and d.day >= ${pieces.days.first.toISOString().slice(0, 10)}::date`] : []),
    ...(pieces.days?.end ? [sql`and d.day < ${pieces.days.end.toISOString().slice(0, 10)}::date`] : []),
  ];
  const days = pieces.days
    ? sql`(select coalesce(sum(d.posts), 0) from search_term_days d where d.platform = p.platform and d.term = ${term} ${sql.join(inDays, sql` `)})`
    : sql`0`;
  const term0 = sql`sp.platform = p.platform and sp.term = ${term}`;
  const others = [
    ...pieces.hours.map(
      (h) =>
        sql`(select coalesce(sum(cardinality(sp.ids)), 0) from search_postings sp where ${term0} and sp.hour >= ${h.from} and sp.hour < ${h.to})`,
    ),
    ...pieces.cut.map(
      (c) =>
        sql`(select count(*) from search_postings sp cross join lateral unnest(sp.times) u(t) where ${term0} and sp.hour = ${floorHour(c.from)} and u.t >= ${c.from} and ${c.inclusive ? sql`u.t <= ${c.to}` : sql`u.t < ${c.to}`})`,
    ),
  ];
  return { days, others };
}

/**
 * Each platform's posts holding `term` in [since, until] (until inclusive), `(platform, n)`: exact
 * up to `cap`, past it beyond (the other pieces are not read once the whole days pass the cap).
 */
export function termCounted(
  term: string,
  { since, until }: { since?: Date | undefined; until?: Date | undefined },
  platforms: readonly SocialPlatform[],
  cap: number,
) {
  const { days, others } = pieceCounts(term, termWindowPieces(since, until));
  const rest = others.length === 0 ? sql`` : sql` + ${sql.join(others, sql` + `)}`;
  return sql<{ platform: SocialPlatform; n: number | string }>`
    select p.platform, case when w.n > ${cap} then w.n else w.n${rest} end as n
    from ${platformsOf(platforms)} cross join lateral (select ${days} as n) w`;
}
