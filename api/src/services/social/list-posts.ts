import {
  RANGE_FILTERS,
  type AnyListQuery,
  type ListQuery,
  type PostPage,
  type RangeCounter,
  type SocialPlatform,
} from '@coinsight/contracts';
import { sql } from 'kysely';
import type { ServiceDeps } from '../deps.js';
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
 */
export async function listPosts<P extends SocialPlatform>(
  { db }: Pick<ServiceDeps, 'db'>,
  { platform, query }: { platform: P; query: ListQuery<P> },
): Promise<PostPage<P>> {
  const q = query as AnyListQuery;
  const { ranges, mediaType, location } = filtersOf(platform, q);
  const filtered = !!(q.username || q.startDate || q.endDate || ranges.length > 0 || mediaType || location);

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
  const rowsQuery = matching
    .innerJoin('authors', 'authors.id', 'posts.author_id')
    .select(POST_COLUMNS)
    .orderBy(`posts.${q.sortBy}`, order)
    .orderBy('posts.id', order)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  // Unfiltered, the total is the platform's post count, kept exact by the rollups.
  const totalQuery = filtered
    ? matching.select((eb) => eb.fn.countAll<number>().as('total'))
    : db
        .selectFrom('platform_hourly_stats')
        .select(sql<number>`coalesce(sum(posts), 0)::int8`.as('total'))
        .where('platform', '=', platform);

  const [rows, totalRow] = await Promise.all([rowsQuery.execute(), totalQuery.executeTakeFirst()]);
  const total = Number(totalRow?.total ?? 0);
  return {
    data: rows.map((row) => toPlatformPost(platform, row)),
    pagination: { total, page: q.page, limit: q.limit, pages: Math.ceil(total / q.limit) },
  };
}
