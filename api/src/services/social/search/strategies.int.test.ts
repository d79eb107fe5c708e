import { SEARCH_COUNT_CAP, SOCIAL_PLATFORMS, searchQuerySchema, type SearchQuery, type SocialPlatform } from '@coinsight/contracts';
import { createFactCache } from '../../read-cache.js';
import { mulberry32 } from '@coinsight/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.js';
import { seededSocialApp } from '../../../test/seeded-social.js';
import { parseSearchTerms } from '../search-terms.js';
import { chooseSearchCount, chooseSearchRows, RELEVANCE_CANDIDATES } from './choose.js';
import { postingsCounted, postingsWindow } from '../postings-walk.js';
import { termCounted } from '../term-count.js';
import { readSearch, searchFactsOf } from './read.js';

// Each search strategy against the plainest query that states what a search answers: every
// match in the window, each platform's RELEVANCE_CANDIDATES newest ranked first, then the older
// ones newest first; each platform's matches counted and capped.
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
  '$ETH',
  'crash',
  'breakout',
  '#defi',
  'staking rewards',
  'bitcoin etf',
  '$SOL market',
  '#defi $ETH',
  'bitcoin #defi',
  'rally -bitcoin',
  '"all-time high"',
  'zzzunknown',
  '',
];
const DAY = 86_400_000;

interface Row {
  id: string;
  platform: SocialPlatform;
  created_at: Date;
  rank: number;
}

/** The plain reference: every match, then the search's order, cut; counts per platform. */
async function reference(query: SearchQuery) {
  const terms = parseSearchTerms(query.q);
  const words = terms.text ? sql`search @@ websearch_to_tsquery('english', ${terms.text})` : sql`true`;
  const rank = terms.text ? sql`ts_rank(search, websearch_to_tsquery('english', ${terms.text}))` : sql`0`;
  const { rows } = await sql<Row>`
    select id, platform, created_at, ${rank} as rank from posts
    where ${words} and symbols @> ${terms.symbols}::text[] and hashtags @> ${terms.hashtags}::text[]
      and created_at >= ${query.startDate ?? new Date(0)} and created_at <= ${query.endDate ?? new Date(8.64e15)}
    order by created_at desc, id desc
  `.execute(t.app.db);
  const newestFirst = (a: Row, b: Row) => b.created_at.getTime() - a.created_at.getTime() || Number(b.id) - Number(a.id);
  const searched = rows.filter((row) => !query.platform || row.platform === query.platform);
  const byPlatform = SOCIAL_PLATFORMS.map((p) => searched.filter((row) => row.platform === p));
  const order = terms.text
    ? [
        ...byPlatform.flatMap((r) => r.slice(0, RELEVANCE_CANDIDATES)).sort((a, b) => b.rank - a.rank || newestFirst(a, b)),
        ...byPlatform.flatMap((r) => r.slice(RELEVANCE_CANDIDATES)).sort(newestFirst),
      ]
    : searched;
  const counts = SOCIAL_PLATFORMS.map((platform) => {
    const n = rows.filter((row) => row.platform === platform).length;
    return { platform, matches: Math.min(n, SEARCH_COUNT_CAP), capped: n > SEARCH_COUNT_CAP };
  });
  return { ids: order.slice(query.offset, query.offset + query.limit).map((row) => Number(row.id)), counts };
}

/** Each platform's posts holding every term in [since, until], counted the plain way. */
async function plainCounts(terms: readonly string[], since: Date | undefined, until: Date | undefined) {
  const { rows } = await sql<{ platform: SocialPlatform; n: string }>`
    select platform, count(*) as n from posts
    where ${sql.join(
      terms.map((term) =>
        term.startsWith('$')
          ? sql`symbols @> ${[term.slice(1)]}::text[]`
          : term.startsWith('#')
            ? sql`hashtags @> ${[term.slice(1)]}::text[]`
            : sql`search @@ to_tsquery('english', ${term})`,
      ),
      sql` and `,
    )}
      and created_at >= ${since ?? new Date(0)} and created_at <= ${until ?? new Date('9999-12-31T00:00:00Z')}
    group by platform`.execute(t.app.db);
  return new Map(rows.map((row) => [row.platform, Number(row.n)]));
}

