import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CoinGeckoError, createCoinGeckoClient, type CoinGeckoConfig } from './client.js';
import type { FeedAsset } from '../feed.js';
import { fetchGlobal, fetchMarketChart, fetchQuotes } from './endpoints.js';
import { createCoinGeckoFeed } from './feed.js';
import type { Timing } from './token-bucket.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const MARKETS = fixture('markets.json');
const GLOBAL = fixture('global.json');
const CHART = fixture('market_chart_bitcoin_2d.json');
const ERROR_429 = fixture('error_429.json');
const ERROR_401 = fixture('error_401.json');
const ERROR_500 = fixture('error_500.html');

const KEY = 'CG-secret-test-key-0123456789';

interface Reply {
  status?: number;
  body: string;
  headers?: Record<string, string>;
  /** Never answer (a hung upstream). */
  hang?: boolean;
}

/** A stand-in for CoinGecko on 127.0.0.1: each path answers from its script, the last reply repeating. */
let server: Server;
let baseUrl: string;
let scripts: Map<string, Reply[]>;
let requests: { path: string; query: URLSearchParams; headers: IncomingMessage['headers'] }[];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.replace(/^\/api\/v3/, '');
    requests.push({ path, query: url.searchParams, headers: req.headers });
    const script = scripts.get(path);
    const reply = script && script.length > 1 ? script.shift() : script?.[0];
    if (!reply) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"coin not found"}');
      return;
    }
    if (reply.hang) return;
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers }).end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  scripts = new Map();
  requests = [];
});

