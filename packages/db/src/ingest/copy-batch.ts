import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { POST_CONTENT_COLUMNS, POST_WRITTEN_COLUMNS, type PostWrittenColumn } from '../schema/posts.js';
import { ensurePostMonthsOn } from '../partitions/months.js';
import { addPostingsSql, likesBandSql, removePostingsSql } from '../postings/terms.js';
import { addOnConflict, AUTHOR_DAY_COUNTS, AUTHOR_TOPIC_COUNTS, PLATFORM_HOUR_COUNTS, TOPIC_COUNTS } from '../rollups/add-counts.js';
import type { AnalyzedPost, BatchOutcome } from './write-batch.js';

// The PostgreSQL fast path of a batch (write-batch.ts is the statement path PGlite keeps): the
// batch is COPYed into a temporary staging table, and everything else is set-based SQL over it,
// a fixed number of statements whatever the batch size. Same outcome as writePostBatch: authors
// upserted (latest spelling, a missing follower count keeps the stored one), new posts inserted,
// stored ones locked and rewritten only if something changed, rollups moved by the difference.

const STAGING_COLUMNS = [
  'line',
  'platform',
  'external_id',
  'username',
  'display_name',
  'followers',
  'text',
  'created_at',
  ...POST_CONTENT_COLUMNS,
  'upsert_author',
] as const;

// Hashtags and symbols never contain spaces: each row's list travels as one space-joined string,
// as in post-rows.ts. Sentiment is kept as the float8 the analysis computed, so the rollups sum
// the same numbers the statement path sums in JavaScript; the post stores it as real.
const CREATE_STAGING = `
  create temp table if not exists ingest_staging (
    line int not null, platform text not null, external_id text not null, username text not null, display_name text,
    followers int8, text text not null, created_at timestamptz not null,
    likes int4 not null, comments int4 not null, shares int4 not null, views int8 not null, replies int4 not null,
    retweets int4 not null, media_type text, location text, reactions jsonb, hashtags text not null, symbols text not null,
    sentiment float8 not null, sentiment_model text not null, upsert_author boolean not null,
    author_id int8, post_id int8, inserted boolean not null default false, changed boolean not null default false,
    terms_changed boolean not null default false
  ) on commit delete rows
`;

// COPY's text format: backslash, tab, newline and carriage return escaped, NULL as \N.
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const escapeText = (value: string) => value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c] ?? c);
const cell = (value: string | number | boolean | null) =>
  value === null ? '\\N' : typeof value === 'string' ? escapeText(value) : typeof value === 'number' ? String(value) : value ? 't' : 'f';

function copyLine({ line, post: p, upsertAuthor = true }: StagedPost): string {
  return `${[
    line,
    p.platform,
    p.externalId,
    p.username,
    p.displayName,
    p.followers,
    p.text,
    p.createdAt.toISOString(),
    p.likes,
    p.comments,
    p.shares,
    p.views,
    p.replies,
    p.retweets,
    p.mediaType,
    p.location,
    p.reactions ? JSON.stringify(p.reactions) : null,
    p.hashtags.join(' '),
    p.symbols.join(' '),
    p.sentiment,
    p.sentimentModel,
    upsertAuthor,
  ]
    .map(cell)
    .join('\t')}\n`;
}

// Authors: each handle's latest row in the batch (by line), new ones created in order of first
// appearance, as upsertAuthors does; those with a follower count first, then those without.
const upsertAuthors = (knownFollowers: boolean) => `
  with latest as (
    select distinct on (platform, lower(username)) platform, username, display_name, followers,
           min(line) over (partition by platform, lower(username)) as first_line
    from ingest_staging
    where upsert_author
    order by platform, lower(username), line desc
  ), upserted as (
    insert into authors (platform, username, display_name, followers)
    select platform, username, display_name, coalesce(followers, 0) from latest
    where followers is ${knownFollowers ? 'not null' : 'null'}
    order by first_line
    on conflict (platform, lower(username)) do update set
      username = excluded.username,
      display_name = coalesce(excluded.display_name, authors.display_name),
      followers = ${knownFollowers ? 'excluded.followers' : 'authors.followers'},
      updated_at = now()
    returning id, platform, username
  )
  update ingest_staging s set author_id = u.id from upserted u where s.platform = u.platform and lower(s.username) = lower(u.username)
`;

