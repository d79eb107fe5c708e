import { SOCIAL_PLATFORMS, type Dataset, type SearchResult, type SocialPlatform } from '@coinsight/contracts';
import { likesBand, likesBandStart, type Database } from '@coinsight/db';
import { sql, type QueryCreator } from 'kysely';
import type { SignedIn } from '../../caller.js';
import { fixedPlanPoolFor, postingsPoolFor, postsSource, scopeOf } from '../dataset.js';
import type { SocialDeps } from '../deps.js';
import { POST_COLUMNS, toSearchResult } from '../post-shapes.js';
import { parseSearchTerms } from '../search-terms.js';
import { platformsOf, postingsWalk, postingsWindow } from '../postings-walk.js';
import { postingsPlanOf, type PostingsPlan } from '../search/choose.js';
import { termFrequencyOf, type SearchParts } from '../term-frequency.js';
import { asTsquery, websearchQueryText } from '../tsquery.js';
import { chooseFeed } from './choose.js';

/**
 * A position in the newest-first order: the post's created_at in microseconds since the epoch
 * (timestamptz's own resolution, so no two distinct instants collapse) and its id.
 */
export interface FeedPosition {
  micros: number;
  id: number;
}

export interface FeedQuery {
  platform?: SocialPlatform;
  /** Explorer search text: words for full-text search, $cashtags, #hashtags. */
  q?: string;
  /** A ticker every post must name. */
  symbol?: string;
  minLikes?: number;
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  to?: Date;
  limit: number;
  /** Continue after this post. */
  after?: FeedPosition;
  /** The shared dataset, or the caller's own posts ('mine', docs/security.md §24). */
  dataset?: Dataset;
}

/**
 * One page of posts, newest first, by keyset: each page starts strictly after the last post of
 * the one before in (created_at desc, id desc), a total order, so paging never repeats or skips
 * a post however many are added meanwhile (newer ones land before the first page, not inside the
 * walk). The feed planner (feed/choose.ts) picks how each platform's newest are found; they are
 * merged and cut in one statement however many platforms are asked, and only the page's rows are read whole.
 */
export async function postsFeed(
  deps: SocialDeps,
  query: FeedQuery,
  caller: SignedIn,
): Promise<{ data: SearchResult[]; next: FeedPosition | null }> {
  const scope = scopeOf(query.dataset, caller.userId);
  const terms = parseSearchTerms(query.q);
  const parts: SearchParts = {
    tsquery: terms.text ? await websearchQueryText(deps, terms.text) : null,
    symbols: [...new Set([...terms.symbols, ...(query.symbol ? [query.symbol] : [])])],
    hashtags: terms.hashtags,
  };
  // The statistics and the postings describe the shared posts; an account's own are few and left to the planner.
  const shared = scope.dataset === 'shared';
  const plan = shared ? postingsPlanOf(parts, await termFrequencyOf(deps)) : null;
  const platforms = query.platform ? [query.platform] : SOCIAL_PLATFORMS;
  const part = plan ? postingsPoolFor(deps, scope, plan.terms, query.from) : fixedPlanPoolFor(deps, scope);
  const strategy = chooseFeed({ postings: plan !== null });
  const pageIds =
    strategy === 'feed-postings' && plan ? postingsPage(part, query, plan, platforms) : walkedPage(part, { query, parts, platforms });
  const rows = await postsSource(part, scope)
    .selectFrom(pageIds)
    .innerJoin('posts', (join) => join.onRef('posts.id', '=', 'page.id').onRef('posts.created_at', '=', 'page.created_at'))
    .innerJoin('authors', 'authors.id', 'posts.author_id')
    .select(POST_COLUMNS)
    .select(sql<number>`(extract(epoch from posts.created_at) * 1000000)::int8`.as('micros'))
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id', 'desc')
    .execute();
  const data = rows.slice(0, query.limit);
  const last = data.at(-1);
  return {
    data: data.map(toSearchResult),
    next: rows.length > query.limit && last ? { micros: Number(last.micros), id: Number(last.id) } : null,
  };
}

const afterTime = ({ micros }: FeedPosition) => sql`(timestamptz 'epoch' + ${micros}::int8 * interval '1 microsecond')`;
const afterPosition = (after: FeedPosition) => sql`(${afterTime(after)}, ${after.id}::int8)`;