/** A clock that only moves when someone sleeps: waits are recorded, never spent. */
function fakeTiming() {
  let now = Date.parse('2026-11-24T09:00:00Z');
  const sleeps: number[] = [];
  const timing: Timing = {
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
  return { timing, sleeps };
}

function client(overrides: Partial<CoinGeckoConfig> = {}, warnings: unknown[] = []) {
  const { timing, sleeps } = fakeTiming();
  const c = createCoinGeckoClient(
    { apiKey: KEY, plan: 'demo', baseUrl, callsPerMinute: 30, maxAttempts: 4, ...overrides },
    { timing, random: () => 0.5, log: { warn: (details, message) => warnings.push({ details, message }) } },
  );
  return { client: c, sleeps };
}

const ASSETS: FeedAsset[] = [
  { symbol: 'BTC', slug: 'bitcoin' },
  { symbol: 'ETH', slug: 'ethereum' },
  { symbol: 'USDT', slug: 'tether' },
  { symbol: 'DOGE', slug: 'dogecoin' },
  { symbol: 'TRUMP', slug: 'official-trump' },
  { symbol: 'TON', slug: 'the-open-network' },
  { symbol: 'XYZ', slug: 'not-listed-anywhere' },
];

describe('CoinGecko connector: recorded answers', () => {
  it('reads /coins/markets into quotes keyed by our symbols, nulls kept as null', async () => {
    scripts.set('/coins/markets', [{ body: MARKETS }]);
    const { client: c } = client();
    const { quotes, skipped } = await fetchQuotes(c, ASSETS);

    expect(requests).toHaveLength(1);
    expect(Object.fromEntries(requests[0]!.query)).toMatchObject({
      vs_currency: 'usd',
      ids: 'bitcoin,ethereum,tether,dogecoin,official-trump,the-open-network,not-listed-anywhere',
    });
    expect(quotes.map((q) => q.symbol)).toEqual(['BTC', 'ETH', 'USDT', 'DOGE', 'TRUMP']);
    expect(quotes[0]).toEqual({
      symbol: 'BTC',
      price: 77671,
      marketCap: 1555886872303,
      volume24h: 38219447120,
      circulatingSupply: 19987653,
      totalSupply: 19987653,
      maxSupply: 21000000,
      change24hPct: -1.30052,
      rank: 1,
      updatedAt: new Date('2026-11-24T08:59:41.118Z'),
    });
    // ETH has no supply cap: CoinGecko's null stays null, never 0.
    expect(quotes[1]).toMatchObject({ symbol: 'ETH', maxSupply: null, price: 2871.42 });
    // Two coins share the symbol "trump"; only the id we track counts.
    expect(quotes[4]).toMatchObject({ symbol: 'TRUMP', price: 5.73, rank: 101 });
    expect(skipped).toEqual([
      { symbol: 'TON', reason: 'no current price' },
      { symbol: 'XYZ', reason: 'CoinGecko returned no row for id not-listed-anywhere' },
    ]);
  });

  it('sends the key in the header of its plan, never in the URL', async () => {
    scripts.set('/global', [{ body: GLOBAL }]);
    await fetchGlobal(client().client);
    await fetchGlobal(client({ plan: 'pro' }).client);
    expect(requests.map((r) => [r.headers['x-cg-demo-api-key'], r.headers['x-cg-pro-api-key']])).toEqual([
      [KEY, undefined],
      [undefined, KEY],
    ]);
    expect(requests.every((r) => !r.query.toString().includes(KEY))).toBe(true);
  });

  it('reads /global: total market cap and dominance by lower-case symbol', async () => {
    scripts.set('/global', [{ body: GLOBAL }]);
    const global = await fetchGlobal(client().client);
    expect(global.totalMarketCap).toBe(2620172118553.4);
    expect(global.totalVolume24h).toBe(102611892003.1);
    expect(global.marketCapPercentage.btc).toBe(57.951);
    expect(global.updatedAt).toEqual(new Date(1795510741 * 1000));
  });

  it('reads /coins/{id}/market_chart: three series of [ms, value], oldest first', async () => {
    scripts.set('/coins/bitcoin/market_chart', [{ body: CHART }]);
    const chart = await fetchMarketChart(client().client, 'bitcoin', 2);
    expect(Object.fromEntries(requests[0]!.query)).toEqual({ vs_currency: 'usd', days: '2' });
    expect(chart.prices).toHaveLength(50);
    expect(chart.marketCaps).toHaveLength(50);
    expect(chart.totalVolumes).toHaveLength(50);
    expect(chart.prices[0]).toEqual({ time: 1795338299041, value: 77000 });
    expect(chart.prices.at(-1)!.value).toBe(77911.2);
  });

  it('ignores fields it does not know and tells a changed shape apart from a failure', async () => {
    const markets = JSON.parse(MARKETS) as Record<string, unknown>[];
    markets[0] = { ...markets[0], brand_new_field: { nested: true } };
    markets[1] = { ...markets[1], current_price: 'n/a' };
    scripts.set('/coins/markets', [{ body: JSON.stringify(markets) }]);
    const { quotes, skipped } = await fetchQuotes(client().client, ASSETS.slice(0, 2));
    expect(quotes.map((q) => q.symbol)).toEqual(['BTC']);
    expect(skipped).toEqual([{ symbol: 'ETH', reason: 'unexpected current_price: Invalid input: expected number, received string' }]);

    scripts.set('/global', [{ body: '{"data":{"total_market_cap":"lots"}}' }]);
    await expect(fetchGlobal(client().client)).rejects.toMatchObject({ kind: 'invalid_response' });
    expect(requests.filter((r) => r.path === '/global')).toHaveLength(1);
  });
});

describe('CoinGecko connector: errors and rate limits', () => {
  it('waits out a 429 for the Retry-After it was given, then succeeds', async () => {
    scripts.set('/global', [{ status: 429, body: ERROR_429, headers: { 'retry-after': '7' } }, { body: GLOBAL }]);
    const warnings: unknown[] = [];
    const { client: c, sleeps } = client({}, warnings);
    const global = await fetchGlobal(c);
    expect(global.marketCapPercentage.btc).toBe(57.951);
    expect(requests).toHaveLength(2);
    expect(sleeps).toContain(7000);
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings)).not.toContain(KEY);
  });

  it('backs off exponentially with jitter on a 429 without Retry-After', async () => {
    scripts.set('/global', [
      { status: 429, body: ERROR_429 },
      { status: 429, body: ERROR_429 },
      { status: 429, body: ERROR_429 },
      { body: GLOBAL },
    ]);
    const { client: c, sleeps } = client();
    await fetchGlobal(c);
    expect(requests).toHaveLength(4);
    // random() is 0.5: half of 1 s, 2 s, 4 s.
    expect(sleeps.filter((ms) => ms >= 500)).toEqual([500, 1000, 2000]);
  });

  it('gives up after its bounded tries with an error that says why', async () => {
    scripts.set('/global', [{ status: 429, body: ERROR_429 }]);
    const error = await fetchGlobal(client({ maxAttempts: 3 }).client).catch((e: unknown) => e);
    expect(requests).toHaveLength(3);
    expect(error).toBeInstanceOf(CoinGeckoError);
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429 });
    expect(String(error)).toContain("GET /global failed after 3 tries: rate limit exceeded (429): You've exceeded the Rate Limit");
  });

  it('does not wait out a Retry-After longer than allowed: the next tick tries again', async () => {
    scripts.set('/global', [{ status: 429, body: ERROR_429, headers: { 'retry-after': '119' } }, { body: GLOBAL }]);
    const { client: c, sleeps } = client({ maxRetryAfterMs: 60_000 });
    await expect(fetchGlobal(c)).rejects.toMatchObject({ kind: 'rate_limited', message: expect.stringContaining('told to wait 119 s') });
    expect(requests).toHaveLength(1);
    // The pause holds for the client's next call too.
    await fetchGlobal(c);
    expect(sleeps.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(119_000);
  });

  it('retries a 500 and a malformed answer, then succeeds', async () => {
    scripts.set('/coins/markets', [
      { status: 500, body: ERROR_500, headers: { 'content-type': 'text/html' } },
      { body: MARKETS.slice(0, MARKETS.length / 2) },
      { body: MARKETS },
    ]);
    const { quotes } = await fetchQuotes(client().client, ASSETS.slice(0, 1));
    expect(requests).toHaveLength(3);
    expect(quotes).toHaveLength(1);
  });

  it('a persistent 500 ends in a clear error', async () => {
    scripts.set('/global', [{ status: 500, body: ERROR_500 }]);
    await expect(fetchGlobal(client().client)).rejects.toThrow('GET /global failed after 4 tries: CoinGecko answered 500');
    expect(requests).toHaveLength(4);
  });

  it('does not retry a refused key, and never puts the key in the error', async () => {
    scripts.set('/coins/markets', [{ status: 401, body: ERROR_401 }]);
    const error = await fetchQuotes(client().client, ASSETS).catch((e: unknown) => e);
    expect(requests).toHaveLength(1);
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(String(error)).toContain('CoinGecko refused the key (401): API Key Missing; check COINGECKO_API_KEY');
    expect(String(error)).not.toContain(KEY);
  });

  it('times out a hung answer and retries it', async () => {
    scripts.set('/global', [{ body: '', hang: true }, { body: GLOBAL }]);
    // Generous, so a loaded machine's slow second answer is not a timeout too.
    const global = await fetchGlobal(client({ timeoutMs: 1500 }).client);
    expect(global.totalMarketCap).toBe(2620172118553.4);
    expect(requests.length).toBeGreaterThanOrEqual(2);
  });

  it('spaces calls to the configured rate', async () => {
    scripts.set('/global', [{ body: GLOBAL }]);
    const { client: c, sleeps } = client({ callsPerMinute: 30 });
    for (let i = 0; i < 5; i++) await fetchGlobal(c);
    // 30 a minute: a burst of 3, then one every 2 s.
    expect(sleeps).toEqual([2000, 2000]);
  });
});

