import { SEARCH_COUNT_CAP, type SocialPlatform } from '@coinsight/contracts';
import { sql, type RawBuilder } from 'kysely';
import { asTsquery } from '../tsquery.js';
import type { PostingsPlan } from './choose.js';
import type { Db } from '@coinsight/db';
import type { Candidate, SearchScope } from './statements.js';

/** A search of the shared posts: the postings live beside them, on the read pool. */
export type PostingsScope = Omit<SearchScope, 'db'> & { db: Db };

// The statements of the postings strategies (search/choose.ts): the driving term's postings of
// the platform, newest hours first (the primary key's order, read backwards), each hour's
// postings unnested, those outside the window or missing another term left out. A LIMIT stops
// the walk once it has what it needs, so a read costs what it returns, not what the term matches.

const HOUR_OF = (at: Date) => sql`date_bin('1 hour', ${at}::timestamptz, timestamptz '2000-01-01 00:00:00+00')`;

/** The driving term's postings of the platform `p.platform` in the window, each with every other term, as `u(id, t, r)` of `sp`. */
function matchingPostings(s: PostingsScope, plan: PostingsPlan): RawBuilder<unknown> {
  const [driver, ...others] = plan.terms;
  const conditions = [
    sql`sp.platform = p.platform`,
    sql`sp.term = ${driver}`,
    ...(s.startDate ? [sql`sp.hour >= ${HOUR_OF(s.startDate)}`, sql`u.t >= ${s.startDate}`] : []),
    ...(s.endDate ? [sql`sp.hour <= ${s.endDate}`, sql`u.t <= ${s.endDate}`] : []),
    ...others.map(
      (term) => sql`exists (select 1 from search_postings o where o.platform = sp.platform and o.term = ${term} and o.hour = sp.hour and u.id = any(o.ids))`,
    ),
  ];
  return sql`search_postings sp cross join lateral unnest(sp.ids, sp.times, sp.ranks) u(id, t, r) where ${sql.join(conditions, sql` and `)}`;
}

/** The platforms, one row `p(platform)` each: every platform's read is one lateral subquery of one statement. */
const platformsOf = (platforms: readonly SocialPlatform[]) => sql`unnest(${platforms}::text[]) p(platform)`;

/** `postings-count`: each platform's matches up to SEARCH_COUNT_CAP + 1, in one statement. */
export async function postingsCounts(s: PostingsScope, plan: PostingsPlan, platforms: readonly SocialPlatform[]): Promise<Map<SocialPlatform, number>> {
  const { rows } = await sql<{ platform: SocialPlatform; n: number | string }>`
    select p.platform, (
      select count(*) from (select 1 from ${matchingPostings(s, plan)} order by sp.hour desc limit ${SEARCH_COUNT_CAP + 1}) m
    ) as n
    from ${platformsOf(platforms)}
  `.execute(s.db);
  return new Map(rows.map((row) => [row.platform, Number(row.n)]));
}

/**
 * Each platform's matches newest first, [skip, skip + take), with their rank: the postings' when
 * they hold it (plan.rankFromPostings), else ts_rank of the search over those rows alone.
 */
export async function postingsNewest(
  s: PostingsScope,
  plan: PostingsPlan,
  platforms: readonly SocialPlatform[],
  skip: number,
  take: number,
): Promise<Candidate[][]> {
  const page = sql`
    select p.platform, c.id, c.created_at, c.rank from ${platformsOf(platforms)} cross join lateral (
      select u.id, u.t as created_at, u.r as rank from ${matchingPostings(s, plan)}
      order by sp.hour desc, u.t desc, u.id desc offset ${skip} limit ${take}
    ) c`;
  const query =
    plan.rankFromPostings || s.parts.tsquery === null
      ? page
      : sql`select c.platform, c.id, c.created_at, ts_rank(posts.search, ${asTsquery(s.parts.tsquery)}) as rank from (${page}) c join posts on posts.id = c.id`;
  const { rows } = await sql<Candidate & { platform: SocialPlatform }>`${query}`.execute(s.db);
  return platforms.map((platform) =>
    rows
      .filter((row) => row.platform === platform)
      .map((row) => ({ id: Number(row.id), created_at: row.created_at, rank: Number(row.rank) }))
      .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id),
  );
}
