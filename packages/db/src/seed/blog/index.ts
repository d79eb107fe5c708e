import type { Db } from '../../create-db.js';
import { readTimeMinutes, type BlogArticle } from './article.js';
import { embeddedPostgres } from './embedded-postgres.js';
import { gettingStarted } from './getting-started.js';
import { honestRateLimits } from './honest-rate-limits.js';
import { onePostSchema } from './one-post-schema.js';
import { sentimentWithVader } from './sentiment-with-vader.js';

export const BLOG_ARTICLES: readonly BlogArticle[] = [
  gettingStarted,
  onePostSchema,
  sentimentWithVader,
  honestRateLimits,
  embeddedPostgres,
];

/** Adds the articles that are missing, by slug; an article already stored is never overwritten. */
export async function seedBlogPosts(db: Db): Promise<number> {
  const result = await db
    .insertInto('blog_posts')
    .values(
      BLOG_ARTICLES.map((article) => ({
        slug: article.slug,
        title: article.title,
        excerpt: article.excerpt,
        body: article.body,
        image_path: article.imagePath,
        image_alt: article.imageAlt,
        author: article.author,
        category: article.category,
        read_time_minutes: readTimeMinutes(article.body),
        featured: article.featured,
        published_at: new Date(`${article.publishedOn}T00:00:00Z`),
      })),
    )
    .onConflict((oc) => oc.column('slug').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}
