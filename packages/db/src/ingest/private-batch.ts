import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema/index.js';
import type { BatchOutcome, AnalyzedPost } from './write-batch.js';

const joinTags = (tags: readonly string[]) => tags.join(' ');

/** Column arrays for `unnest`, as post-rows.ts builds them for shared posts (one statement whatever the batch). */
function columns(posts: readonly AnalyzedPost[]) {
  return sql`
    ${posts.map((p) => p.platform)}::text[], ${posts.map((p) => p.externalId)}::text[],
    ${posts.map((p) => p.username)}::text[], ${posts.map((p) => p.displayName)}::text[], ${posts.map((p) => p.followers)}::int8[],
    ${posts.map((p) => p.text)}::text[], ${posts.map((p) => p.createdAt.toISOString())}::timestamptz[],
    ${posts.map((p) => p.likes)}::int4[], ${posts.map((p) => p.comments)}::int4[], ${posts.map((p) => p.shares)}::int4[],
    ${posts.map((p) => p.views)}::int8[], ${posts.map((p) => p.replies)}::int4[], ${posts.map((p) => p.retweets)}::int4[],
    ${posts.map((p) => p.mediaType)}::text[], ${posts.map((p) => p.location)}::text[],
    ${posts.map((p) => (p.reactions ? JSON.stringify(p.reactions) : null))}::jsonb[],
    ${posts.map((p) => joinTags(p.hashtags))}::text[], ${posts.map((p) => joinTags(p.symbols))}::text[],
    ${posts.map((p) => p.sentiment)}::float4[], ${posts.map((p) => p.sentimentModel)}::text[]
  `;
}

const UNNESTED = sql`u(platform, external_id, username, display_name, followers, text, created_at, likes, comments, shares, views,
  replies, retweets, media_type, location, reactions, hashtags, symbols, sentiment, sentiment_model)`;

/**
 * Writes a batch of posts (unique keys) into one account's private dataset, idempotent on
 * (owner, platform, external id): new ones are inserted, stored ones rewritten only if something
 * changed. Nothing shared is touched: no author row, no rollup (docs/security.md §24).
 */
export async function writePrivateBatch(db: Kysely<Database>, owner: string, posts: readonly AnalyzedPost[]): Promise<BatchOutcome> {
  if (posts.length === 0) return { inserted: 0, updated: 0, skipped: 0 };
  return db.transaction().execute(async (trx) => {
    const inserted = await sql<{ n: number | string }>`
      with added as (
        insert into private_posts (user_id, platform, external_id, author_username, author_display_name, author_followers, text,
                                   created_at, likes, comments, shares, views, replies, retweets, media_type, location, reactions,
                                   hashtags, symbols, sentiment, sentiment_model)
        select ${owner}, platform, external_id, username, display_name, coalesce(followers, 0), text,
               created_at, likes, comments, shares, views, replies, retweets, media_type, location, reactions,
               string_to_array(hashtags, ' '), string_to_array(symbols, ' '), sentiment, sentiment_model
        from unnest(${columns(posts)}) as ${UNNESTED}
        on conflict (user_id, platform, external_id) do nothing
        returning 1
      )
      select count(*) as n from added
    `.execute(trx);
    // The rest were stored already: rewritten where they differ, left alone where they do not
    // (those just inserted equal their input, so they never count as updated). A missing
    // follower count keeps the stored one, as for shared authors.
    const updated = await sql<{ n: number | string }>`
      with changed as (
        update private_posts p set
          author_username = u.username, author_display_name = coalesce(u.display_name, p.author_display_name),
          author_followers = coalesce(u.followers, p.author_followers), text = u.text, created_at = u.created_at,
          likes = u.likes, comments = u.comments, shares = u.shares, views = u.views, replies = u.replies, retweets = u.retweets,
          media_type = u.media_type, location = u.location, reactions = u.reactions,
          hashtags = string_to_array(u.hashtags, ' '), symbols = string_to_array(u.symbols, ' '),
          sentiment = u.sentiment, sentiment_model = u.sentiment_model
        from unnest(${columns(posts)}) as ${UNNESTED}
        where p.user_id = ${owner} and p.platform = u.platform and p.external_id = u.external_id
          and (p.author_username, p.author_display_name, p.author_followers, p.text, p.created_at, p.likes, p.comments, p.shares,
               p.views, p.replies, p.retweets, p.media_type, p.location, p.reactions, p.hashtags, p.symbols, p.sentiment,
               p.sentiment_model)
          is distinct from
              (u.username, coalesce(u.display_name, p.author_display_name), coalesce(u.followers, p.author_followers), u.text,
               u.created_at, u.likes, u.comments, u.shares, u.views, u.replies, u.retweets, u.media_type, u.location, u.reactions,
               string_to_array(u.hashtags, ' '), string_to_array(u.symbols, ' '), u.sentiment, u.sentiment_model)
        returning 1
      )
      select count(*) as n from changed
    `.execute(trx);
    const ins = Number(inserted.rows[0]?.n ?? 0);
    const upd = Number(updated.rows[0]?.n ?? 0);
    return { inserted: ins, updated: upd, skipped: posts.length - ins - upd };
  });
}
