import { Coinsight, CoinsightError } from '@coinsight/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveServer } from '../test/live-server.js';

// The SDK against a listening server, over real HTTP. Its retry timing is unit-tested
// in packages/sdk with a scripted fetch.

let server: Awaited<ReturnType<typeof startLiveServer>>;
let coinsight: Coinsight;

beforeAll(async () => {
  server = await startLiveServer();
  coinsight = new Coinsight({ apiKey: server.apiKey, baseUrl: server.baseUrl });
});

afterAll(async () => {
  await server?.close();
});

describe(`@coinsight/sdk against the API (${process.env.TEST_DB})`, () => {
  it('reads history, mentions and sentiment, typed as the API answers', async () => {
    const from = new Date(Date.now() - 30 * 3_600_000);
    const history = await coinsight.crypto.history({ symbol: 'bitcoin', interval: '1h', from });
    expect(history.symbol).toBe('BTC');
    expect(history.candles).toHaveLength(24);
    expect(history.candles[0]).toMatchObject({ open: 60_000, close: 60_050 });
    const mentions = await coinsight.social.mentions({ symbol: 'ETH', timeframe: '30d' });
    expect(mentions.total.mentions).toBeGreaterThan(0);
    const sentiment = await coinsight.market.sentiment({ symbols: ['BTC', 'eth'], sources: ['twitter', 'linkedin'] });
    expect(sentiment.symbols.map((s) => s.symbol)).toEqual(['BTC', 'ETH']);
    expect(sentiment.sources).toEqual(['twitter', 'linkedin']);
  });

  it("reads prices and this month's usage", async () => {
    const { prices } = await coinsight.crypto.prices({ symbols: ['eth', 'BTC'] });
    expect(prices.map((p) => p.symbol)).toEqual(['ETH', 'BTC']);
    const before = await coinsight.usage();
    expect(before).toMatchObject({ plan: 'free', quota: 1000, key: { name: 'integration test' } });
    await coinsight.crypto.prices({ symbols: ['BTC'] });
    const after = await coinsight.usage();
    // Usage itself is never counted; the prices call is.
    expect(after.calls).toBe(before.calls + 1);
    expect(after.remaining).toBe(1000 - after.calls);
  });

  it('iterates every post across cursor pages, once each, in order', async () => {
    const all: string[] = [];
    for await (const post of coinsight.data.iterate({ limit: 3 })) all.push(post._id);
    const rows = await server.app.db.selectFrom('posts').select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    expect(all).toEqual(rows.map((r) => String(r.id)));
    const firstPage = await coinsight.data.list({ limit: 3 });
    expect(firstPage.data.map((p) => p._id)).toEqual(all.slice(0, 3));
    // docs/security.md §24: the key owner's own dataset, empty for an account that brought nothing in.
    expect(await coinsight.data.list({ dataset: 'mine' })).toMatchObject({ data: [], nextCursor: null });
    expect((await coinsight.data.list({ dataset: 'shared', limit: 3 })).data.map((p) => p._id)).toEqual(all.slice(0, 3));
  });

  it('creates an alert once per idempotency key, lists it and deletes it', async () => {
    const body = { symbol: 'BTC', price: 123_456, condition: 'above' as const };
    const first = await coinsight.alerts.create(body, { idempotencyKey: 'sdk-test-1' });
    const again = await coinsight.alerts.create(body, { idempotencyKey: 'sdk-test-1' });
    expect(again.alert.id).toBe(first.alert.id);
    expect(first.alert).toMatchObject({ symbol: 'BTC', threshold: 123_456, condition: 'above', active: true });
    expect((await coinsight.alerts.list()).data.map((a) => a.id)).toContain(first.alert.id);
    expect(await coinsight.alerts.delete(first.alert.id)).toMatchObject({ id: first.alert.id, deleted: true });
    const gone = await coinsight.alerts.delete(first.alert.id).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(CoinsightError);
    expect(gone).toMatchObject({ status: 404, code: 'not_found', requestId: expect.any(String) });
  });

  it('creates change, sentiment and spike alerts, with repeat', async () => {
    const change = await coinsight.alerts.create({
      kind: 'change',
      symbol: 'BTC',
      percent: 5,
      window: '1h',
      email: false,
      repeat: { cooldownMinutes: 60 },
    });
    expect(change.alert).toMatchObject({
      kind: 'change',
      threshold: 5,
      window: '1h',
      repeat: { cooldownMinutes: 60 },
      failingChannels: [],
    });
    const sentiment = await coinsight.alerts.create({ kind: 'sentiment', symbol: 'ETH', condition: 'below', score: 0.3, email: false });
    expect(sentiment.alert).toMatchObject({ kind: 'sentiment', condition: 'below', threshold: 0.3, window: null, repeat: null });
    const spike = await coinsight.alerts.create({ kind: 'spike', symbol: 'SOL', factor: 2.5, email: false });
    expect(spike.alert).toMatchObject({ kind: 'spike', condition: 'above', threshold: 2.5 });
    for (const { alert } of [change, sentiment, spike]) await coinsight.alerts.delete(alert.id);
  });

  it('throws CoinsightError with the status, code, message and request id of the answer', async () => {
    const ambiguous = await coinsight.crypto.history({ symbol: 'bit' }).catch((e: unknown) => e);
    expect(ambiguous).toMatchObject({
      status: 409,
      code: 'conflict',
      details: { candidates: expect.arrayContaining([{ symbol: 'BTC', name: 'Bitcoin' }]) },
    });
    const bad = await coinsight.data.list({ limit: 500 }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 400, code: 'bad_request', message: 'limit must be between 1 and 100' });
    const stranger = new Coinsight({ apiKey: 'cs_live_' + 'A'.repeat(43), baseUrl: server.baseUrl });
    const refused = (await stranger.alerts.list().catch((e: unknown) => e)) as CoinsightError;
    expect(refused).toMatchObject({ status: 401, code: 'unauthorized' });
    // The request id is the one the server logged the call under.
    expect(server.logs.some((line) => line.includes(`"reqId":"${refused.requestId}"`))).toBe(true);
  });

  it('reports a server it cannot reach as a network_error after its retries', async () => {
    const down = new Coinsight({ apiKey: server.apiKey, baseUrl: 'http://127.0.0.1:9', maxRetries: 1 });
    await expect(down.alerts.list()).rejects.toMatchObject({ status: 0, code: 'network_error', requestId: null });
  });
});
