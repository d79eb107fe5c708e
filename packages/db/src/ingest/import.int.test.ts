import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '../create-db.js';
import { findRollupDrift } from '../rollups/verify.js';
import { jsonl, openSocialTestDb, streamOf } from '../test/social-db.js';
import { importFile } from './import-file.js';
import { importPosts } from './import-posts.js';
import { readCsv } from './read-csv.js';
import { readJsonLines } from './read-jsonl.js';
import { likesBand } from '../postings/terms.js';

let handle: DbHandle;
let close: () => Promise<void>;
let dir: string;

beforeAll(async () => {
  ({ handle, close } = await openSocialTestDb());
  dir = mkdtempSync(path.join(tmpdir(), 'coinsight-import-'));
});

afterAll(async () => {
  await close?.();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await sql`truncate posts, post_keys, authors, platform_hourly_stats, topic_hourly_stats, topic_daily_stats, topic_related_daily, author_daily_stats, author_topic_stats, search_postings, search_term_days, instagram_places restart identity cascade`.execute(
    handle.db,
  );
});

const NOW = Date.parse('2026-11-22T12:00:00Z');
const tweet = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  username: 'satoshi',
  followers: 1000,
  text: `Love the $BTC rally #bitcoin (${id})`,
  createdAt: '2026-11-20T10:15:00Z',
  likes: 10,
  views: 500,
  replies: 2,
  retweets: 3,
  ...overrides,
});

const importJsonl = (text: string, platform: 'twitter' | 'instagram' | 'facebook' | 'linkedin' = 'twitter', batchSize = 1000) =>
  importPosts(handle.db, readJsonLines(streamOf(text)), { platform, batchSize, now: NOW });

const stored = () =>
  handle.db
    .selectFrom('posts')
    .innerJoin('authors', 'authors.id', 'posts.author_id')
    .select(['posts.external_id', 'authors.username', 'authors.followers', 'posts.text', 'posts.likes', 'posts.symbols', 'posts.hashtags'])
    .orderBy('posts.external_id')
    .execute();

