import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { analyzerFor } from '../../analysis/analysis-pool.js';
import { loadAssetRefs } from '../../analysis/load-symbol-matcher.js';
import { pgPoolOf } from '../../create-db.js';
import { authorKey, upsertAuthors } from '../../ingest/authors.js';
import { writePostBatchByCopy } from '../../ingest/copy-batch.js';
import { engagementOf } from '../../schema/posts.js';
import type { PostAnalysis } from '../../analysis/analyze.js';
import type { PostInput } from '../../ingest/post-record.js';
import { insertNewPosts, type PostWrite } from '../../ingest/post-rows.js';
import { ensurePostMonths } from '../../partitions/months.js';
import { rebuildRollups } from '../../rollups/rebuild.js';
import type { Database } from '../../schema/index.js';
import { DEMO_SEED, generateDemoPosts } from './generate.js';

/** What the embedded mode seeds on first start: enough to explore, seconds to create. */
export const DEMO_POST_COUNT = 3_000;
const DEFAULT_BATCH_SIZE = 5_000;

export interface SeedPostsOptions {
  count: number;
  seed?: number;
  now?: Date;
  batchSize?: number;
  onProgress?: (written: number, total: number) => void;
  /** As importPosts' option: 'copy' (PostgreSQL's default) or 'statements' (PGlite's only path). */
  writePath?: 'copy' | 'statements';
}

export interface SeedPostsReport {
  /** New posts; posts already stored under the same ids are left as they are. */
  inserted: number;
  seconds: number;
}

/**
 * Bulk-loads generated posts: large batches (on PostgreSQL through COPY, analysed in worker
 * threads; on PGlite through unnest), the next batch generated and analysed while the database
 * writes the previous one, and the rollups rebuilt once at the end with a few GROUP BY
 * statements, which is far cheaper than incrementing them per batch.
 */
export async function seedDemoPosts(db: Kysely<Database>, options: SeedPostsOptions): Promise<SeedPostsReport> {
  const started = performance.now();
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const assets = await loadAssetRefs(db);
  const pool = options.writePath === 'statements' ? undefined : pgPoolOf(db);
  const analyzer = analyzerFor(assets, pool !== undefined);
  const posts = generateDemoPosts({ seed: options.seed ?? DEMO_SEED, count: options.count, now: options.now ?? new Date() });
  const authorIds = new Map<string, number>();

  let inserted = 0;
  let written = 0;
  let writing: Promise<number> | undefined;
  try {
    for (;;) {
      const chunk = take(posts, batchSize);
      if (chunk.length === 0) break;
      const analyses = await analyzer.analyze(chunk.map((post) => post.text));
      const analyzed = chunk.map((post, i) => ({ post, analysis: analyses[i]! }));
      if (writing) {
        inserted += await writing;
        options.onProgress?.(written, options.count);
      }
      writing = pool ? writeCopy(pool, analyzed) : writeStatements(analyzed);
      // Awaited once the next chunk is analysed; until then a failure must not count as unhandled.
      writing.catch(() => undefined);
      written += chunk.length;
    }
    if (writing) inserted += await writing;
  } finally {
    await analyzer.close();
  }
  options.onProgress?.(written, options.count);
  await rebuildRollups(db);
  // A bulk load leaves the planner without statistics and the visibility map unset, so counts
  // could not be answered from indexes alone until autovacuum came round.
  await sql`vacuum analyze posts, authors, platform_hourly_stats, topic_hourly_stats, topic_daily_stats, topic_related_daily, author_daily_stats, author_topic_stats, search_postings, search_term_days`.execute(
    db,
  );
  return { inserted, seconds: (performance.now() - started) / 1000 };

  // Authors are upserted the first time this run meets them, as writeStatements does.
  function writeCopy(pool: pg.Pool, analyzed: { post: PostInput; analysis: PostAnalysis }[]): Promise<number> {
    const known = new Set(authorIds.keys());
    for (const { post } of analyzed) authorIds.set(authorKey(post.platform, post.username), 0);
    const rows = analyzed.map(({ post, analysis }, i) => ({
      line: i + 1,
      post: { ...post, ...analysis },
      upsertAuthor: !known.has(authorKey(post.platform, post.username)),
    }));
    return writePostBatchByCopy(pool, rows, 'insert').then((outcome) => outcome.inserted);
  }

  async function writeStatements(analyzed: { post: PostInput; analysis: PostAnalysis }[]): Promise<number> {
    const chunk = analyzed.map((a) => a.post);
    await ensurePostMonths(
      db,
      chunk.map((p) => p.createdAt),
    );
    return db.transaction().execute(async (trx) => {
      const missing = chunk.filter((p) => !authorIds.has(authorKey(p.platform, p.username)));
      for (const [k, id] of await upsertAuthors(trx, missing)) authorIds.set(k, id);
      const rows: PostWrite[] = analyzed.map(({ post, analysis }) => ({
        ...toWrite(post, authorIds.get(authorKey(post.platform, post.username)) ?? 0),
        ...analysis,
      }));
      return (await insertNewPosts(trx, rows)).size;
    });
  }
}

/** Seeds the demo posts unless the database has posts already (first start of the embedded mode). */
export async function seedDemoPostsOnce(db: Kysely<Database>): Promise<number> {
  const any = await db.selectFrom('posts').select('id').limit(1).executeTakeFirst();
  if (any) return 0;
  return (await seedDemoPosts(db, { count: DEMO_POST_COUNT })).inserted;
}

function take<T>(iterator: Iterator<T>, n: number): T[] {
  const items: T[] = [];
  while (items.length < n) {
    const next = iterator.next();
    if (next.done) break;
    items.push(next.value);
  }
  return items;
}

function toWrite(post: PostInput, authorId: number): Omit<PostWrite, 'hashtags' | 'symbols' | 'sentiment' | 'sentimentModel'> {
  return {
    platform: post.platform,
    externalId: post.externalId,
    authorId,
    text: post.text,
    createdAt: post.createdAt,
    ...engagementOf(post),
    mediaType: post.mediaType,
    location: post.location,
    reactions: post.reactions,
  };
}
