import {
  LIST_COUNT_CAP,
  RANGE_FILTERS,
  type AnyListQuery,
  type ListQuery,
  type PostPage,
  type RangeCounter,
  type SocialPlatform,
} from '@coinsight/contracts';
import { sql, type AliasedExpression } from 'kysely';
import type { SignedIn } from '../caller.js';
import { readKey } from '../read-cache.js';
import { postsSource, scopeOf, type DatasetScope } from './dataset.js';
import type { SocialDeps } from './deps.js';
import { POST_COLUMNS, toPlatformPost } from './post-shapes.js';

const capitalized = (word: string) => `${word[0]?.toUpperCase() ?? ''}${word.slice(1)}`;
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtersOf(platform: SocialPlatform, query: AnyListQuery) {
  const values = query as Record<string, unknown>;
  const ranges = (RANGE_FILTERS[platform] as readonly RangeCounter[]).flatMap((counter) => {
    const min = values[`min${capitalized(counter)}`];
    const max = values[`max${capitalized(counter)}`];
    return [
      ...(typeof min === 'number' ? [{ counter, op: '>=' as const, value: min }] : []),
      ...(typeof max === 'number' ? [{ counter, op: '<=' as const, value: max }] : []),
    ];
  });
  const mediaType = 'mediaType' in query ? query.mediaType : undefined;
  const location = 'location' in query ? query.location : undefined;
  return { ranges, mediaType, location };
}

/**
 * One page of a platform's posts with the total that matches (docs/product.md §7). Sorting is always
 * completed by id in the same direction, so equal values never shuffle between pages; each
 * (platform, column, id) index answers that order directly.
 *
 * One statement: the page's ids are picked first from the index alone (a "deferred join": a deep
 * offset walks index entries, not rows), then joined to their rows and authors; the total rides
 * along as a scalar subquery. Unfiltered, the total is the platform's post count from the rollups,
 * held in the read cache; filtered by dates alone on whole hours, it is the sum of the rollups'
 * hours in the range; otherwise matches are counted up to LIST_COUNT_CAP, and past it the total
 * is the planner's estimate, flagged `totalIsEstimate`.
 *
 * With a read cache, an identical page asked again within its TTL (2 s) is answered from memory:
 * the first page of a busy platform is what most clients ask for at once.
 *
 * `dataset: 'mine'` reads the caller's own posts (see dataset.ts) with the same filters, order and
 * paging; those pages are never cached (the cache is shared by every caller) and are counted
 * rather than totalled from the rollups, which hold the shared dataset alone.
 */
export async function listPosts<P extends SocialPlatform>(
  deps: SocialDeps,
  { platform, query }: { platform: P; query: ListQuery<P> },
  caller: SignedIn,
): Promise<PostPage<P>> {
  const scope = scopeOf(query.dataset, caller.userId);
  if (!deps.reads || scope.dataset === 'mine') return readPage(deps, scope, platform, query);
  return deps.reads.get(readKey('list', [platform, query]), () => readPage(deps, scope, platform, query));
}