describe(`JSON Lines import (${process.env.TEST_DB})`, () => {
  it('stores good rows with their analysis and reports inserted counts', async () => {
    const report = await importJsonl(jsonl(tweet('1'), tweet('2', { text: 'ETH dumping, terrible day #eth' })));
    expect(report).toEqual({ rows: 2, inserted: 2, updated: 0, skipped: 0, failed: 0, errors: [] });
    const rows = await handle.db
      .selectFrom('posts')
      .select(['external_id', 'symbols', 'hashtags', 'sentiment'])
      .orderBy('external_id')
      .execute();
    expect(rows[0]).toMatchObject({ external_id: '1', symbols: ['BTC'], hashtags: ['bitcoin'] });
    expect(rows[0]!.sentiment).toBeGreaterThan(0.6);
    expect(rows[1]).toMatchObject({ external_id: '2', symbols: ['ETH'], hashtags: ['eth'] });
    expect(rows[1]!.sentiment).toBeLessThan(0.4);
  });

  it('reports each malformed line with its number and reason, and keeps every good row', async () => {
    const text = [
      JSON.stringify(tweet('1')),
      '{"id": "2", "username": ',
      '',
      JSON.stringify(tweet('3', { text: '' })),
      '[1, 2]',
      JSON.stringify(tweet('5', { likes: -1 })),
      JSON.stringify(tweet('6', { createdAt: 'yesterday' })),
      JSON.stringify(tweet('7', { username: undefined })),
      JSON.stringify(tweet('8', { platform: 'facebook' })),
      JSON.stringify(tweet('9', { createdAt: '2027-06-01T00:00:00Z' })),
      JSON.stringify(tweet('10')),
    ].join('\n');
    const report = await importJsonl(text, 'twitter', 2);
    expect(report).toMatchObject({ rows: 10, inserted: 2, updated: 0, skipped: 0, failed: 8 });
    expect(report.errors).toEqual([
      { line: 2, reason: expect.stringMatching(/^invalid JSON: /) },
      { line: 4, reason: 'text is missing' },
      { line: 5, reason: 'not a JSON object' },
      { line: 6, reason: 'likes must be a whole number of 0 or more' },
      { line: 7, reason: 'createdAt must be an ISO 8601 date-time or epoch seconds or milliseconds' },
      { line: 8, reason: 'username is missing' },
      { line: 9, reason: 'platform is facebook but this import is for twitter' },
      { line: 10, reason: 'createdAt is in the future' },
    ]);
    expect((await stored()).map((r) => r.external_id)).toEqual(['1', '10']);
  });

  it('is idempotent: the same file again changes nothing and says so', async () => {
    const file = jsonl(tweet('1'), tweet('2'), tweet('3'));
    await importJsonl(file);
    const again = await importJsonl(file);
    expect(again).toMatchObject({ inserted: 0, updated: 0, skipped: 3, failed: 0 });
    expect(
      await handle.db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst(),
    ).toEqual({ n: 3 });
    expect(await findRollupDrift(handle.db)).toEqual([]);
  });

  it('updates changed posts in place and moves their rollup counts with them', async () => {
    await importJsonl(jsonl(tweet('1'), tweet('2')));
    const report = await importJsonl(
      jsonl(tweet('1', { likes: 99, text: 'Now about $ETH #ethereum', createdAt: '2026-11-21T08:00:00Z' }), tweet('2')),
    );
    expect(report).toMatchObject({ inserted: 0, updated: 1, skipped: 1 });
    const rows = await stored();
    expect(rows[0]).toMatchObject({ external_id: '1', likes: 99, symbols: ['ETH'], hashtags: ['ethereum'] });
    expect(await findRollupDrift(handle.db)).toEqual([]);
    const btc = await handle.db
      .selectFrom('topic_daily_stats')
      .select(['day', 'mentions'])
      .where('topic', '=', '$BTC')
      .where('mentions', '>', 0)
      .execute();
    expect(btc).toEqual([{ day: '2026-11-20', mentions: 1 }]);
  });

  it.each(['copy', 'statements'] as const)(
    "moves a post between its authors' rollups when a re-import gives it another author (%s path)",
    async (writePath) => {
      const importVia = (text: string) =>
        importPosts(handle.db, readJsonLines(streamOf(text)), { platform: 'twitter', now: NOW, writePath });
      await importVia(jsonl(tweet('1'), tweet('2', { createdAt: '2026-11-21T09:00:00Z' })));
      await importVia(jsonl(tweet('2', { username: 'vitalik', text: 'Gas fees on $ETH #ethereum', createdAt: '2026-11-21T09:00:00Z' })));
      expect(await findRollupDrift(handle.db)).toEqual([]);
      const byAuthor = await handle.db
        .selectFrom('author_daily_stats')
        .innerJoin('authors', 'authors.id', 'author_daily_stats.author_id')
        .select(['authors.username', 'author_daily_stats.day', 'author_daily_stats.posts', 'author_daily_stats.likes'])
        .where('author_daily_stats.posts', '>', 0)
        .orderBy('authors.username')
        .orderBy('author_daily_stats.day')
        .execute();
      expect(byAuthor).toEqual([
        { username: 'satoshi', day: '2026-11-20', posts: 1, likes: 10 },
        { username: 'vitalik', day: '2026-11-21', posts: 1, likes: 10 },
      ]);
      const topics = await handle.db
        .selectFrom('author_topic_stats')
        .innerJoin('authors', 'authors.id', 'author_topic_stats.author_id')
        .select(['authors.username', 'author_topic_stats.topic', 'author_topic_stats.mentions'])
        .where('author_topic_stats.mentions', '>', 0)
        .orderBy('authors.username')
        .orderBy('author_topic_stats.topic')
        .execute();
      expect(topics).toEqual([
        { username: 'satoshi', topic: '#bitcoin', mentions: 1 },
        { username: 'satoshi', topic: '$BTC', mentions: 1 },
        { username: 'vitalik', topic: '#ethereum', mentions: 1 },
        { username: 'vitalik', topic: '$ETH', mentions: 1 },
      ]);
    },
  );

  it('leaves the search postings untouched when only counters change within a likes band, and moves them when the band or the text does', async () => {
    const versions = async () =>
      (
        await sql<{ term: string; v: string }>`select term, xmin::text as v from search_postings order by platform, term, hour`.execute(
          handle.db,
        )
      ).rows;
    const bands = async () =>
      (await sql<{ bands: number[] }>`select bands from search_postings order by platform, term, hour`.execute(handle.db)).rows.map(
        (row) => row.bands,
      );
    await importJsonl(jsonl(tweet('1')));
    const before = await versions();
    // 10 likes and 19 lie in one band (postings/terms.ts, LIKES_BANDS); 500 in another.
    await importJsonl(jsonl(tweet('1', { likes: 19, views: 9000 })));
    expect(await versions()).toEqual(before);
    expect(new Set((await bands()).map(String))).toEqual(new Set([String(likesBand(10))]));
    await importJsonl(jsonl(tweet('1', { likes: 500, views: 9000 })));
    expect(new Set((await bands()).map(String))).toEqual(new Set([String(likesBand(500))]));
    expect(await findRollupDrift(handle.db)).toEqual([]);
    await importJsonl(jsonl(tweet('1', { text: 'Quiet day for $BTC' })));
    expect((await versions()).map((row) => row.term)).toContain('quiet');
    expect(await findRollupDrift(handle.db)).toEqual([]);
  });

  it('treats a repeated id within one file as a later edit of the same post', async () => {
    const report = await importJsonl(jsonl(tweet('1'), tweet('1'), tweet('1', { likes: 50 })));
    expect(report).toMatchObject({ rows: 3, inserted: 1, skipped: 1, updated: 1, failed: 0 });
    expect((await stored()).map((r) => [r.external_id, r.likes])).toEqual([['1', 50]]);
    expect(await findRollupDrift(handle.db)).toEqual([]);
  });

  it('keeps one author per platform and handle whatever the case, its latest spelling, and a count the source omits', async () => {
    await importJsonl(jsonl(tweet('1', { username: '@Satoshi', followers: 5000 })));
    await importJsonl(jsonl(tweet('2', { username: 'SATOSHI', followers: undefined })));
    const authors = await handle.db.selectFrom('authors').select(['username', 'followers']).execute();
    expect(authors).toEqual([{ username: 'SATOSHI', followers: 5000 }]);
  });

  it('stores platform extras: Instagram media type and location, Facebook reactions', async () => {
    await importJsonl(
      jsonl({ ...tweet('i1'), mediaType: 'Carousel', location: 'Lisbon' }, { ...tweet('i2'), mediaType: 'gif' }),
      'instagram',
    );
    await importJsonl(jsonl({ ...tweet('f1'), reactions: { like: 5, love: 2, angry: 1 } }), 'facebook');
    const rows = await handle.db
      .selectFrom('posts')
      .select(['external_id', 'media_type', 'location', 'reactions'])
      .orderBy('external_id')
      .execute();
    expect(rows).toEqual([
      { external_id: 'f1', media_type: null, location: null, reactions: { like: 5, love: 2, haha: 0, wow: 0, sad: 0, angry: 1 } },
      { external_id: 'i1', media_type: 'carousel', location: 'Lisbon', reactions: null },
    ]);
  });

  it("keeps the places of Instagram's posts, lower-cased, for the location filter: a new place and an edit's", async () => {
    await importJsonl(
      jsonl({ ...tweet('i1'), location: 'Lisbon, Portugal' }, { ...tweet('i2'), location: 'LISBON, portugal' }, tweet('i3')),
      'instagram',
    );
    await importJsonl(jsonl({ ...tweet('f1'), location: 'Not a place on Facebook' }), 'facebook');
    await importJsonl(jsonl({ ...tweet('i2'), location: 'Porto' }), 'instagram');
    const places = await handle.db.selectFrom('instagram_places').select('place').orderBy('place').execute();
    expect(places.map((p) => p.place)).toEqual(['lisbon, portugal', 'porto']);
  });

  it('isolates a row the database refuses and still writes the rest of its batch', async () => {
    await sql`alter table posts add constraint test_refuse check (text not like '%REFUSED%')`.execute(handle.db);
    try {
      const report = await importJsonl(jsonl(tweet('1'), tweet('2', { text: 'REFUSED by the database' }), tweet('3')));
      expect(report).toMatchObject({ inserted: 2, failed: 1 });
      expect(report.errors).toEqual([{ line: 2, reason: expect.stringContaining('test_refuse') }]);
      expect(await findRollupDrift(handle.db)).toEqual([]);
    } finally {
      await sql`alter table posts drop constraint test_refuse`.execute(handle.db);
    }
  });

  it('writes batches in order while reading ahead, with a repeat in the next batch applied after the first', async () => {
    const rows = [tweet('1'), tweet('2'), tweet('3'), tweet('1', { likes: 99 }), tweet('4'), tweet('5')];
    const report = await importJsonl(jsonl(...rows), 'twitter', 2);
    expect(report).toEqual({ rows: 6, inserted: 5, updated: 1, skipped: 0, failed: 0, errors: [] });
    expect((await stored()).map((r) => [r.external_id, r.likes])).toEqual([
      ['1', 99],
      ['2', 10],
      ['3', 10],
      ['4', 10],
      ['5', 10],
    ]);
    expect(await findRollupDrift(handle.db)).toEqual([]);
  });

  it('lets the batch in flight finish when the source fails, then reports the failure', async () => {
    async function* failing() {
      for (let i = 1; i <= 5; i++) yield { line: i, record: tweet(String(i)) };
      throw new Error('the connection to the source was lost');
    }
    await expect(importPosts(handle.db, failing(), { platform: 'twitter', batchSize: 2, now: NOW })).rejects.toThrow(
      'the connection to the source was lost',
    );
    // Two whole batches were written; the third was never complete.
    expect((await stored()).map((r) => r.external_id)).toEqual(['1', '2', '3', '4']);
    expect(await findRollupDrift(handle.db)).toEqual([]);
  });
});

