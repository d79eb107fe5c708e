import { BLOG_POST_NOT_FOUND_MESSAGE, type BlogIndex } from '@coinsight/contracts';
import { seedBlogPosts } from '@coinsight/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedBlogPosts(t.app.db);
});

afterAll(async () => {
  await t?.close();
});

const query = (path: string, input?: unknown) =>
  t.app.inject({ method: 'GET', url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}` });

describe(`blog (${process.env.TEST_DB})`, () => {
  it('lists the featured post, then the three latest others, then the older ones, newest first', async () => {
    const res = await query('blog.list');
    expect(res.statusCode).toBe(200);
    const index = res.json().result.data as BlogIndex;

    expect(index.featured?.slug).toBe('how-we-score-sentiment-with-vader');
    expect(index.latest.map((p) => p.slug)).toEqual([
      'getting-started-with-the-coinsight-api',
      'one-post-schema-for-every-platform',
      'rate-limits-and-pricing-we-can-keep',
    ]);
    expect(index.older.map((p) => p.slug)).toEqual(['postgresql-in-webassembly-no-setup-needed']);
    expect(index.latest[0]).toEqual({
      slug: 'getting-started-with-the-coinsight-api',
      title: 'Getting started with the Coinsight API',
      excerpt: expect.stringContaining('first authenticated request'),
      imagePath: '/blog/getting-started.svg',
      imageAlt: expect.any(String),
      author: 'Coinsight Engineering',
      category: 'Tutorials',
      readTimeMinutes: expect.any(Number),
      featured: false,
      publishedAt: '2026-11-17T00:00:00.000Z',
    });
    // The index carries no article bodies.
    expect(JSON.stringify(index)).not.toContain('## ');
  });

  it('answers a post by its slug, with its body', async () => {
    const res = await query('blog.bySlug', { slug: 'one-post-schema-for-every-platform' });
    expect(res.statusCode).toBe(200);
    const post = res.json().result.data;
    expect(post).toMatchObject({ title: 'One post schema for Twitter, Instagram and Facebook', category: 'Engineering' });
    expect(post.body).toContain('## The shape of a row');
    expect(post.readTimeMinutes).toBeGreaterThanOrEqual(2);
  });

  it.each(['no-such-post', 'Not A Slug', '../../etc/passwd', 'x'.repeat(300)])('answers 404 for the unknown slug %s', async (slug) => {
    const res = await query('blog.bySlug', { slug });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ message: BLOG_POST_NOT_FOUND_MESSAGE, data: { code: 'NOT_FOUND' } });
  });

  it('keeps a post scheduled for later out of the index and off its address', async () => {
    await t.app.db
      .insertInto('blog_posts')
      .values({
        slug: 'scheduled-post',
        title: 'Not yet',
        excerpt: 'e',
        body: 'b',
        image_path: '/blog/getting-started.svg',
        image_alt: 'a',
        author: 'a',
        category: 'c',
        read_time_minutes: 1,
        featured: true,
        published_at: new Date(Date.now() + 86_400_000),
      })
      .execute();
    const index = (await query('blog.list')).json().result.data as BlogIndex;
    expect([index.featured, ...index.latest, ...index.older].map((p) => p?.slug)).not.toContain('scheduled-post');
    expect((await query('blog.bySlug', { slug: 'scheduled-post' })).statusCode).toBe(404);
  });
});

describe(`site figures (${process.env.TEST_DB})`, () => {
  it('counts tracked assets and stored posts from the database', async () => {
    await t.app.db
      .insertInto('assets')
      .values([
        { symbol: 'BTC', name: 'Bitcoin', slug: 'bitcoin', rank: 1 },
        { symbol: 'ETH', name: 'Ethereum', slug: 'ethereum', rank: 2 },
      ])
      .execute();
    const hour = new Date('2026-11-01T10:00:00Z');
    await t.app.db
      .insertInto('platform_hourly_stats')
      .values([
        { hour, platform: 'twitter', posts: 7 },
        { hour: new Date('2026-11-01T11:00:00Z'), platform: 'twitter', posts: 5 },
        { hour, platform: 'facebook', posts: 3 },
      ])
      .execute();

    const res = await query('site.stats');
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toEqual({ assetsTracked: 2, postsStored: 15 });
  });

  it('shows no operator address when CONTACT_EMAIL is not set', async () => {
    expect((await query('site.contact')).json().result.data).toEqual({ email: null });
  });
});
