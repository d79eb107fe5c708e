import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from './create-db.js';
import { migrateToLatest } from './migrate.js';
import { createTestDatabase, type TestDatabase } from './testing.js';
import { BLOG_ARTICLES, seedBlogPosts } from './seed/blog/index.js';

let testDb: TestDatabase;
let handle: DbHandle;

beforeAll(async () => {
  testDb = await createTestDatabase();
  handle = await createDb(testDb.config);
  await migrateToLatest(handle.db);
});

afterAll(async () => {
  await handle?.close();
  await testDb?.drop();
});

describe(`public site tables (${process.env.TEST_DB})`, () => {
  it('adds every article once; a second run adds none and leaves edits alone', async () => {
    expect(await seedBlogPosts(handle.db)).toBe(BLOG_ARTICLES.length);
    await handle.db
      .updateTable('blog_posts')
      .set({ title: 'Edited by the operator' })
      .where('slug', '=', 'getting-started-with-the-coinsight-api')
      .execute();

    expect(await seedBlogPosts(handle.db)).toBe(0);
    const rows = await handle.db.selectFrom('blog_posts').select(['slug', 'title', 'read_time_minutes', 'published_at']).execute();
    expect(rows).toHaveLength(BLOG_ARTICLES.length);
    expect(rows.find((r) => r.slug === 'getting-started-with-the-coinsight-api')?.title).toBe('Edited by the operator');
    for (const row of rows) {
      expect(row.read_time_minutes).toBeGreaterThan(0);
      expect(row.published_at).toBeInstanceOf(Date);
    }
  });

  it('refuses a second post with the same slug and a slug that is not URL-safe', async () => {
    const post = {
      slug: 'how-we-score-sentiment-with-vader',
      title: 't',
      excerpt: 'e',
      body: 'b',
      image_path: '/blog/x.svg',
      image_alt: 'x',
      author: 'a',
      category: 'c',
      read_time_minutes: 1,
      published_at: new Date(),
    };
    await expect(handle.db.insertInto('blog_posts').values(post).execute()).rejects.toMatchObject({ code: '23505' });
    await expect(
      handle.db
        .insertInto('blog_posts')
        .values({ ...post, slug: 'Not A Slug' })
        .execute(),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('keeps one newsletter subscription per address whatever its case', async () => {
    await handle.db.insertInto('newsletter_subscribers').values({ email: 'Reader@Example.com' }).execute();
    const again = handle.db.insertInto('newsletter_subscribers').values({ email: 'reader@example.COM' }).execute();
    await expect(again).rejects.toMatchObject({ code: '23505', constraint: 'newsletter_subscribers_email_lower_key' });
  });

  it('accepts only the four contact subjects', async () => {
    const message = { name: 'Ada', email: 'ada@example.com', message: 'Hello', mailed_at: null };
    await handle.db
      .insertInto('contact_messages')
      .values({ ...message, subject: 'billing' })
      .execute();
    const bad = handle.db
      .insertInto('contact_messages')
      .values({ ...message, subject: 'sales' as 'billing' })
      .execute();
    await expect(bad).rejects.toMatchObject({ code: '23514' });
  });
});
