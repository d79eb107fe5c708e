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

/** The driving term's postings of the platform in the window, each with every other term, as `u(id, t, r)` of `sp`. */
function matchingPostings(s: PostingsScope, plan: PostingsPlan, platform: SocialPlatform): RawBuilder<unknown> {
  const [driver, ...others] = plan.terms;
  const conditions = [
    sql`sp.platform = ${platform}`,
    sql`sp.term = ${driver}`,
    ...(s.startDate ? [sql`sp.hour >= ${HOUR_OF(s.startDate)}`, sql`u.t >= ${s.startDate}`] : []),
    ...(s.endDate ? [sql`sp.hour <= ${s.endDate}`, sql`u.t <= ${s.endDate}`] : []),
    ...others.map(
      (term) => sql`exists (select 1 from search_postings o where o.platform = sp.platform and o.term = ${term} and o.hour = sp.hour and u.id = any(o.ids))`,
    ),
  ];
  return sql`search_postings sp cross join lateral unnest(sp.ids, sp.times, sp.ranks) u(id, t, r) where ${sql.join(conditions, sql` and `)}`;
}

/** `postings-count`: the platform's matches up to SEARCH_COUNT_CAP + 1. */
export async function postingsCount(s: PostingsScope, plan: PostingsPlan, platform: SocialPlatform): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`
    select count(*) as n from (select 1 from ${matchingPostings(s, plan, platform)} order by sp.hour desc limit ${SEARCH_COUNT_CAP + 1}) m
  `.execute(s.db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The platform's matches newest first, [skip, skip + take), with their rank: the postings' when
 * they hold it (plan.rankFromPostings), else ts_rank of the search over those rows alone.
 */
export async function postingsNewest(s: PostingsScope, plan: PostingsPlan, platform: SocialPlatform, skip: number, take: number): Promise<Candidate[]> {
  const page = sql`
    select u.id, u.t as created_at, u.r as rank from ${matchingPostings(s, plan, platform)}
    order by sp.hour desc, u.t desc, u.id desc offset ${skip} limit ${take}
  `;
  const query =
    plan.rankFromPostings || s.parts.tsquery === null
      ? page
      : sql`
        select c.id, c.created_at, ts_rank(posts.search, ${asTsquery(s.parts.tsquery)}) as rank
        from (${page}) c join posts on posts.id = c.id
        order by c.created_at desc, c.id desc`;
  const { rows } = await sql<Candidate>`${query}`.execute(s.db);
  return rows.map((row) => ({ id: Number(row.id), created_at: row.created_at, rank: Number(row.rank) }));
}
