import type { BlogArticle } from './article.js';

export const onePostSchema: BlogArticle = {
  slug: 'one-post-schema-for-every-platform',
  title: 'One post schema for Twitter, Instagram and Facebook',
  excerpt:
    'Three platforms count engagement three different ways. Here is how Coinsight stores every post in one table without losing what makes each platform different, and why that keeps search fast.',
  imagePath: '/blog/one-post-schema.svg',
  imageAlt: 'Three differently shaped cards, one per platform, merging into a single table',
  author: 'Coinsight Engineering',
  category: 'Engineering',
  featured: false,
  publishedOn: '2026-11-10',
  body: `A tweet, an Instagram post and a Facebook post look alike from a distance: someone wrote something at some time, and other people reacted. Up close they differ. Twitter counts views, replies and retweets. Instagram has a media type (image, video or carousel) and often a location. Facebook has shares and six kinds of reaction: like, love, haha, wow, sad and angry.

The obvious design is a table per platform. We chose one table for all of them, and this post explains why.

## What one table buys

Most questions people ask of social data cross platforms. "How often was SOL mentioned yesterday, and how did people feel about it?" should not need three queries glued together in application code. With one posts table, a search across every platform is one query, one set of indexes and one way to paginate.

It also keeps the API honest. The platform endpoints share their parameters (page, limit, sortBy, sortOrder and the date range) because they read the same rows; only the filters that make sense for a platform differ.

## The shape of a row

Every post has a platform, the platform's own id for it, an author, its text and the time it was published. Then come the engagement counters the platforms share: likes, comments, shares, views, replies and retweets. A counter a platform does not have stays at 0 rather than null, so sorting and range filters behave the same everywhere.

What only one platform has lives in nullable columns, and the database enforces where each may appear:

- \`media_type\` may be set only on Instagram posts, and only to image, video or carousel.
- \`reactions\` may be set only on Facebook posts, as the six counts.
- \`location\` is free text, filled in where the platform gives one.

On top of the raw post we store what we derive once, when the post is imported: its hashtags (lower-case, without the #), the tickers of tracked assets it mentions (upper-case, such as BTC), and its sentiment score.

## Search without surprises

The text is indexed for full-text search with English stemming, so a search for "rally" also finds "rallying". The search vector is a generated column: the database computes it from the text, and no code path can forget to update it.

Every list query names a platform, so the platform leads each index, followed by the column being sorted or filtered and then the row id. That trailing id matters more than it looks: it makes the order total, so two posts with the same number of likes can never swap places between page 3 and page 4, and no row is shown twice or skipped while you page through.

## The cost

A single table carries some columns that mean nothing for a given row, such as retweets on an Instagram post. We accept that: a zero costs little, and the check constraints make sure a platform-specific value can never appear on the wrong platform. Adding a platform, as LinkedIn was added after the first three, takes a new allowed value, its importer and the filters that suit it: no new table and no new set of queries.`,
};