describe(`CSV import (${process.env.TEST_DB})`, () => {
  const header = 'id,userRef.username,followers,text,created_at,likes,comments,shares,reactions_love';

  it('reads a header row, quoted cells with commas, quotes and line breaks', async () => {
    const csv = [
      header,
      '1,alice,10,"Hello, ""world"" of $SOL",2026-11-20T10:00:00Z,5,1,0,2',
      '2,bob,,"Two lines\nabout #defi",1763600000,7,,,',
    ].join('\n');
    const report = await importPosts(handle.db, readCsv(streamOf(csv)), { platform: 'facebook', now: NOW });
    expect(report).toEqual({ rows: 2, inserted: 2, updated: 0, skipped: 0, failed: 0, errors: [] });
    const rows = await handle.db
      .selectFrom('posts')
      .select(['text', 'symbols', 'hashtags', 'comments', 'reactions', 'created_at'])
      .orderBy('external_id')
      .execute();
    expect(rows[0]).toMatchObject({ text: 'Hello, "world" of $SOL', symbols: ['SOL'], comments: 1, reactions: { love: 2, like: 0 } });
    expect(rows[1]).toMatchObject({ text: 'Two lines\nabout #defi', hashtags: ['defi'], reactions: null });
    expect(rows[1]!.created_at.toISOString()).toBe('2025-11-20T00:53:20.000Z');
  });

  it('reports malformed records at their line, duplicates as unchanged, and keeps the good rows', async () => {
    const csv = [
      header,
      '1,alice,10,first,2026-11-20T10:00:00Z,5,0,0,0',
      '2,bob,10,too few cells',
      '3,carol,10,fine,2026-11-20T10:00:00Z,abc,0,0,0',
      '1,alice,10,first,2026-11-20T10:00:00Z,5,0,0,0',
      '4,dave,10,"broken "quote" here",2026-11-20T10:00:00Z,1,0,0,0',
      '5,erin,10,last,2026-11-20T10:00:00Z,1,0,0,0',
    ].join('\n');
    const report = await importPosts(handle.db, readCsv(streamOf(csv)), { platform: 'facebook', now: NOW });
    expect(report).toMatchObject({ rows: 6, inserted: 2, updated: 0, skipped: 1, failed: 3 });
    expect(report.errors).toEqual([
      { line: 3, reason: expect.stringMatching(/^malformed CSV: .*columns length is 9, got 4/) },
      { line: 4, reason: 'likes must be a whole number of 0 or more' },
      { line: 6, reason: expect.stringMatching(/^malformed CSV: Invalid Closing Quote/) },
    ]);
    expect((await stored()).map((r) => r.external_id)).toEqual(['1', '5']);
  });

  it('imports a file by its extension, reporting progress', async () => {
    const file = path.join(dir, 'posts.csv');
    writeFileSync(
      file,
      [header, '1,alice,10,hi $ADA,2026-11-20T10:00:00Z,1,0,0,0', '2,bob,10,bye,2026-11-20T11:00:00Z,2,0,0,0'].join('\n'),
    );
    const seen: number[] = [];
    const report = await importFile(handle.db, file, {
      platform: 'facebook',
      batchSize: 1,
      now: NOW,
      onProgress: (r) => seen.push(r.inserted),
    });
    expect(report).toMatchObject({ inserted: 2, failed: 0 });
    expect(seen).toEqual([1, 2]);
  });
});

