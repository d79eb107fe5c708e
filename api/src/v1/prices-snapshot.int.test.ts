import type { MarketAssetDetail, MarketOverview, V1PricesResponse } from '@coinsight/contracts';
import { mulberry32, seedAssets } from '@coinsight/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../services/api-keys/keys.js';
import type { MarketSnapshot } from '../services/market/live-bus.js';
import { createMarketLive, type MarketLive } from '../services/market/live.js';
import { marketOverview } from '../services/market/overview.js';
import { TEST_EPOCH } from '../services/test-mode/dataset.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { signup } from '../test/auth.js';
import { v1Client } from '../test/v1.js';
import type { V1UsageAnswer } from './routes/usage.js';

// GET /v1/crypto/prices (and tRPC market.overview / market.asset) answered from
// a per-tick snapshot of the overview held by each instance, refreshed by the market bus.
// The bus under test runs on a clock the test moves, so whether the snapshot is trusted never
// depends on how fast the machine is; the two-instance case uses the apps' own buses.

const postgres = process.env.TEST_DB === 'postgres';
const HOUR = 3_600_000;
const TICK_SECONDS = 10;

let t: TestApp;
let bus: MarketLive;
// The bus's clock (milliseconds): only moved by the stale-snapshot test.
let clockMs = Date.now();
// How many calls the snapshot answered.
let served = 0;
let client: Awaited<ReturnType<typeof v1Client>>;
let symbols: { symbol: string; name: string }[];

const counting = (snapshot: MarketSnapshot): MarketSnapshot => ({
  current() {
    const current = snapshot.current();
    if (current) served++;
    return current;
  },
});

