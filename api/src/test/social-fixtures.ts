import { importPosts, seedAssets, type Db, type Platform, type SourceRecord } from '@coinsight/db';

const DAY_MS = 86_400_000;

/** A date `daysAgo` days before today's UTC midnight, plus `hours`, as ISO text. */
export function daysAgo(days: number, hours = 12): string {
  const midnight = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  return new Date(midnight - days * DAY_MS + hours * 3_600_000).toISOString();
}

/** The UTC date `days` ago, YYYY-MM-DD, as the date filters take it. */
export const dateAgo = (days: number) => daysAgo(days, 0).slice(0, 10);

/** Imports records through the real importer (analysis and rollups included); any bad record fails the test setup. */
export async function importFixture(db: Db, platform: Platform, records: readonly Record<string, unknown>[]): Promise<void> {
  await seedAssets(db);
  async function* source(): AsyncGenerator<SourceRecord> {
    let line = 0;
    for (const record of records) yield { line: ++line, record };
  }
  const report = await importPosts(db, source(), { platform });
  if (report.failed > 0) throw new Error(`fixture rows failed: ${JSON.stringify(report.errors)}`);
}

/**
 * Posts for the list and search tests. Values are chosen so every filter keeps a known subset
 * and every sort has ties (broken by id) and a clear order.
 */
export const twitterFixture = [
  {
    id: 't1',
    username: 'alice',
    text: 'Bitcoin rallying hard today, love it! $BTC #bitcoin',
    createdAt: daysAgo(10),
    views: 1000,
    likes: 50,
    replies: 5,
    retweets: 10,
  },
  {
    id: 't2',
    username: 'Bob',
    text: 'ETH looks terrible, selling everything #eth',
    createdAt: daysAgo(8),
    views: 200,
    likes: 5,
    replies: 20,
    retweets: 1,
  },
  {
    id: 't3',
    username: 'alice_fan',
    text: 'Solana network upgrade scheduled $SOL',
    createdAt: daysAgo(6),
    views: 5000,
    likes: 50,
    replies: 0,
    retweets: 30,
  },
  {
    id: 't4',
    username: 'carol',
    text: 'What a rally for $BTC and $ETH #crypto',
    createdAt: daysAgo(4),
    views: 50,
    likes: 0,
    replies: 2,
    retweets: 0,
  },
  {
    id: 't5',
    username: 'dave',
    text: 'Dogecoin to the moon #doge #crypto',
    createdAt: daysAgo(2),
    views: 800,
    likes: 120,
    replies: 5,
    retweets: 60,
  },
  {
    id: 't6',
    username: 'ALICE',
    text: 'Quiet day for bitcoin, nothing happening',
    createdAt: daysAgo(1),
    views: 300,
    likes: 7,
    replies: 1,
    retweets: 2,
  },
] as const;

export const instagramFixture = [
  {
    id: 'i1',
    username: 'pics',
    text: 'Sunset over the Bitcoin conference #btc',
    createdAt: daysAgo(9),
    likes: 300,
    comments: 12,
    mediaType: 'image',
    location: 'Lisbon, Portugal',
  },
  {
    id: 'i2',
    username: 'reels',
    text: 'Explaining Ethereum staking in 60 seconds #eth',
    createdAt: daysAgo(5),
    likes: 900,
    comments: 80,
    mediaType: 'video',
    location: 'Berlin, Germany',
  },
  {
    id: 'i3',
    username: 'pics',
    text: 'Swipe for the $SOL chart #solana',
    createdAt: daysAgo(3),
    likes: 40,
    comments: 3,
    mediaType: 'carousel',
  },
  {
    id: 'i4',
    username: 'travel',
    text: 'Crypto meetup in Lisbon #crypto',
    createdAt: daysAgo(1),
    likes: 75,
    comments: 12,
    mediaType: 'image',
    location: 'lisbon',
  },
] as const;

export const facebookFixture = [
  {
    id: 'f1',
    username: 'group_admin',
    text: 'Welcome to the Cardano community group',
    createdAt: daysAgo(7),
    likes: 30,
    comments: 10,
    shares: 2,
    reactions: { like: 20, love: 10 },
  },
  {
    id: 'f2',
    username: 'member',
    text: 'Lost money on $ADA again, awful week',
    createdAt: daysAgo(4),
    likes: 5,
    comments: 40,
    shares: 0,
    reactions: { like: 2, sad: 3 },
  },
  {
    id: 'f3',
    username: 'group_admin',
    text: 'Weekly Bitcoin recap, great gains',
    createdAt: daysAgo(2),
    likes: 80,
    comments: 10,
    shares: 25,
    reactions: { like: 60, love: 15, wow: 5 },
  },
] as const;

export const linkedinFixture = [
  {
    id: 'l1',
    username: 'analyst',
    text: 'Institutional adoption of Bitcoin keeps growing',
    createdAt: daysAgo(6),
    likes: 100,
    comments: 20,
    shares: 10,
    views: 9000,
  },
  {
    id: 'l2',
    username: 'cfo',
    text: 'Our treasury now holds $ETH #fintech',
    createdAt: daysAgo(3),
    likes: 40,
    comments: 5,
    shares: 3,
    views: 2500,
  },
  {
    id: 'l3',
    username: 'analyst',
    text: 'Stablecoin regulation outlook #fintech',
    createdAt: daysAgo(1),
    likes: 10,
    comments: 2,
    shares: 0,
    views: 800,
  },
] as const;

export async function importAllFixtures(db: Db): Promise<void> {
  await importFixture(db, 'twitter', twitterFixture);
  await importFixture(db, 'instagram', instagramFixture);
  await importFixture(db, 'facebook', facebookFixture);
  await importFixture(db, 'linkedin', linkedinFixture);
}
