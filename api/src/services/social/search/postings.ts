import { SEARCH_COUNT_CAP, type SocialPlatform } from '@coinsight/contracts';
import { sql } from 'kysely';
import { platformsOf, postingsCounted, postingsWalk, postingsWindow } from '../postings-walk.js';
import { asTsquery } from '../tsquery.js';
import type { PostingsPlan } from './choose.js';
import type { Db } from '@coinsight/db';
import type { Candidate, SearchScope } from './statements.js';

/** A search of the shared posts: the postings live beside them, on the read pool. */
export type PostingsScope = Omit<SearchScope, 'db'> & { db: Db };

/** The search's window, both ends inclusive. */
const windowOf = (s: PostingsScope) => postingsWindow(s.startDate, s.endDate, true);

/** The search's postings walk (postings-walk.ts): its terms in its window. */
const matchingPostings = (s: PostingsScope, plan: PostingsPlan) => postingsWalk(plan.terms, windowOf(s));

/** `postings-count`: each platform's matches up to SEARCH_COUNT_CAP + 1 (or a little past it: capped), in one statement. */
export async function postingsCounts(
  s: PostingsScope,
  plan: PostingsPlan,
  platforms: readonly SocialPlatform[],
): Promise<Map<SocialPlatform, number>> {
  const { rows } = await postingsCounted(plan.terms, windowOf(s), platforms, SEARCH_COUNT_CAP).execute(s.db);
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
      : sql`select c.platform, c.id, c.created_at, ts_rank(posts.search, ${asTsquery(s.parts.tsquery)}) as rank from (${page}) c join posts on posts.id = c.id and posts.created_at = c.created_at`;
  const { rows } = await sql<Candidate & { platform: SocialPlatform }>`${query}`.execute(s.db);
  return platforms.map((platform) =>
    rows
      .filter((row) => row.platform === platform)
      .map((row) => ({ id: Number(row.id), created_at: row.created_at, rank: Number(row.rank) }))
      .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id),
  );
}
