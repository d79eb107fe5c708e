import { BLOG_LATEST_COUNT, BLOG_POST_NOT_FOUND_MESSAGE, type BlogIndex, type BlogPost, type BlogPostSummary } from '@coinsight/contracts';
import type { BlogPostRow } from '@coinsight/db';
import type { NoInput } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';

const SUMMARY_COLUMNS = [
  'slug',
  'title',
  'excerpt',
  'image_path',
  'image_alt',
  'author',
  'category',
  'read_time_minutes',
  'featured',
  'published_at',
] as const;

/** The index shows a bounded number of posts; older ones stay reachable by their address. */
const INDEX_SIZE = 50;

type SummaryRow = Pick<BlogPostRow, (typeof SUMMARY_COLUMNS)[number]>;

function toSummary(row: SummaryRow): BlogPostSummary {
  return {
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    imagePath: row.image_path,
    imageAlt: row.image_alt,
    author: row.author,
    category: row.category,
    readTimeMinutes: row.read_time_minutes,
    featured: row.featured,
    publishedAt: row.published_at.toISOString(),
  };
}

/** Newest first; the newest featured post leads, the next three are "latest", the rest older. */
export async function blogIndex(deps: Pick<ServiceDeps, 'db' | 'now'>, _input: NoInput): Promise<BlogIndex> {
  const now = deps.now();
  const rows = await deps.db
    .selectFrom('blog_posts')
    .select(SUMMARY_COLUMNS)
    .where('published_at', '<=', now)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(INDEX_SIZE)
    .execute();
  const posts = rows.map(toSummary);
  const featured = posts.find((post) => post.featured) ?? null;
  const rest = posts.filter((post) => post !== featured);
  return { featured, latest: rest.slice(0, BLOG_LATEST_COUNT), older: rest.slice(BLOG_LATEST_COUNT) };
}

const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const SLUG_MAX_LENGTH = 200;

/** A published post; a missing or scheduled one, or an address that cannot be a slug, is a 404. */
export async function blogPostBySlug(deps: Pick<ServiceDeps, 'db' | 'now'>, input: { slug: string }): Promise<BlogPost> {
  const { slug } = input;
  const now = deps.now();
  if (slug.length > SLUG_MAX_LENGTH || !SLUG_PATTERN.test(slug)) throw new AppError('NOT_FOUND', BLOG_POST_NOT_FOUND_MESSAGE);
  const row = await deps.db
    .selectFrom('blog_posts')
    .select([...SUMMARY_COLUMNS, 'body'])
    .where('slug', '=', slug)
    .where('published_at', '<=', now)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', BLOG_POST_NOT_FOUND_MESSAGE);
  return { ...toSummary(row), body: row.body };
}