// Rows whose author was not upserted in this batch (seeding: written by an earlier one).
const FIND_AUTHORS = `
  update ingest_staging s set author_id = a.id from authors a
  where s.author_id is null and a.platform = s.platform and lower(a.username) = lower(s.username)
`;

/** How each written column's value is read from a staged row `s` (the tag lists travel joined, sentiment as float8). */
const fromStaged = (column: PostWrittenColumn) =>
  column === 'hashtags' || column === 'symbols'
    ? `string_to_array(s.${column}, ' ')`
    : column === 'sentiment'
      ? 's.sentiment::real'
      : `s.${column}`;

/**
 * The staged posts inserted in line order, new keys only: each key claimed in post_keys (the one
 * unique (platform, external_id) across the months of posts), then the rows that claimed one
 * written with its id; `then` is the statement run over what was added.
 */
const insertStaged = (then: string) => `
  with claimed as (
    insert into post_keys (platform, external_id)
    select platform, external_id from ingest_staging order by line
    on conflict (platform, external_id) do nothing
    returning id, platform, external_id
  ), added as (
    insert into posts (id, ${POST_WRITTEN_COLUMNS.join(', ')})
    select c.id, ${POST_WRITTEN_COLUMNS.map(fromStaged).join(', ')}
    from ingest_staging s join claimed c on c.platform = s.platform and c.external_id = s.external_id
    order by s.line
    returning id, platform, external_id
  )
  ${then}
`;

const INSERT_POSTS = insertStaged(
  'update ingest_staging s set inserted = true, post_id = a.id from added a where s.platform = a.platform and s.external_id = a.external_id',
);

// Seeding only adds posts: it counts them and marks nothing.
const INSERT_NEW_POSTS = insertStaged('select count(*) as inserted, 0 as updated from added');

// The ids of the rest, from their keys.
const FIND_STORED = `
  update ingest_staging s set post_id = k.id from post_keys k
  where not s.inserted and k.platform = s.platform and k.external_id = s.external_id
`;

/**
 * The staged ids `which` selects as one array, read once: each month's primary key is probed for
 * them, where a join could have read every month of posts whole.
 */
const stagedIds = (which: string) => `any(array(select post_id from ingest_staging where ${which}))`;

// The stored versions of the rest, locked until the transaction ends (a concurrent import of the
// same posts waits here), then compared field by field as samePost does.
const LOCK_STORED = `
  select count(*) as n from (
    select 1 from posts p where p.id = ${stagedIds('not inserted')}
    order by p.id
    for update of p
  ) locked
`;

const MARK_CHANGED = `
  update ingest_staging s set changed = not (
    p.author_id = s.author_id and p.text = s.text and p.created_at = s.created_at and p.likes = s.likes
    and p.comments = s.comments and p.shares = s.shares and p.views = s.views and p.replies = s.replies
    and p.retweets = s.retweets and p.media_type is not distinct from s.media_type
    and p.location is not distinct from s.location and p.reactions is not distinct from s.reactions
    and p.hashtags = string_to_array(s.hashtags, ' ') and p.symbols = string_to_array(s.symbols, ' ')
    and abs(p.sentiment - s.sentiment) < 1e-6 and p.sentiment_model = s.sentiment_model
  ), terms_changed = not (
    p.text = s.text and p.created_at = s.created_at
    and p.hashtags = string_to_array(s.hashtags, ' ') and p.symbols = string_to_array(s.symbols, ' ')
    and ${likesBandSql('p.likes')} = ${likesBandSql('s.likes')}
  )
  from posts p
  where not s.inserted and p.id = s.post_id and p.id = ${stagedIds('not inserted')}
`;