async function readPage<P extends SocialPlatform>(
  deps: SocialDeps,
  scope: DatasetScope,
  platform: P,
  query: ListQuery<P>,
): Promise<PostPage<P>> {
  const db = postsSource(deps.readDb, scope);
  const q = query as AnyListQuery;
  const { ranges, mediaType, location } = filtersOf(platform, q);
  const filtered = scope.dataset === 'mine' || !!(q.username || q.startDate || q.endDate || ranges.length > 0 || mediaType || location);

  /** The posts that pass every filter but the platform and the counter ranges. */
  let others = db.selectFrom('posts');
  if (q.username) {
    // Part of a handle, any case: authors are few next to posts, so they are matched first.
    others = others.where('posts.author_id', 'in', (eb) =>
      eb
        .selectFrom('authors')
        .select('authors.id')
        .where('authors.platform', '=', platform)
        .where(sql`lower(authors.username)`, 'like', likePattern(q.username ?? '')),
    );
  }
  if (q.startDate) others = others.where('posts.created_at', '>=', q.startDate);
  if (q.endDate) others = others.where('posts.created_at', '<=', q.endDate);
  if (mediaType) others = others.where('posts.media_type', '=', mediaType);
  if (location) others = others.where(sql`lower(posts.location)`, 'like', likePattern(location));
  const matching = ranges.reduce(
    (q, range) => q.where(`posts.${range.counter}`, range.op, range.value),
    others.where('posts.platform', '=', platform),
  );
  /**
   * The same matches as the planner should weigh them: each counter range on the platform's own
   * counter (`case when platform = … then counter end`, null elsewhere), which has statistics of
   * its own (migration 2026-11-27T1300_platform_counter_statistics), and the platform test left
   * out, since that expression implies it. The table-wide distribution of a counter other
   * platforms lack misled the estimate by 40%. An account's own posts have no such statistics.
   */
  const weighable =
    scope.dataset === 'shared' && ranges.length > 0
      ? ranges.reduce(
          (q, range) => q.where(sql`(case when platform = ${sql.lit(platform)} then ${sql.ref(range.counter)} end)`, range.op, range.value),
          others,
        )
      : matching;

  const order = q.sortOrder;
  const offset = (q.page - 1) * q.limit;
  // Walking the sort's (platform, column, id) index, filtered on the way.
  const walked = matching.select('posts.id').orderBy(`posts.${q.sortBy}`, order).orderBy('posts.id', order).limit(q.limit).offset(offset);
  const rollupCount = db
    .selectFrom('platform_hourly_stats')
    .select(sql<number>`coalesce(sum(posts), 0)::int8`.as('n'))
    .where('platform', '=', platform);
  /** The page's rows and authors in the page's order, from a query of its ids; a total may ride along as a scalar subquery. */
  const rowsOf = (pageIds: AliasedExpression<{ id: number }, 'page'>, total?: typeof rollupCount) =>
    db
      .selectFrom(pageIds)
      .innerJoin('posts', 'posts.id', 'page.id')
      .innerJoin('authors', 'authors.id', 'posts.author_id')
      .select(POST_COLUMNS)
      .$if(!!total, (qb) => qb.select(total!.as('total')))
      .orderBy(`posts.${q.sortBy}`, order)
      .orderBy('posts.id', order)
      .execute();
  const pageOf = (rows: Awaited<ReturnType<typeof rowsOf>>, total: number, totalIsEstimate = false): PostPage<P> => ({
    data: rows.map((row) => toPlatformPost(platform, row)),
    pagination: {
      total,
      page: q.page,
      limit: q.limit,
      pages: Math.ceil(total / q.limit),
      ...(totalIsEstimate ? { totalIsEstimate } : {}),
    },
  });

  /** The page's ids: every match read through the filters' indexes, then sorted. */
  const sortedOf = () =>
    db
      .selectFrom(
        // OFFSET 0 keeps the matches a query of its own, planned without the order: through the filters' indexes.
        matching
          .select(['posts.id', `posts.${q.sortBy} as key`])
          .offset(0)
          .as('m'),
      )
      .select('m.id')
      .orderBy('m.key', order)
      .orderBy('m.id', order)
      .limit(q.limit)
      .offset(offset);
  /**
   * A date range's page, sorted by anything but time. Walking the sort's index meets a match
   * every platform/window posts, each a heap row: about (offset + limit) × platform / window
   * rows. Reading the window off the time index, which includes the counters, and sorting it
   * reads the window's entries alone, about HEAP_ROW_COST of them in the time of one heap row.
   * The window's count decides in the statement itself (each branch runs only when its gate
   * holds): a day's Twitter page 6 by replies, walked, read 13,500 rows; sorted, 6,394 entries
   * in 1.3 ms (1,000,000 posts).
   */
  const datedPage = async (windowCount: typeof rollupCount) => {
    if (q.sortBy === 'created_at') return walked.as('page');
    const reach = HEAP_ROW_COST * (offset + q.limit) * (await totalOfPlatform());
    // window² ≥ reach, as window ≥ ⌈√reach⌉ (counts are whole): the window is counted once in each gate.
    const walks = sql<boolean>`(${windowCount}) >= ${Math.ceil(Math.sqrt(reach))}`;
    return db
      .selectFrom(walked.as('w'))
      .select('w.id')
      .where(walks)
      .unionAll(
        db
          .selectFrom(sortedOf().as('s'))
          .select('s.id')
          .where(sql<boolean>`not ${walks}`),
      )
      .as('page');
  };

  /**
   * Instagram's media type and "location contains", and nothing else, past LIST_COUNT_CAP
   * matches: the sort's Instagram index, which includes both, is walked and filtered on the way
   * without reading a row (OFFSET 0 keeps the walk from being planned around the filters). The
   * planner, which cannot weigh "contains", took "image in Austin" for 656 posts where there are
   * 3,434 and read them all off the trigram index to sort them: page 8 in 23.8 ms, walked in 2.7.
   * Past the cap the matches are at least 1,001 of the platform's posts, so the walk is bounded.
   */
  const instagramWalk = () => {
    if (platform !== 'instagram' || scope.dataset !== 'shared' || q.username || q.startDate || q.endDate || ranges.length > 0) return null;
    if (!mediaType && !location) return null;
    const ordered = db
      .selectFrom('posts')
      .select(['posts.id', 'posts.media_type', 'posts.location', `posts.${q.sortBy} as key`])
      .where('posts.platform', '=', platform)
      .orderBy(`posts.${q.sortBy}`, order)
      .orderBy('posts.id', order)
      .offset(0);
    let walk = db.selectFrom(ordered.as('w')).select('w.id');
    if (mediaType) walk = walk.where('w.media_type', '=', mediaType);
    if (location) walk = walk.where(sql`lower(w.location)`, 'like', likePattern(location));
    // The walk's own order, stated: PostgreSQL keeps it from the ordered subquery without sorting.
    return walk.orderBy('w.key', order).orderBy('w.id', order).limit(q.limit).offset(offset);
  };

  const platformTotal = () =>
    deps.reads?.get(readKey('platform-total', platform), async () => ({ n: Number((await rollupCount.executeTakeFirst())?.n ?? 0) }));
  const totalOfPlatform = async () => Number((await platformTotal())?.n ?? (await rollupCount.executeTakeFirst())?.n ?? 0);

  /** A page whose total, a rollup sum, rides along; an empty page carries none, so the sum is then read alone. */
  const pageTotalledBy = async (pageIds: AliasedExpression<{ id: number }, 'page'>, total: typeof rollupCount) => {
    const rows = await rowsOf(pageIds, total);
    const n = rows.length > 0 ? (rows[0] as { total?: number | string }).total : (await total.executeTakeFirst())?.n;
    return pageOf(rows, Number(n ?? 0));
  };

  if (!filtered) {
    const known = await platformTotal();
    if (!known) return pageTotalledBy(walked.as('page'), rollupCount);
    return pageOf(await rowsOf(walked.as('page')), known.n);
  }

  // Dates alone, on whole hours (a bare date is a whole UTC day): the shared dataset's hourly
  // rollups are written with the posts, so they hold the exact number of matches and the page
  // needs no count: one statement, as unfiltered.
  const datesOnly = scope.dataset === 'shared' && !q.username && ranges.length === 0 && !mediaType && !location;
  if (datesOnly && onWholeHours(q.startDate, q.endDate)) {
    let windowCount = rollupCount;
    if (q.startDate) windowCount = windowCount.where('hour', '>=', q.startDate);
    // An hour ending at or before the last millisecond of the range: it starts at or before it.
    if (q.endDate) windowCount = windowCount.where('hour', '<=', q.endDate);
    return pageTotalledBy(await datedPage(windowCount), windowCount);
  }

  // Filtered: the matches are counted first, up to LIST_COUNT_CAP (past it, the planner
  // estimates them), and that number decides how the page is found (pageByWalking).
  const cappedCount = db
    .selectFrom(
      matching
        .select(sql<number>`1`.as('one'))
        .limit(LIST_COUNT_CAP + 1)
        .as('m'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'));
  const counted = Number((await cappedCount.executeTakeFirst())?.n ?? 0);
  if (counted <= LIST_COUNT_CAP && offset >= counted) return pageOf([], counted);
  // The planner's estimate of the matches past the cap: asked only where it is used.
  const estimate = async () => Math.max(await plannedRows(weighable.select('posts.id')), LIST_COUNT_CAP + 1);
  // Few matches are sorted (at most LIST_COUNT_CAP row reads); past that, see pageByWalking.
  // An account's own dataset has no rollup total and leaves the plan to the planner.
  const weighed = counted > LIST_COUNT_CAP && scope.dataset === 'shared' && ranges.length > 0;
  const planned = weighed ? await estimate() : undefined;
  const walk =
    counted > LIST_COUNT_CAP && (planned === undefined || pageByWalking({ q, ranges, planned, platformTotal: await totalOfPlatform() }));
  const rows = await rowsOf((walk ? (instagramWalk() ?? walked) : sortedOf()).as('page'));

  if (counted <= LIST_COUNT_CAP) return pageOf(rows, counted);
  // The last page: its position tells the exact total.
  if (rows.length > 0 && rows.length < q.limit) return pageOf(rows, offset + rows.length);
  return pageOf(rows, Math.max(planned ?? (await estimate()), offset + rows.length), true);
}

const HOUR_MS = 3_600_000;
/** Index-only entries read in the time of one heap row (measured: 6,394 entries in 1.3 ms, 6,435 rows in 28 ms). */
const HEAP_ROW_COST = 20;

/**
 * Whether a date range covers whole hours: it starts on an hour and ends on an hour's last
 * millisecond (posts' times are kept to the millisecond), so the hourly rollups count it exactly.
 */
export function onWholeHours(start: Date | undefined, end: Date | undefined): boolean {
  return (start === undefined || start.getTime() % HOUR_MS === 0) && (end === undefined || (end.getTime() + 1) % HOUR_MS === 0);
}

/**
 * Whether a filtered page with more matches than LIST_COUNT_CAP is found by the plain query (the
 * planner then walks the sort's (platform, column, id) index, filtering on the way, or sorts the
 * matches itself), rather than by reading the matches through the filters' indexes and sorting
 * them. The planner chooses well for filters that do not follow the sort order (a handle, dates,
 * a place, any filter sorted by date), but it takes a range on one counter as spread evenly along
 * another, and counters follow one another: a popular post is popular on every count. Walking
 * toward the range ("likes at least 5,000, most retweets first") meets the matches at once;
 * walking away from it ("..., fewest retweets first") first passes the posts that do not match:
 * 440,000 of Twitter's 450,000 at 1,000,000 posts, 380 ms. Sorting costs about a row read per
 * match, so it wins when the matches are fewer than the posts such a walk may pass.
 */
export function pageByWalking({
  q,
  ranges,
  planned,
  platformTotal,
}: {
  q: Pick<AnyListQuery, 'sortBy' | 'sortOrder'>;
  ranges: readonly { counter: string; op: '>=' | '<=' }[];
  planned: number;
  platformTotal: number;
}): boolean {
  if (q.sortBy === 'created_at' || ranges.some((range) => range.counter === q.sortBy)) return true;
  const towardTheRange = ranges.every((range) => (range.op === '>=') === (q.sortOrder === 'desc'));
  return towardTheRange || planned >= platformTotal - planned;
}

/** The planner's estimate of a query's rows, to two significant figures (it is no closer than that). */
async function plannedRows(query: { explain: (format: 'json') => Promise<unknown[]> }): Promise<number> {
  const [row] = (await query.explain('json')) as { 'QUERY PLAN': unknown }[];
  const plan = row?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }];
  return Number(Number(parsed[0].Plan['Plan Rows']).toPrecision(2));
}