describe(`each search strategy answers what the plain query answers (${process.env.TEST_DB})`, () => {
  it('on 80 random draws of terms, windows, platforms and offsets', async () => {
    const r = mulberry32(32);
    const seen = new Set<string>();
    const deps = { db: t.app.db, readDb: t.app.db, genericDb: t.app.genericDb, facts: createFactCache(), now: () => new Date() };
    for (let i = 0; i < 80; i += 1) {
      const days = pick(r, [1, 7, 30, 90]);
      const end = newest - Math.floor(r() * 3 * DAY);
      const query = searchQuerySchema.parse({
        q: pick(r, TERMS) || undefined,
        platform: r() < 0.5 ? undefined : pick(r, SOCIAL_PLATFORMS),
        startDate: new Date(end - days * DAY).toISOString(),
        endDate: new Date(end).toISOString(),
        offset: pick(r, [0, 0, 50, 190, 400]),
        limit: pick(r, [20, 50]),
      });
      const input = { scope: { dataset: 'shared' } as const, query };
      const facts = await searchFactsOf(deps, input);
      seen.add(chooseSearchCount(facts)).add(chooseSearchRows(facts));
      const got = await readSearch(deps, input);
      const expected = await reference(query);
      const label = JSON.stringify({ query, postings: facts.postings });
      expect(
        got.data.map((post) => Number(post._id)),
        label,
      ).toEqual(expected.ids);
      expect(got.platforms, label).toEqual(expected.counts);
    }
    // `newest` (no term through the indexes) is an account's own posts' way alone: private-datasets.int.test.ts reads it.
    expect([...seen].sort()).toEqual([
      'index-count',
      'newest-postings',
      'newest-window',
      'postings-count',
      'ranked-indexed',
      'ranked-postings',
      'rollup-count',
      'term-count',
    ]);
  }, 600_000);

  it('counts off the postings exactly up to a cap and past it beyond, windows cutting hours', async () => {
    const r = mulberry32(33);
    const plain = [['bitcoin'], ['$BTC'], ['#defi'], ['crash'], ['bitcoin', '$BTC'], ['#defi', '$ETH']] as const;
    for (let i = 0; i < 60; i += 1) {
      const terms = pick(r, plain);
      // Windows that start and end inside hours, or open at one end.
      const end = newest - Math.floor(r() * 3 * DAY);
      const start = end - pick(r, [0.1, 1, 7, 90]) * DAY;
      const since = r() < 0.2 ? undefined : new Date(start);
      const until = r() < 0.2 ? undefined : new Date(end);
      const cap = pick(r, [3, 20, 100, 1_000]);
      const { rows } = await postingsCounted(terms, postingsWindow(since, until, true), SOCIAL_PLATFORMS, cap).execute(t.app.db);
      const got = new Map(rows.map((row) => [row.platform, Number(row.n)]));
      const truth = await plainCounts(terms, since, until);
      for (const platform of SOCIAL_PLATFORMS) {
        const n = truth.get(platform) ?? 0;
        const label = JSON.stringify({ terms, since, until, cap, platform, n });
        const counted = got.get(platform) ?? 0;
        if (n <= cap) expect(counted, label).toBe(n);
        else expect(counted, label).toBeGreaterThan(cap);
      }
    }
  }, 600_000);

  it('counts one term off its days, hours and cut hours exactly up to a cap and past it beyond', async () => {
    const r = mulberry32(34);
    const HOUR = 3_600_000;
    for (let i = 0; i < 60; i += 1) {
      const term = pick(r, ['bitcoin', '$BTC', '$ETH', '#defi', 'breakout', 'crash']);
      // Ends inside days, on midnight, on an hour, or open.
      const end = newest - Math.floor(r() * 3 * DAY);
      const until = pick(r, [new Date(end), new Date(Math.floor(end / DAY) * DAY), new Date(Math.floor(end / HOUR) * HOUR), undefined]);
      const start = (until?.getTime() ?? newest) - pick(r, [0.01, 0.3, 1, 1.2, 2, 7, 30, 90]) * DAY;
      const since = pick(r, [
        new Date(start),
        new Date(Math.ceil(start / DAY) * DAY),
        new Date(Math.floor(start / HOUR) * HOUR),
        undefined,
      ]);
      const cap = pick(r, [5, 100, 1_000, 100_000]);
      const { rows } = await termCounted(term, { since, until }, SOCIAL_PLATFORMS, cap).execute(t.app.db);
      const truth = await plainCounts([term], since, until);
      for (const platform of SOCIAL_PLATFORMS) {
        const n = truth.get(platform) ?? 0;
        const counted = Number(rows.find((row: { platform: string }) => row.platform === platform)?.n ?? 0);
        const label = JSON.stringify({ term, since, until, cap, platform, n });
        if (n <= cap) expect(counted, label).toBe(n);
        else expect(counted, label).toBeGreaterThan(cap);
      }
    }
  }, 600_000);
});
