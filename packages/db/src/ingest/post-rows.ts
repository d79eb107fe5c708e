import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema/index.js';
import type { SentimentModel } from '../analysis/sentiment.js';
import {
  engagementOf,
  POST_WRITTEN_COLUMNS,
  type MediaType,
  type Platform,
  type PostWrittenColumn,
  type Reactions,
} from '../schema/posts.js';
import type { RollupPost } from '../rollups/delta.js';
import { likesBand } from '../postings/terms.js';

export type Executor = Kysely<Database> | Transaction<Database>;

/** A post ready to be written: parsed, analysed and with its author's id. */
export interface PostWrite extends RollupPost {
  externalId: string;
  authorId: number;
  text: string;
  mediaType: MediaType | null;
  location: string | null;
  reactions: Reactions | null;
  sentimentModel: SentimentModel;
}

export interface StoredPost extends PostWrite {
  id: number;
}

export const postKey = (post: { platform: Platform; externalId: string }) => `${post.platform}\u0001${post.externalId}`;

// Hashtags and symbols never contain spaces, so each row's array travels as one space-joined
// string: unnest() would flatten a two-dimensional array into one long list.
const joinTags = (tags: readonly string[]) => tags.join(' ');

/**
 * Column arrays for `unnest`: one statement and 18 parameters whatever the batch size, where a
 * multi-row VALUES would need 18 per row and a fresh plan for every batch size.
 */
function columns(rows: readonly PostWrite[]) {
  return sql`
    ${rows.map((r) => r.platform)}::text[], ${rows.map((r) => r.externalId)}::text[],
    ${rows.map((r) => r.authorId)}::int8[], ${rows.map((r) => r.text)}::text[],
    ${rows.map((r) => r.createdAt.toISOString())}::timestamptz[],
    ${rows.map((r) => r.likes)}::int4[], ${rows.map((r) => r.comments)}::int4[], ${rows.map((r) => r.shares)}::int4[],
    ${rows.map((r) => r.views)}::int8[], ${rows.map((r) => r.replies)}::int4[], ${rows.map((r) => r.retweets)}::int4[],
    ${rows.map((r) => r.mediaType)}::text[], ${rows.map((r) => r.location)}::text[],
    ${rows.map((r) => (r.reactions ? JSON.stringify(r.reactions) : null))}::jsonb[],
    ${rows.map((r) => joinTags(r.hashtags))}::text[], ${rows.map((r) => joinTags(r.symbols))}::text[],
    ${rows.map((r) => r.sentiment)}::float4[], ${rows.map((r) => r.sentimentModel)}::text[]
  `;
}

/** Column names (or expressions) as a statement lists them. */
const listed = (columns: readonly string[]) => sql.raw(columns.join(', '));
/** How each written column's value is read from the unnested arrays (the tag lists travel joined). */
const fromUnnested = (column: PostWrittenColumn) =>
  column === 'hashtags' || column === 'symbols' ? `string_to_array(u.${column}, ' ')` : `u.${column}`;
const UNNESTED_IN_ORDER = sql`u(${listed(POST_WRITTEN_COLUMNS)}, line)`;
const WRITTEN_VALUES = listed(POST_WRITTEN_COLUMNS.map(fromUnnested));
const UPDATED = listed(POST_WRITTEN_COLUMNS.filter((c) => c !== 'platform' && c !== 'external_id').map((c) => `${c} = ${fromUnnested(c)}`));

/**
 * Inserts the posts that are new; returns the ids of those it inserted by key (see postKey). The
 * key is claimed in post_keys first (the one unique (platform, external_id) across the months of
 * posts), in the batch's order, and only the rows that claimed one are written.
 */
