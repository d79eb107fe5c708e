import { SOCIAL_PLATFORMS, type SocialPlatform } from '@coinsight/contracts';
import { createFactCache } from '../../read-cache.js';
import { mulberry32 } from '@coinsight/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.js';
import { seededSocialApp } from '../../../test/seeded-social.js';
import { parseSearchTerms } from '../search-terms.js';
import { postsFeed, type FeedQuery } from './read.js';

// Each /v1/data strategy (feed/choose.ts) against the plainest query that states the answer:
// every match of the filters, newest first, cut after the position; followed over three pages.
let t: TestApp;
let newest: number;

beforeAll(async () => {
  ({ t, newest } = await seededSocialApp(3_000));
});

afterAll(async () => {
  await t?.close();
});

const pick = <T>(r: () => number, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;
const TERMS = [
  'bitcoin',
  'ethereum',
  '$BTC',
  'crash',
  '#defi',
  'staking rewards',
  'bitcoin #defi',
  'rally -bitcoin',
  'bitcoin or solana',
  'zzzunknown',
  '',
];
const HOUR = 3_600_000;

/** The plain reference: every match, newest first, after the position, one page. */
async function reference(query: FeedQuery, after: { at: Date; id: number } | null) {
  const terms = parseSearchTerms(query.q);
  const symbols = [...new Set([...terms.symbols, ...(query.symbol ? [query.symbol] : [])])];
  const words = terms.text ? sql`search @@ websearch_to_tsquery('english', ${terms.text})` : sql`true`;
  const { rows } = await sql<{ id: string; created_at: Date }>`
    select id, created_at from posts
    where ${words} and symbols @> ${symbols}::text[] and hashtags @> ${terms.hashtags}::text[]
      and platform = any(${query.platform ? [query.platform] : SOCIAL_PLATFORMS}::text[])
      and likes >= ${query.minLikes ?? 0}
      and created_at >= ${query.from ?? new Date(0)} and created_at < ${query.to ?? new Date('9999-01-01T00:00:00Z')}
      and (${after === null} or (created_at, id) < (${after?.at ?? new Date(0)}::timestamptz, ${after?.id ?? 0}::int8))
    order by created_at desc, id desc limit ${query.limit}
  `.execute(t.app.db);
  return rows.map((row) => ({ id: Number(row.id), at: row.created_at }));
}

describe(`each /v1/data strategy answers what the plain query answers (${process.env.TEST_DB})`, () => {
  it('on 60 random draws of terms, coins, platforms, likes and windows, three pages each', async () => {
    const r = mulberry32(33);
    const deps = { db: t.app.db, readDb: t.app.db, genericDb: t.app.genericDb, facts: createFactCache(), now: () => new Date() };
    const caller = { userId: 'nobody' };
    for (let i = 0; i < 60; i += 1) {
      const hours = pick(r, [0, 1, 24, 168]);
      const query: FeedQuery = {
        q: pick(r, TERMS) || undefined,
        symbol: r() < 0.3 ? pick(r, ['ETH', 'BTC', 'SOL']) : undefined,
        platform: r() < 0.5 ? undefined : pick<SocialPlatform>(r, SOCIAL_PLATFORMS),
        // Floors on a likes band's bound and inside one (postings/terms.ts, LIKES_BANDS): a posting's band decides, or its post's likes.
        minLikes: r() < 0.3 ? pick(r, [3, 5, 7, 50, 75, 100, 250]) : undefined,
        from: hours ? new Date(newest - hours * HOUR) : undefined,
        to: hours ? new Date(newest + 1) : undefined,
        limit: pick(r, [10, 25]),
      };
      let after: { at: Date; id: number } | null = null;
      for (let page = 0; page < 3; page += 1) {
        const got = await postsFeed(
          deps,
          { ...query, after: after ? { micros: after.at.getTime() * 1000, id: after.id } : undefined },
          caller,
        );
        const expected = await reference(query, after);
        expect(
          got.data.map((post) => Number(post._id)),
          JSON.stringify({ query, page }),
        ).toEqual(expected.map((row) => row.id));
        if (!got.next) break;
        after = expected.at(-1)!;
      }
    }
  }, 600_000);
});