async function sleep(ms: number) {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

async function until<T>(what: string, attempt: () => Promise<T | undefined>): Promise<T> {
  for (let waited = 0; ; waited += 100) {
    const value = await attempt();
    if (value !== undefined) return value;
    if (waited > 60_000) throw new Error(`gave up waiting: ${what}`);
    await sleep(100);
  }
}

/** Announces (no tick stored) until the bus hears it: on PostgreSQL its LISTEN opens with the first request. */
async function busCurrent(which: MarketLive = bus) {
  await until('the bus to vouch for its snapshot', async () => {
    if (which.current()) return true;
    await which.publish(new Date());
    await sleep(50);
    return which.current() ? true : undefined;
  });
}

async function prices(query: string, via: TestApp = t, headers: Record<string, string> = { authorization: `Bearer ${client.secret}` }) {
  const res = await via.app.inject({ method: 'GET', url: `/v1/crypto/prices?symbols=${encodeURIComponent(query)}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<V1PricesResponse>();
}

/** The same call with the snapshot taken away: what the database answers today. */
async function fromDatabase<T>(read: () => Promise<T>): Promise<T> {
  const held = t.app.deps.marketSnapshot;
  t.app.deps.marketSnapshot = undefined;
  try {
    return await read();
  } finally {
    t.app.deps.marketSnapshot = held;
  }
}

async function storeTick(app: TestApp, asset: string, price: number) {
  const time = new Date();
  await app.app.db
    .insertInto('price_ticks')
    .values({ asset, time, price, volume_24h: price * 1_000, market_cap: price * 1e6 })
    .execute();
  return time;
}

async function trpc<T>(path: string, input?: unknown): Promise<T> {
  const url = `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ result: { data: T } }>().result.data;
}

beforeAll(async () => {
  t = await createTestApp({ market: { feed: 'simulated', tickSeconds: TICK_SECONDS, seed: 1, coingecko: undefined } });
  await t.app.ready();
  await seedAssets(t.app.db);
  symbols = await t.app.db.selectFrom('assets').select(['symbol', 'name']).orderBy('rank').execute();
  // Every asset but the last has a price now and 24 h ago (a 24 h change), the last none at all.
  const now = Date.now();
  await t.app.db
    .insertInto('price_ticks')
    .values(
      symbols.slice(0, -1).flatMap(({ symbol }, i) => [
        { asset: symbol, time: new Date(now - 24.1 * HOUR), price: 100 + i, volume_24h: 5_000 + i, market_cap: 1e9 - i },
        { asset: symbol, time: new Date(now - 60_000), price: 110 + i * 1.5, volume_24h: 6_000 + i, market_cap: 1.1e9 - i },
      ]),
    )
    .execute();
  const { user } = await signup(t.app);
  client = await v1Client(t.app, user.id);
  bus = createMarketLive({ db: t.app.db, log: t.app.deps.log, now: () => new Date() }, t.app.config.db, {
    tickSeconds: TICK_SECONDS,
    clock: () => clockMs,
  });
  t.app.deps.marketSnapshot = counting(bus);
  await busCurrent();
});

afterAll(async () => {
  await bus?.close();
  await t?.close();
});

describe(`GET /v1/crypto/prices from the per-tick snapshot (${process.env.TEST_DB})`, () => {
  it('answers exactly what the database answers, for random symbol sets, and so do market.overview and market.asset', async () => {
    const next = mulberry32(21);
    const before = served;
    for (let round = 0; round < 25; round++) {
      const size = 1 + Math.floor(next() * 6);
      const query = Array.from({ length: size }, () => {
        const asset = symbols[Math.floor(next() * symbols.length)]!;
        const how = next();
        // Tickers in either case and names, as clients write them; repeats too.
        return how < 0.5 ? asset.symbol : how < 0.8 ? asset.symbol.toLowerCase() : asset.name;
      }).join(',');
      const snapshot = await prices(query);
      const database = await fromDatabase(() => prices(query));
      expect(snapshot.prices, query).toEqual(database.prices);
      expect(snapshot.prices.length).toBeGreaterThan(0);
    }
    expect(served - before).toBe(25);
    const unpriced = await prices(symbols.at(-1)!.symbol);
    expect(unpriced.prices[0]).toMatchObject({ price: null, change24h: null, asOf: null });
    expect((await prices('BTC')).prices[0]!.change24h).toEqual(expect.any(Number));

    // All but `socialAsOf`, the end of the hour in progress, which may turn between the two reads.
    const { socialAsOf: _snapshotHour, ...overview } = await trpc<MarketOverview>('market.overview');
    const { socialAsOf: _databaseHour, ...overviewFromDb } = await fromDatabase(() => trpc<MarketOverview>('market.overview'));
    expect(overview).toEqual(overviewFromDb);
    const asset = await trpc<MarketAssetDetail>('market.asset', { symbol: 'ETH', interval: '1h' });
    const assetFromDb = await fromDatabase(() => trpc<MarketAssetDetail>('market.asset', { symbol: 'ETH', interval: '1h' }));
    expect(asset.asset).toEqual(assetFromDb.asset);
    expect(served - before).toBe(25 + 2 + 2);
  });

  it("keeps today's errors: unknown symbols and ambiguous names are refused before any figure is read", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/crypto/prices?symbols=BTC,NOPE,ZZZ',
      headers: { authorization: `Bearer ${client.secret}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'bad_request', param: 'symbols', symbols: ['NOPE', 'ZZZ'] });
  });

  it('shows a tick stored and announced on the next call, and not before it is announced', async () => {
    const old = (await prices('BTC')).prices[0]!;
    const price = old.price! + 1_234.5;
    const time = await storeTick(t, 'BTC', price);
    // Not announced: the snapshot stands (which shows it is what answers).
    expect((await prices('BTC')).prices[0]).toEqual(old);
    await bus.publish(time);
    const seen = await until('the new price', async () => {
      const now = (await prices('btc')).prices[0]!;
      return now.price === price ? now : undefined;
    });
    expect(seen).toMatchObject({ price, asOf: time.toISOString() });
  });

  it('reads the database when no signal came for twice the tick interval', async () => {
    const old = (await prices('ETH')).prices[0]!;
    const price = old.price! + 7;
    await storeTick(t, 'ETH', price);
    expect((await prices('ETH')).prices[0]).toEqual(old);
    clockMs += 2 * TICK_SECONDS * 1_000 + 1;
    const before = served;
    expect((await prices('ETH')).prices[0]!.price).toBe(price);
    expect(served).toBe(before);
    // A signal makes it current again, read after the signal.
    await bus.publish(new Date());
    await busCurrent();
    expect((await prices('ETH')).prices[0]!.price).toBe(price);
    expect(served).toBeGreaterThan(before);
  });

  it.runIf(postgres)('reads the database while the LISTEN connection is down', async () => {
    const old = (await prices('SOL')).prices[0]!;
    const price = old.price! + 3;
    await storeTick(t, 'SOL', price);
    expect((await prices('SOL')).prices[0]).toEqual(old);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`.execute(t.app.db);
    await until('the database read', async () => ((await prices('SOL')).prices[0]!.price === price ? true : undefined));
    // It reconnects (with backoff) and is trusted again after the next signal.
    await busCurrent();
    expect((await prices('SOL')).prices[0]!.price).toBe(price);
  });

  it('meters exactly one billable call per request answered from the snapshot', async () => {
    await busCurrent();
    const { user } = await signup(t.app);
    const own = await v1Client(t.app, user.id);
    const headers = { authorization: `Bearer ${own.secret}` };
    const before = served;
    const queries = ['BTC', 'ETH,SOL', 'bitcoin', 'BTC,ETH,BTC', 'DOGE', 'ETH', 'SOL,BTC'];
    await Promise.all(queries.map((query) => prices(query, t, headers)));
    expect(served - before).toBe(queries.length);
    const usage = await t.app.inject({ method: 'GET', url: '/v1/usage', headers });
    expect(usage.json<V1UsageAnswer>()).toMatchObject({ calls: queries.length });
  });

  it("gives a test key the test dataset's prices, never the live snapshot's", async () => {
    await busCurrent();
    const { user } = await signup(t.app);
    await t.app.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', user.id).execute();
    const test = await createApiKey(t.app.deps, { name: 'test key', mode: 'test' }, { userId: user.id });
    const live = await prices('BTC,ETH');
    const before = served;
    const answer = await prices('BTC,ETH', t, { authorization: `Bearer ${test.secret}` });
    expect(served).toBe(before);
    expect(answer.asOf).toBe(TEST_EPOCH.toISOString());
    const expected = await marketOverview(await t.app.testMode.deps(), { symbols: ['BTC', 'ETH'] });
    expect(answer.prices).toEqual(
      expected.assets.map((a) => ({
        symbol: a.symbol,
        name: a.name,
        price: a.price,
        change24h: a.change24h,
        volume24h: a.volume24h,
        marketCap: a.marketCap,
        asOf: a.asOf,
      })),
    );
    expect(answer.prices).not.toEqual(live.prices);
  }, 600_000);

  it.runIf(postgres)(
    "shows a tick stored and announced by one instance on another's next call (LISTEN/NOTIFY)",
    async () => {
      const shared = t.app.config.db;
      const b = await createTestApp(
        { market: { feed: 'simulated', tickSeconds: TICK_SECONDS, seed: 1, coingecko: undefined } },
        { dbVia: () => shared },
      );
      try {
        const own = b.app.deps.marketSnapshot!;
        let heard = 0;
        b.app.deps.marketSnapshot = {
          current() {
            const current = own.current();
            if (current) heard++;
            return current;
          },
        };
        // The first call opens B's LISTEN connection.
        await prices('BTC', b);
        let price = (await prices('BTC', b)).prices[0]!.price!;
        // A (this test's app, its own bus) stores and announces; B's snapshot must show it. Repeated
        // until B hears one, since B listens a moment after its first call.
        await until("the tick on B's snapshot", async () => {
          price += 1;
          const time = await storeTick(t, 'BTC', price);
          await t.app.deps.marketLive.publish(time);
          for (let i = 0; i < 20; i++) {
            const before = heard;
            const answer = (await prices('BTC', b)).prices[0]!;
            if (answer.price === price && heard > before) return true;
            await sleep(50);
          }
          return undefined;
        });
      } finally {
        await b.close();
      }
    },
    120_000,
  );
});