describe('CoinGecko feed', () => {
  const feedOf = () => {
    const { timing } = fakeTiming();
    return createCoinGeckoFeed({ apiKey: KEY, plan: 'demo', baseUrl, callsPerMinute: 30 }, { timing, random: () => 0.5 });
  };

  it('latest: one quote per priced asset, with supplies and the provider’s time', async () => {
    scripts.set('/coins/markets', [{ body: MARKETS }]);
    const quotes = await feedOf().latest(ASSETS, new Date());
    expect(quotes.map((q) => q.symbol)).toEqual(['BTC', 'ETH', 'USDT', 'DOGE', 'TRUMP']);
    expect(quotes[1]).toEqual({
      symbol: 'ETH',
      time: new Date('2026-11-24T08:59:38.901Z'),
      price: 2871.42,
      volume24h: 19827733095,
      marketCap: 346592018311,
      circulatingSupply: 120702335.6,
      totalSupply: 120702335.6,
      maxSupply: null,
    });
  });

  it('history: hourly candles in [from, to) from the recorded two-day chart', async () => {
    scripts.set('/coins/bitcoin/market_chart', [{ body: CHART }]);
    const points = (JSON.parse(CHART) as { prices: [number, number][] }).prices;
    const from = new Date(Math.ceil(points[0]![0] / 3_600_000) * 3_600_000);
    const to = new Date(from.getTime() + 24 * 3_600_000);
    const candles = await feedOf().history({ symbol: 'BTC', slug: 'bitcoin' }, '1h', from, to);
    expect(requests[0]!.path).toBe('/coins/bitcoin/market_chart');
    expect(candles).toHaveLength(24);
    expect(candles[0]!.openTime).toEqual(from);
    for (const [i, c] of candles.entries()) {
      expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
      expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
      if (i > 0) expect(c.open).toBe(candles[i - 1]!.close);
      expect(c.volume).toBeGreaterThan(1e9);
    }
  });

  it('history: no minute candles (CoinGecko has none) and no call spent asking', async () => {
    expect(await feedOf().history({ symbol: 'BTC', slug: 'bitcoin' }, '1m', new Date(0), new Date())).toEqual([]);
    expect(requests).toHaveLength(0);
  });
});
