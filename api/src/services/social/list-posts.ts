import {
  LIST_COUNT_CAP,
  RANGE_FILTERS,
  type AnyListQuery,
  type ListQuery,
  type PostPage,
  type RangeCounter,
  type SocialPlatform,
} from '@coinsight/contracts';
import { sql } from 'kysely';
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
 * One page of a platform's posts with the total that matches (spec §7). Sorting is always
 * completed by id in the same direction, so equal values never shuffle between pages; each
 * (platform, column, id) index answers that order directly.
 *
 * One statement: the page's ids are picked first from the index alone (a "deferred join": a deep
 * offset walks index entries, not rows), then joined to their rows and authors; the total rides
 * along as a scalar subquery. Unfiltered, the total is the platform's post count from the rollups,
 * held in the read cache; filtered, matches are counted up to LIST_COUNT_CAP, and past it the
 * total is the planner's estimate, flagged `totalIsEstimate`.
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

  let matching = db.selectFrom('posts').where('posts.platform', '=', platform);
  if (q.username) {
    // Part of a handle, any case: authors are few next to posts, so they are matched first.
    matching = matching.where('posts.author_id', 'in', (eb) =>
      eb
        .selectFrom('authors')
        .select('authors.id')
        .where('authors.platform', '=', platform)
        .where(sql`lower(authors.username)`, 'like', likePattern(q.username ?? '')),
    );
  }
  if (q.startDate) matching = matching.where('posts.created_at', '>=', q.startDate);
  if (q.endDate) matching = matching.where('posts.created_at', '<=', q.endDate);
  for (const range of ranges) matching = matching.where(`posts.${range.counter}`, range.op, range.value);
  if (mediaType) matching = matching.where('posts.media_type', '=', mediaType);
  if (location) matching = matching.where(sql`lower(posts.location)`, 'like', likePattern(location));

  const order = q.sortOrder;
  const offset = (q.page - 1) * q.limit;
  const pageIds = matching.select('posts.id').orderBy(`posts.${q.sortBy}`, order).orderBy('posts.id', order).limit(q.limit).offset(offset);
  const cappedCount = db
    .selectFrom(
      matching
        .select(sql<number>`1`.as('one'))
        .limit(LIST_COUNT_CAP + 1)
        .as('m'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'));
  const rollupCount = db
    .selectFrom('platform_hourly_stats')
    .select(sql<number>`coalesce(sum(posts), 0)::int8`.as('n'))
    .where('platform', '=', platform);
  const known = filtered
    ? undefined
    : await deps.reads?.get(readKey('platform-total', platform), async () => ({
        n: Number((await rollupCount.executeTakeFirst())?.n ?? 0),
      }));
  const totalQuery = filtered ? cappedCount : known ? undefined : rollupCount;

  const rows = await db
    .selectFrom(pageIds.as('page'))
    .innerJoin('posts', 'posts.id', 'page.id')
    .innerJoin('authors', 'authors.id', 'posts.author_id')
    .select(POST_COLUMNS)
    .$if(!!totalQuery, (qb) => qb.select(totalQuery!.as('total')))
    .orderBy(`posts.${q.sortBy}`, order)
    .orderBy('posts.id', order)
    .execute();

  let total: number;
  if (known) total = known.n;
  else if (rows.length > 0) total = Number((rows[0] as { total?: number | string }).total ?? 0);
  // Nothing on this page: no row carried the total. Page 1 empty means nothing matches.
  else if (filtered && q.page === 1) total = 0;
  else total = Number((await totalQuery!.executeTakeFirst())?.n ?? 0);

  let totalIsEstimate = false;
  if (filtered && total > LIST_COUNT_CAP) {
    if (rows.length > 0 && rows.length < q.limit) {
      // The last page: its position tells the exact total.
      total = offset + rows.length;
    } else {
      totalIsEstimate = true;
      total = Math.max(await plannedRows(matching.select('posts.id')), offset + rows.length, LIST_COUNT_CAP + 1);
    }
  }
  return {
    data: rows.map((row) => toPlatformPost(platform, row)),
    pagination: {
      total,
      page: q.page,
      limit: q.limit,
      pages: Math.ceil(total / q.limit),
      ...(totalIsEstimate ? { totalIsEstimate } : {}),
    },
  };
}

/** The planner's estimate of a query's rows, to two significant figures (it is no closer than that). */
async function plannedRows(query: { explain: (format: 'json') => Promise<unknown[]> }): Promise<number> {
  const [row] = (await query.explain('json')) as { 'QUERY PLAN': unknown }[];
  const plan = row?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }];
  return Number(Number(parsed[0].Plan['Plan Rows']).toPrecision(2));
}