/**
 * A posting `u` whose post has at least `floor` likes. Its likes band decides a posting in a band
 * above the floor's or below it (docs/performance.md, "Likes bands in the postings"), and one in
 * the floor's own band too when the floor is where that band starts; otherwise such a posting
 * reads the likes off the (platform, created_at, id) index, which includes them (a posting names
 * its post's platform and time, so the probe need not read the post's row).
 */
function likesAtLeast(floor: number) {
  const band = likesBand(floor);
  if (likesBandStart(band) === floor) return sql<boolean>`u.b >= ${band}`;
  return sql<boolean>`(u.b > ${band} or (u.b = ${band} and exists (
    select 1 from posts where posts.platform = p.platform and posts.created_at = u.t and posts.id = u.id and posts.likes >= ${floor}
  )))`;
}

/** `feed-postings`: the page's ids (and one more), each platform's newest matches walked off the postings and merged. */
function postingsPage(part: QueryCreator<Database>, query: FeedQuery, plan: PostingsPlan, platforms: readonly SocialPlatform[]) {
  const conditions = [
    ...(query.after ? [sql<boolean>`sp.hour <= ${afterTime(query.after)}`, sql<boolean>`(u.t, u.id) < ${afterPosition(query.after)}`] : []),
    ...(query.minLikes !== undefined ? [likesAtLeast(query.minLikes)] : []),
  ];
  const newest = sql<{ id: number; t: Date }>`(
    select c.id, c.t from ${platformsOf(platforms)} cross join lateral (
      select u.id, u.t from ${postingsWalk(plan.terms, postingsWindow(query.from, query.to, false), conditions)}
      order by sp.hour desc, u.t desc, u.id desc limit ${query.limit + 1}
    ) c
  )`;
  return part
    .selectFrom(newest.as('w'))
    .select(['w.id', 'w.t as created_at'])
    .orderBy('w.t', 'desc')
    .orderBy('w.id', 'desc')
    .limit(query.limit + 1)
    .as('page');
}

/** `feed-walk`: the page's ids (and one more), each platform's newest off its time index, merged in one statement. */
function walkedPage(
  part: QueryCreator<Database>,
  { query, parts, platforms }: { query: FeedQuery; parts: SearchParts; platforms: readonly SocialPlatform[] },
) {
  // The parts are written without the dataset's WITH (a union's branch cannot open with one):
  // `posts` in them names what the whole statement's WITH names, the account's own posts or the table.
  const [first, ...others] = platforms.map((platform) => newestOf(part, { query, parts, platform }));
  const merged = others.reduce((union, next) => union.unionAll(next), first!);
  return part
    .selectFrom(merged.as('m'))
    .select(['m.id', 'm.created_at'])
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(query.limit + 1)
    .as('page');
}

/** A platform's newest matches after the position, narrow (id and time), up to one past the page. */
function newestOf(
  part: QueryCreator<Database>,
  { query, parts, platform }: { query: FeedQuery; parts: SearchParts; platform: SocialPlatform },
) {
  let q = part.selectFrom('posts').where('posts.platform', '=', platform);
  if (query.from) q = q.where('posts.created_at', '>=', query.from);
  if (query.to) q = q.where('posts.created_at', '<', query.to);
  if (query.minLikes !== undefined) q = q.where('posts.likes', '>=', query.minLikes);
  if (parts.symbols.length > 0) q = q.where(sql<boolean>`posts.symbols @> ${parts.symbols}::text[]`);
  if (parts.hashtags.length > 0) q = q.where(sql<boolean>`posts.hashtags @> ${parts.hashtags}::text[]`);
  if (parts.tsquery !== null) q = q.where(sql<boolean>`posts.search @@ ${asTsquery(parts.tsquery)}`);
  if (query.after) q = q.where(sql<boolean>`(posts.created_at, posts.id) < ${afterPosition(query.after)}`);
  const newest = q
    .select(['posts.id', 'posts.created_at'])
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(query.limit + 1);
  return part.selectFrom(newest.as('n')).select(['n.id', 'n.created_at']);
}
