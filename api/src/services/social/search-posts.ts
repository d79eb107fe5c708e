import {
  MAX_SEARCH_OFFSET,
  SEARCH_COUNT_CAP,
  SOCIAL_PLATFORMS,
  type PlatformMatches,
  type SearchQuery,
  type SearchResults,
  type SocialPlatform,
} from '@coinsight/contracts';
import { sql, type AliasedSelectQueryBuilder, type RawBuilder } from 'kysely';
import type { SignedIn } from '../caller.js';
import { readKey } from '../read-cache.js';
import { postsSource, scopeOf } from './dataset.js';
import type { SocialDeps } from './deps.js';
import { POST_COLUMNS, toSearchResult, type PostRowOut } from './post-shapes.js';
import { parseSearchTerms } from './search-terms.js';
import { matchingShare } from './term-frequency.js';
import { asTsquery, websearchQueryText } from './tsquery.js';

/** How many of each platform's newest matches are ranked when the query has words. */
export const RELEVANCE_CANDIDATES = 200;

/**
 * A match held by at least this share of posts is counted, and its relevance candidates found, by
 * walking the window newest first (a count reads about 10,000 rows at a tenth, 15-27 ms at
 * 1,000,000 posts) rather than by the planner's bitmap of all its matches (155 ms to count
 * "bitcoin" over 7 days; 30-80 ms for its candidates in a day). Rarer ones would walk too far.
 */
export const WALK_MIN_SHARE = 0.08;
/** The walk reads this many times the rows the share predicts it needs, so a platform where the match is somewhat rarer still ends there. */
const WALK_MARGIN = 1.5;

type RankedRow = PostRowOut & { rank: number };

const newest = (a: PostRowOut, b: PostRowOut) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id;

/**
 * Searches posts in a date range (docs/product.md §7): words through the stored tsvector (English
 * stemming), $cashtags through the symbols array and #hashtags through the hashtags array, all
 * of them required. With words, the most relevant of each platform's RELEVANCE_CANDIDATES newest
 * matches come first (ranking every match of a word as common as "bitcoin" would read most of
 * the table), then the older matches, newest first; without words, the newest. That order is
 * fixed, so `offset` pages through it without repeats or gaps. Matches are counted per platform
 * up to SEARCH_COUNT_CAP, so a common word costs a bounded count. `dataset: 'mine'` searches the
 * caller's own posts (see dataset.ts), never through the cache all callers share.
 */