// Hour buckets with date_bin from a UTC origin and days in UTC, as rebuild.ts computes them; the
// per-author rows follow the author each version of a post was written with.
// A stored sentiment is read back through its text, the value node-postgres hands JavaScript:
// the statement path subtracts that number.
const ROLLUPS_AND_UPDATES = `
  with delta as materialized (
    select 1 as sign, platform, author_id, created_at, likes, comments, shares, views, replies, retweets, sentiment,
           string_to_array(hashtags, ' ') as hashtags, string_to_array(symbols, ' ') as symbols
    from ingest_staging where inserted or changed
    union all
    select -1, p.platform, p.author_id, p.created_at, p.likes, p.comments, p.shares, p.views, p.replies, p.retweets, p.sentiment::text::float8,
           p.hashtags, p.symbols
    from posts p join ingest_staging s on p.id = s.post_id where s.changed and p.id = ${stagedIds('changed')}
  ), bucketed as materialized (
    select sign, platform, author_id, date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00:00+00') as hour,
           (created_at at time zone 'UTC')::date as day, likes, comments, shares, views, replies, retweets, sentiment, hashtags, symbols
    from delta
  ), topics as materialized (
    select b.sign, b.platform, b.author_id, b.hour, b.day, b.sentiment, b.symbols, t.topic,
           b.likes + b.comments + b.shares + b.replies + b.retweets as engagement
    from bucketed b cross join lateral (
      select '$' || s as topic from unnest(b.symbols) s
      union all
      select '#' || h from unnest(b.hashtags) h
    ) t
  ), platform_hours as (
    insert into platform_hourly_stats (hour, platform, ${PLATFORM_HOUR_COUNTS.join(', ')})
    select hour, platform, sum(sign), sum(sign * likes), sum(sign * comments), sum(sign * shares), sum(sign * views),
           sum(sign * replies), sum(sign * retweets), sum(sign * sentiment)
    from bucketed group by hour, platform order by hour, platform
    ${addOnConflict('platform_hourly_stats', ['hour', 'platform'], PLATFORM_HOUR_COUNTS)}
  ), topic_hours as (
    insert into topic_hourly_stats (hour, platform, topic, ${TOPIC_COUNTS.join(', ')})
    select hour, platform, topic, sum(sign), sum(sign * sentiment), sum(sign * engagement)
    from topics group by hour, platform, topic order by hour, platform, topic
    ${addOnConflict('topic_hourly_stats', ['hour', 'platform', 'topic'], TOPIC_COUNTS)}
  ), topic_days as (
    insert into topic_daily_stats (day, platform, topic, ${TOPIC_COUNTS.join(', ')})
    select day, platform, topic, sum(sign), sum(sign * sentiment), sum(sign * engagement)
    from topics group by day, platform, topic order by day, platform, topic
    ${addOnConflict('topic_daily_stats', ['day', 'platform', 'topic'], TOPIC_COUNTS)}
  ), related as (
    insert into topic_related_daily (day, platform, topic, symbol, mentions)
    select t.day, t.platform, t.topic, s.symbol, sum(t.sign)
    from topics t cross join lateral unnest(t.symbols) s(symbol)
    where t.topic <> '$' || s.symbol
    group by t.day, t.platform, t.topic, s.symbol order by t.day, t.platform, t.topic, s.symbol
    ${addOnConflict('topic_related_daily', ['day', 'platform', 'topic', 'symbol'], ['mentions'])}
  ), author_days as (
    insert into author_daily_stats (author_id, day, ${AUTHOR_DAY_COUNTS.join(', ')})
    select author_id, day, sum(sign), sum(sign * likes), sum(sign * comments), sum(sign * shares), sum(sign * views),
           sum(sign * replies), sum(sign * retweets), sum(sign * sentiment)
    from bucketed group by author_id, day order by author_id, day
    ${addOnConflict('author_daily_stats', ['author_id', 'day'], AUTHOR_DAY_COUNTS)}
  ), author_topics as (
    insert into author_topic_stats (author_id, topic, ${AUTHOR_TOPIC_COUNTS.join(', ')})
    select author_id, topic, sum(sign), sum(sign * sentiment)
    from topics group by author_id, topic order by author_id, topic
    ${addOnConflict('author_topic_stats', ['author_id', 'topic'], AUTHOR_TOPIC_COUNTS)}
  )
  update posts set ${POST_WRITTEN_COLUMNS.filter((c) => c !== 'platform' && c !== 'external_id')
    .map((c) => `${c} = ${fromStaged(c)}`)
    .join(', ')}
  from ingest_staging s
  where s.changed and posts.id = s.post_id and posts.id = ${stagedIds('changed')}
`;

