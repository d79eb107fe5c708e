import type { Database } from '@coinsight/db';
import { sql, type Kysely } from 'kysely';
import type { ListFacts } from '../services/social/list/facts.js';

const like = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The plainest query that states what a shared list page is: every match, sorted by the column
 * then the id, cut at the page; and their count. What each list strategy is checked against.
 */
export async function plainListPage(db: Kysely<Database>, f: ListFacts): Promise<{ ids: number[]; total: number }> {
  let q = db.selectFrom('posts').innerJoin('authors', 'authors.id', 'posts.author_id').where('posts.platform', '=', f.platform);
  if (f.username) q = q.where(sql`lower(authors.username)`, 'like', like(f.username));
  if (f.coin) q = q.where('posts.symbols', '@>', sql<string[]>`array[${f.coin}]::text[]`);
  if (f.startDate) q = q.where('posts.created_at', '>=', f.startDate);
  if (f.endDate) q = q.where('posts.created_at', '<=', f.endDate);
  if (f.mediaType) q = q.where('posts.media_type', '=', f.mediaType);
  if (f.location) q = q.where(sql`lower(posts.location)`, 'like', like(f.location));
  for (const range of f.ranges) q = q.where(`posts.${range.counter}`, range.op, range.value);
  const rows = await q.select('posts.id').orderBy(`posts.${f.sortBy}`, f.sortOrder).orderBy('posts.id', f.sortOrder).execute();
  return { ids: rows.slice(f.offset, f.offset + f.limit).map((row) => Number(row.id)), total: rows.length };
}

/** What random list draws pick from in a seeded database: the newest post's time, some handles and places. */
export async function drawnValues(db: Kysely<Database>): Promise<{ newest: number; handles: string[]; places: string[] }> {
  const last = await db
    .selectFrom('posts')
    .select(sql<Date>`max(created_at)`.as('at'))
    .executeTakeFirstOrThrow();
  const handles = (await db.selectFrom('authors').select('username').limit(40).execute()).map((a) => a.username);
  const places = await db.selectFrom('posts').select('location').distinct().where('location', 'is not', null).limit(20).execute();
  return { newest: new Date(last.at).getTime(), handles, places: places.flatMap((p) => (p.location ? [p.location] : [])) };
}