describe(`import into an account's private dataset (${process.env.TEST_DB})`, () => {
  it("docs/security.md §24: with an owner, posts land in that account's dataset, idempotent per owner, touching no shared post, author or rollup", async () => {
    for (const id of ['usr_a', 'usr_b']) {
      await sql`insert into users (id, username, email, password_hash) values (${id}, ${id}, ${`${id}@example.com`}, 'x') on conflict do nothing`.execute(
        handle.db,
      );
    }
    await importJsonl(jsonl(tweet('t1')));
    const shared = async () => ({
      posts: await stored(),
      hours: (await sql`select * from platform_hourly_stats order by hour`.execute(handle.db)).rows,
      topics: (await sql`select * from topic_hourly_stats order by hour, topic`.execute(handle.db)).rows,
    });
    const before = await shared();
    const mine = (owner: string, text: string) =>
      importPosts(handle.db, readJsonLines(streamOf(text)), { platform: 'twitter', owner, now: NOW, batchSize: 2 });

    const file = jsonl(tweet('t1', { username: 'SATOSHI', followers: 5, text: 'mine now $DOT' }), tweet('t2'), tweet('t3'));
    expect(await mine('usr_a', file)).toMatchObject({ rows: 3, inserted: 3, updated: 0, skipped: 0, failed: 0 });
    expect(await mine('usr_a', file)).toMatchObject({ inserted: 0, updated: 0, skipped: 3 });
    const changed = jsonl(tweet('t1', { username: 'SATOSHI', followers: 5, text: 'mine now $DOT' }), tweet('t2', { likes: 11 }));
    expect(await mine('usr_a', changed)).toMatchObject({ inserted: 0, updated: 1, skipped: 1 });
    // Another account's copy of the same ids is its own.
    expect(await mine('usr_b', file)).toMatchObject({ inserted: 3 });

    expect(await shared()).toEqual(before);
    const rows = await handle.db
      .selectFrom('private_posts')
      .select(['user_id', 'external_id', 'author_username', 'author_followers', 'text', 'likes', 'symbols'])
      .where('user_id', '=', 'usr_a')
      .orderBy('external_id')
      .execute();
    expect(rows).toEqual([
      {
        user_id: 'usr_a',
        external_id: 't1',
        author_username: 'SATOSHI',
        author_followers: 5,
        text: 'mine now $DOT',
        likes: 10,
        symbols: ['DOT'],
      },
      expect.objectContaining({ external_id: 't2', author_username: 'satoshi', author_followers: 1000, likes: 11 }),
      expect.objectContaining({ external_id: 't3', likes: 10 }),
    ]);
  });
});