export async function searchPosts(deps: SocialDeps, query: SearchQuery, caller: SignedIn): Promise<SearchResults> {
  const scope = scopeOf(query.dataset, caller.userId);
  const { reads, ...uncached } = deps;
  // The same search within READ_CACHE_TTL_MS (a burst of clients, "load more" re-asking page 1) is answered once.
  if (reads && scope.dataset === 'shared') return reads.get(readKey('search', query), () => searchPosts(uncached, query, caller));
  const db = postsSource(deps.readDb, scope);
  const terms = parseSearchTerms(query.q);
  const tsqueryText = terms.text ? await websearchQueryText(deps.readDb, terms.text) : null;
  const tsquery = tsqueryText === null ? undefined : asTsquery(tsqueryText);
  // What every match must hold, on a source named `posts`.
  const required: RawBuilder<boolean>[] = [
    ...(terms.symbols.length > 0 ? [sql<boolean>`posts.symbols @> ${terms.symbols}::text[]`] : []),
    ...(terms.hashtags.length > 0 ? [sql<boolean>`posts.hashtags @> ${terms.hashtags}::text[]`] : []),
    ...(tsquery ? [sql<boolean>`posts.search @@ ${tsquery}`] : []),
  ];

  const inWindow = (platform: SocialPlatform) => {
    let q = db.selectFrom('posts').where('posts.platform', '=', platform);
    if (query.startDate) q = q.where('posts.created_at', '>=', query.startDate);
    if (query.endDate) q = q.where('posts.created_at', '<=', query.endDate);
    return q;
  };
  const matching = (platform: SocialPlatform) => required.reduce((q, condition) => q.where(condition), inWindow(platform));
  // Each platform's newest matches come from its (platform, created_at) index (or, for a rare
  // word, from the GIN index and a small sort), instead of sorting every match of a common word.
  const newestOf = (platform: SocialPlatform, skip: number, take: number): Promise<RankedRow[]> =>
    matching(platform)
      .innerJoin('authors', 'authors.id', 'posts.author_id')
      .select(POST_COLUMNS)
      .select(tsquery ? sql<number>`ts_rank(posts.search, ${tsquery})`.as('rank') : sql<number>`0`.as('rank'))
      .orderBy('posts.created_at', 'desc')
      .orderBy('posts.id', 'desc')
      .offset(skip)
      .limit(take)
      .execute();
  /** A statement counting the rows of a (capped) subquery. */
  const rowsCounted = (rows: AliasedSelectQueryBuilder<object, 'm'>) =>
    db.selectFrom(rows).select((eb) => eb.fn.countAll<string | number>().as('n'));
  const countOfRows = async (rows: AliasedSelectQueryBuilder<object, 'm'>): Promise<number> =>
    Number((await rowsCounted(rows).executeTakeFirstOrThrow()).n);
  /** The window's first `rows` index entries: fewer when the window holds fewer. */
  const windowUpTo = (platform: SocialPlatform, rows: number) => inWindow(platform).select('posts.id').limit(rows).as('m');
  // A common match (WALK_MIN_SHARE of the posts or more, by the statistics) is counted and ranked
  // by walking the window newest first; the planner would AND all its matches' bitmap instead.
  const share =
    scope.dataset === 'shared'
      ? await matchingShare(deps.readDb, { tsquery: tsqueryText, symbols: terms.symbols, hashtags: terms.hashtags }, deps.now().getTime())
      : null;
  /** How many of the window's newest rows a walk reads to meet `wanted` matches, with a margin; null for a match too rare to walk for. */
  const walkRowsFor = (wanted: number) => (share !== null && share >= WALK_MIN_SHARE ? Math.ceil((WALK_MARGIN * wanted) / share) : null);
  /** The window's `rows` newest posts, newest first, read off the (platform, created_at) index with what the matching needs. */
  const newestRows = (platform: SocialPlatform, rows: number) =>
    inWindow(platform)
      .select(['posts.id', 'posts.created_at', 'posts.search', 'posts.symbols', 'posts.hashtags'])
      .orderBy('posts.created_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(rows);
  /**
   * Counts the matches among the window's `rows` newest posts (each row checked), up to
   * SEARCH_COUNT_CAP + 1. The count is the answer when it passes the cap, or when the window
   * holds fewer rows than the walk was allowed (its index entries counted alone): the walk then
   * read all of it, as for a common word in a day's window. Otherwise null: the match is rarer
   * here than the statistics say, and the planner counts it.
   */
  const countByWalking = async (platform: SocialPlatform, rows: number): Promise<number | null> => {
    const matches = required.reduce(
      (q, condition) => q.where(condition),
      db.selectFrom(newestRows(platform, rows).as('posts')).select(sql<number>`1`.as('one')),
    );
    const counted = await db
      .selectNoFrom([
        rowsCounted(matches.limit(SEARCH_COUNT_CAP + 1).as('m')).as('n'),
        rowsCounted(windowUpTo(platform, rows)).as('window_rows'),
      ])
      .executeTakeFirstOrThrow();
    const n = Number(counted.n);
    return n > SEARCH_COUNT_CAP || Number(counted.window_rows) < rows ? n : null;
  };
  const countOf = async (platform: SocialPlatform): Promise<PlatformMatches> => {
    const walkRows = walkRowsFor(SEARCH_COUNT_CAP + 1);
    const walked = walkRows === null ? null : await countByWalking(platform, walkRows);
    // Every post has its author (a foreign key): the count needs no join.
    const matches =
      walked ??
      (await countOfRows(
        matching(platform)
          .select('posts.id')
          .limit(SEARCH_COUNT_CAP + 1)
          .as('m'),
      ));
    return { platform, matches: Math.min(matches, SEARCH_COUNT_CAP), capped: matches > SEARCH_COUNT_CAP };
  };

  // The relevance candidates are read narrow (id, time, rank): only the page's rows are read whole.
  // A common match's are found walking the window's newest rows: the planner would AND a bitmap
  // of all its matches ("bitcoin": 123,000 entries, 30-80 ms) with the window's.
  const candidatesOf = async (platform: SocialPlatform): Promise<Candidate[]> => {
    const rank = tsquery ? sql<number>`ts_rank(posts.search, ${tsquery})`.as('rank') : sql<number>`0`.as('rank');
    const walkRows = walkRowsFor(RELEVANCE_CANDIDATES);
    if (walkRows !== null) {
      const walked = await required
        .reduce((q, condition) => q.where(condition), db.selectFrom(newestRows(platform, walkRows).as('posts')))
        .select(['posts.id', 'posts.created_at'])
        .select(rank)
        .orderBy('posts.created_at', 'desc')
        .orderBy('posts.id', 'desc')
        .limit(RELEVANCE_CANDIDATES)
        .execute();
      if (walked.length === RELEVANCE_CANDIDATES) return walked;
      // Fewer than wanted: all the window has if the walk read the whole window (a day's, say);
      // otherwise it may have stopped short of older matches.
      if ((await countOfRows(windowUpTo(platform, walkRows))) < walkRows) return walked;
    }
    return matching(platform)
      .select(['posts.id', 'posts.created_at'])
      .select(rank)
      .orderBy('posts.created_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(RELEVANCE_CANDIDATES)
      .execute();
  };
  const rowsOf = async (ids: number[]): Promise<Map<number, RankedRow>> => {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('posts')
      .innerJoin('authors', 'authors.id', 'posts.author_id')
      .select(POST_COLUMNS)
      .select(sql<number>`0`.as('rank'))
      .where('posts.id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [row.id, row]));
  };

  const platforms = query.platform ? [query.platform] : SOCIAL_PLATFORMS;
  const end = query.offset + query.limit;
  const [rows, counts] = await Promise.all([
    tsquery
      ? rankedThenNewest(platforms, { candidatesOf, rowsOf, newestOf }, query.offset, end)
      : newestAcross(platforms, newestOf, 0, query.offset, end),
    Promise.all(SOCIAL_PLATFORMS.map(countOf)),
  ]);

  const searched = counts.filter((c) => platforms.includes(c.platform));
  const total = searched.reduce((sum, c) => sum + c.matches, 0);
  const totalCapped = searched.some((c) => c.capped);
  const more = end < total || (totalCapped && end < SEARCH_COUNT_CAP);
  return {
    data: rows.map(toSearchResult),
    total,
    totalCapped,
    platforms: counts,
    nextOffset: more && end <= MAX_SEARCH_OFFSET ? end : null,
  };
}

type NewestOf = (platform: SocialPlatform, skip: number, take: number) => Promise<RankedRow[]>;

/** Rows [from, to) of the platforms' matches merged newest first, each platform's first `skip` left out. */
async function newestAcross(platforms: readonly SocialPlatform[], newestOf: NewestOf, skip: number, from: number, to: number) {
  const perPlatform = await Promise.all(platforms.map((platform) => newestOf(platform, skip, to)));
  return perPlatform.flat().sort(newest).slice(from, to);
}

interface Candidate {
  id: number;
  created_at: Date;
  rank: number;
}

interface RankedReads {
  candidatesOf: (platform: SocialPlatform) => Promise<Candidate[]>;
  rowsOf: (ids: number[]) => Promise<Map<number, RankedRow>>;
  newestOf: NewestOf;
}

/** Rows [from, to) of: each platform's newest candidates by relevance, then the rest newest first. */
async function rankedThenNewest(platforms: readonly SocialPlatform[], reads: RankedReads, from: number, to: number) {
  const candidates = await Promise.all(platforms.map((platform) => reads.candidatesOf(platform)));
  const ranked = candidates.flat().sort((a, b) => b.rank - a.rank || b.created_at.getTime() - a.created_at.getTime() || b.id - a.id);
  const pageIds = ranked.slice(from, to).map((c) => c.id);
  const rowsById = await reads.rowsOf(pageIds);
  const head = pageIds.flatMap((id) => rowsById.get(id) ?? []);
  const withMore = platforms.filter((_, i) => candidates[i]?.length === RELEVANCE_CANDIDATES);
  if (to <= ranked.length || withMore.length === 0) return head;
  const tail = await newestAcross(withMore, reads.newestOf, RELEVANCE_CANDIDATES, Math.max(0, from - ranked.length), to - ranked.length);
  return [...head, ...tail];
}
