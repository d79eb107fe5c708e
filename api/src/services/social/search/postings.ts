import { SEARCH_COUNT_CAP, SOCIAL_PLATFORMS, type SocialPlatform } from '@coinsight/contracts';
import { sql } from 'kysely';
import { platformsOf, postingsCounted, postingsWalk, postingsWindow } from '../postings-walk.js';
import { termCounted } from '../term-count.js';
import { POST_COLUMNS, type PostRowOut } from '../post-shapes.js';
import { asTsquery } from '../tsquery.js';
import { RELEVANCE_CANDIDATES, type PostingsPlan } from './choose.js';
import type { Db } from '@coinsight/db';
import type { SearchScope } from './statements.js';

/** A search of the shared posts: the postings live beside them, on the read pool. */
export type PostingsScope = Omit<SearchScope, 'db'> & { db: Db };

/** The search's window, both ends inclusive. */
const windowOf = (s: PostingsScope) => postingsWindow(s.startDate, s.endDate, true);

/** The search's postings walk (postings-walk.ts): its terms in its window. */
const matchingPostings = (s: PostingsScope, plan: PostingsPlan) => postingsWalk(plan.terms, windowOf(s));

/** The count statement: `term-count` for one term, else `postings-count` (search/choose.ts). */
const countStatement = (s: PostingsScope, plan: PostingsPlan, platforms: readonly SocialPlatform[]) =>
  plan.terms.length === 1
    ? termCounted(plan.terms[0], { since: s.startDate, until: s.endDate }, platforms, SEARCH_COUNT_CAP)
    : postingsCounted(plan.terms, windowOf(s), platforms, SEARCH_COUNT_CAP);

/** Each platform's matches up to SEARCH_COUNT_CAP + 1 (or past it: capped), in one statement. */
export async function postingsCounts(
  s: PostingsScope,
  plan: PostingsPlan,
  platforms: readonly SocialPlatform[],
): Promise<Map<SocialPlatform, number>> {
  const { rows } = await countStatement(s, plan, platforms).execute(s.db);
  return new Map(rows.map((row) => [row.platform, Number(row.n)]));
}

/**
 * The rank of a platform's posting `c` numbered `c.n` newest first, for the first `head`: the
 * postings' own when they hold the search's (plan.rankFromPostings), else ts_rank of the search
 * over those posts alone; none past the head, whose order is newest first.
 */
function rankOf(s: PostingsScope, plan: PostingsPlan, head: number) {
  if (head === 0) return sql<number | null>`null::real`;
  if (plan.rankFromPostings || s.parts.tsquery === null) return sql<number | null>`case when c.n <= ${head} then c.r end`;
  return sql<
    number | null
  >`(select ts_rank(posts.search, ${asTsquery(s.parts.tsquery)}) from posts where posts.id = c.id and c.n <= ${head})`;
}

/**
 * Rows [from, to) of the search's order as `page(id, past, rank, t)`: each platform's first
 * `head` matches newest first by relevance (RELEVANCE_CANDIDATES with words, none without), then
 * the older matches of every platform newest first (`past`). Each platform's walk is numbered as
 * it is read and stops at max(head, to): the page's rows past the ranked ones are among each
 * platform's newest `to`. The cut is a bounded sort of those few hundred candidates.
 */
function pageOf(s: PostingsScope, plan: PostingsPlan, platforms: readonly SocialPlatform[], range: { from: number; to: number }) {
  const head = s.parts.tsquery === null ? 0 : RELEVANCE_CANDIDATES;
  const newestFirst = sql`order by sp.hour desc, u.t desc, u.id desc`;
  return sql<{ id: number; past: boolean; rank: number | null; t: Date }>`(
    select c.id, c.n > ${head} as past, ${rankOf(s, plan, head)} as rank, c.t
    from ${platformsOf(platforms)} cross join lateral (
      select u.id, u.t, u.r, row_number() over (${newestFirst}) as n
      from ${matchingPostings(s, plan)} ${newestFirst} limit ${Math.max(head, range.to)}
    ) c
    order by 2, 3 desc, c.t desc, c.id desc
    offset ${range.from} limit ${range.to - range.from}
  )`.as('page');
}

/**
 * `newest-postings` and `ranked-postings`, with the count: rows [from, to) of the search's order,
 * whole, and each platform's count (as countStatement's, one JSON object) on each row, in one
 * statement: the candidates are ranked, merged and cut in the database, and only the page's rows
 * come back. A page with no row holds no count: postingsCounts asks for it then.
 */
export async function postingsPage(
  s: PostingsScope,
  plan: PostingsPlan,
  platforms: readonly SocialPlatform[],
  range: { from: number; to: number },
): Promise<{ rows: PostRowOut[]; counts: Map<SocialPlatform, number> | null }> {
  const counts = sql<Partial<Record<SocialPlatform, number | string>>>`(select json_object_agg(k.platform, k.n) from (${countStatement(
    s,
    plan,
    SOCIAL_PLATFORMS,
  )}) k)`;
  const rows = await s.db
    .selectFrom(pageOf(s, plan, platforms, range))
    .innerJoin('posts', (join) => join.onRef('posts.id', '=', 'page.id').onRef('posts.created_at', '=', 'page.t'))
    .innerJoin('authors', 'authors.id', 'posts.author_id')
    .select(POST_COLUMNS)
    .select(counts.as('counts'))
    .orderBy('page.past')
    .orderBy(sql`page.rank desc`)
    .orderBy('page.t', 'desc')
    .orderBy('page.id', 'desc')
    .execute();
  return splitCounts(rows);
}

/** A page whose rows each carry the platforms' counts (one JSON object): the rows, and the counts once; null for an empty page. */
export function splitCounts<R extends { counts: Partial<Record<SocialPlatform, number | string>> | null }>(
  rows: readonly R[],
): { rows: Omit<R, 'counts'>[]; counts: Map<SocialPlatform, number> | null } {
  const counted = rows[0]?.counts;
  return {
    rows: rows.map(({ counts: _, ...row }) => row),
    counts: counted ? new Map(SOCIAL_PLATFORMS.map((platform) => [platform, Number(counted[platform] ?? 0)])) : null,
  };
}