// The batch's search postings (postings/terms.ts): the old terms of the changed posts whose terms or
// time changed out before they are rewritten, then theirs and the new posts' in. A post whose
// counters alone changed (the usual re-import) keeps its postings, unless its likes moved into
// another band (postings/terms.ts, LIKES_BANDS), which they carry.
const STAGED_IDS = (which: string) => `select s.post_id from ingest_staging s where ${which}`;
const REMOVE_CHANGED_POSTINGS = removePostingsSql(STAGED_IDS('s.terms_changed'));
const ADD_POSTINGS = addPostingsSql(STAGED_IDS('s.inserted or s.terms_changed'));

const COUNTS = `select count(*) filter (where inserted) as inserted, count(*) filter (where changed) as updated from ingest_staging`;

/** What a batch writes besides new posts: `all` as importPosts does; `insert` only adds posts (seeding rebuilds the rollups after). */
export type CopyMode = 'all' | 'insert';

/** A post of a batch: its line orders the batch; upsertAuthor false leaves a stored author as it is (seeding). */
export interface StagedPost {
  line: number;
  post: AnalyzedPost;
  upsertAuthor?: boolean;
}

// Each connection creates its staging table once; it lives as long as the connection.
const staged = new WeakSet<pg.PoolClient>();

/**
 * Writes a batch (unique keys; `line` orders it) in one transaction on a client of the pool,
 * through COPY and set-based statements.
 */
export async function writePostBatchByCopy(pool: pg.Pool, posts: readonly StagedPost[], mode: CopyMode = 'all'): Promise<BatchOutcome> {
  if (posts.length === 0) return { inserted: 0, updated: 0, skipped: 0 };
  const client = await pool.connect();
  let broken: unknown;
  try {
    // Outside the batch's transaction: a new month locks posts only while it is created.
    await ensurePostMonthsOn(
      client,
      posts.map((p) => p.post.createdAt),
    );
    await client.query('begin');
    // A batch's term and topic rows are sorted and grouped in memory, not in temporary files.
    await client.query(`set local work_mem = '64MB'`);
    // Created in the transaction, so a rollback takes it away again: counted only once committed.
    const creating = !staged.has(client);
    if (creating) await client.query(CREATE_STAGING);
    await pipeline(
      Readable.from([posts.map((p) => copyLine(p)).join('')]),
      client.query(copyFrom(`copy ingest_staging (${STAGING_COLUMNS.join(', ')}) from stdin`)),
    );
    await client.query(upsertAuthors(true));
    await client.query(upsertAuthors(false));
    if (posts.some((p) => p.upsertAuthor === false)) await client.query(FIND_AUTHORS);
    if (mode === 'all') {
      await client.query(INSERT_POSTS);
      await client.query(FIND_STORED);
      await client.query(LOCK_STORED);
      await client.query(MARK_CHANGED);
      await client.query(REMOVE_CHANGED_POSTINGS);
      await client.query(ROLLUPS_AND_UPDATES);
      await client.query(ADD_POSTINGS);
    }
    const counts = await client.query<{ inserted: number | string; updated: number | string }>(mode === 'all' ? COUNTS : INSERT_NEW_POSTS);
    await client.query('commit');
    if (creating) staged.add(client);
    const inserted = Number(counts.rows[0]?.inserted ?? 0);
    const updated = Number(counts.rows[0]?.updated ?? 0);
    return { inserted, updated, skipped: posts.length - inserted - updated };
  } catch (error) {
    try {
      await client.query('rollback');
    } catch (rollbackError) {
      broken = rollbackError;
    }
    throw error;
  } finally {
    // A connection that could not even roll back is dropped from the pool, not reused.
    client.release(broken instanceof Error ? broken : undefined);
  }
}