export async function insertNewPosts(db: Executor, rows: readonly PostWrite[]): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const result = await sql<{ id: number; platform: Platform; external_id: string }>`
    with u as materialized (
      select * from unnest(${columns(rows)}) with ordinality as ${UNNESTED_IN_ORDER}
    ), claimed as (
      insert into post_keys (platform, external_id)
      select platform, external_id from u order by line
      on conflict (platform, external_id) do nothing
      returning id, platform, external_id
    )
    insert into posts (id, ${listed(POST_WRITTEN_COLUMNS)})
    select c.id, ${WRITTEN_VALUES}
    from u join claimed c on c.platform = u.platform and c.external_id = u.external_id
    order by u.line
    returning id, platform, external_id
  `.execute(db);
  return new Map(result.rows.map((r) => [postKey({ platform: r.platform, externalId: r.external_id }), r.id]));
}

/**
 * Rewrites stored posts (matched by id) with new values. The ids are an array the statement reads
 * once, so each month's primary key is probed for them rather than the months joined whole; a
 * new created_at moves the row to its month's partition.
 */
export async function updatePosts(db: Executor, rows: readonly StoredPost[]): Promise<void> {
  if (rows.length === 0) return;
  const ids = rows.map((r) => r.id);
  await sql`
    update posts set ${UPDATED}
    from unnest(${ids}::int8[], ${columns(rows)}) as u(id, ${listed(POST_WRITTEN_COLUMNS)})
    where posts.id = u.id and posts.id = any(${ids}::int8[])
  `.execute(db);
}

/** The stored versions of these posts (found by their keys), locked until the transaction ends. */
export async function lockStoredPosts(db: Executor, platform: Platform, externalIds: readonly string[]): Promise<StoredPost[]> {
  if (externalIds.length === 0) return [];
  const ids = db.selectFrom('post_keys').select('id').where('platform', '=', platform).where('external_id', 'in', externalIds);
  const rows = await db
    .selectFrom('posts')
    .select(['id', ...POST_WRITTEN_COLUMNS])
    .where(sql<boolean>`id = any(array(${ids}))`)
    .forUpdate()
    .execute();
  return rows.map((r) => ({
    id: r.id,
    platform: r.platform,
    externalId: r.external_id,
    authorId: r.author_id,
    text: r.text,
    createdAt: r.created_at,
    ...engagementOf(r),
    mediaType: r.media_type,
    location: r.location,
    reactions: r.reactions,
    hashtags: r.hashtags,
    symbols: r.symbols,
    sentiment: r.sentiment,
    sentimentModel: r.sentiment_model,
  }));
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
const sameReactions = (a: Reactions | null, b: Reactions | null) =>
  a === b || (a !== null && b !== null && JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort()));

/** Whether `next` holds what `stored` holds for the search postings: text, time, hashtags, coins and likes band. */
export function sameTerms(stored: PostWrite, next: PostWrite): boolean {
  return (
    stored.text === next.text &&
    stored.createdAt.getTime() === next.createdAt.getTime() &&
    sameList(stored.hashtags, next.hashtags) &&
    sameList(stored.symbols, next.symbols) &&
    likesBand(stored.likes) === likesBand(next.likes)
  );
}

/** Whether writing `next` over `stored` would change anything (sentiment is stored as real). */
export function samePost(stored: PostWrite, next: PostWrite): boolean {
  return (
    stored.authorId === next.authorId &&
    stored.text === next.text &&
    stored.createdAt.getTime() === next.createdAt.getTime() &&
    stored.likes === next.likes &&
    stored.comments === next.comments &&
    stored.shares === next.shares &&
    stored.views === next.views &&
    stored.replies === next.replies &&
    stored.retweets === next.retweets &&
    stored.mediaType === next.mediaType &&
    stored.location === next.location &&
    sameReactions(stored.reactions, next.reactions) &&
    sameList(stored.hashtags, next.hashtags) &&
    sameList(stored.symbols, next.symbols) &&
    Math.abs(stored.sentiment - next.sentiment) < 1e-6 &&
    stored.sentimentModel === next.sentimentModel
  );
}
