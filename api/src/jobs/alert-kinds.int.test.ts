import type { Alert, AppNotification, NotificationPage, WebhookDelivery } from '@coinsight/contracts';
import { seedAssets, seedDemoPosts } from '@coinsight/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAlerts } from '../services/alerts/check.js';
import { atTime } from '../services/clock.js';
import { createSimulatedFeed } from '../services/market/feeds/simulated.js';
import { deliverWebhooks } from '../services/webhooks/deliver.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, verifiedSignup } from '../test/auth.js';
import { importFixture } from '../test/social-fixtures.js';
import { trpcCaller } from '../test/trpc.js';
import { startWebhookReceiver } from '../test/webhook-receiver.js';
import { alertsAfterTick } from './alerts.js';
import { marketJobs } from './market.js';

const HOUR = 3_600_000;
const BOT_TOKEN = '123456:TEST-bot-token';

let t: TestApp;
let strict: TestApp;
const receivers: Awaited<ReturnType<typeof startWebhookReceiver>>[] = [];
// The check reads time from `now`; each step moves this clock forward instead of sleeping.
let clock = Date.now();
const later = (ms: number) => new Date((clock += ms));

/** A local stand-in for a chat service's endpoint, answering `statuses` in turn. */
async function standIn(statuses: number[]) {
  const receiver = await startWebhookReceiver(statuses);
  receivers.push(receiver);
  return receiver;
}

let telegram: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  telegram = await standIn([500, 200]);
  t = await createTestApp({ webhooks: { allowPrivate: true, telegram: { botToken: BOT_TOKEN, apiUrl: telegram.url } } });
  strict = await createTestApp();
  await Promise.all([t.app.ready(), strict.app.ready()]);
  await seedAssets(t.app.db);
  await seedAssets(strict.app.db);
});

afterAll(async () => {
  await t?.close();
  await strict?.close();
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

async function newUser(app: TestApp = t) {
  const { token } = await verifiedSignup(app.app);
  const calls = trpcCaller(app.app, bearer(token));
  return {
    ...calls,
    create: (input: Record<string, unknown>) => calls.mutate<Alert>('alerts.create', { email: false, ...input }),
    alerts: async () => (await calls.query<Alert[]>('alerts.list')).data,
  };
}

const check = (now: Date) => checkAlerts(atTime(t.app.deps, now), {});
const tick = (asset: string, price: number, time: Date) =>
  t.app.db.insertInto('price_ticks').values({ asset, time, price, volume_24h: null, market_cap: null }).execute();

describe(`alerts that catch moves (${process.env.TEST_DB})`, () => {
  it('a change alert fires on the simulated feed when the price moved by at least its percent over the window', async () => {
    const user = await newUser();
    const feed = createSimulatedFeed({ seed: 1 });
    const job = marketJobs({ db: t.app.db, log: t.app.deps.log, feed }, { tickSeconds: 10, afterTick: alertsAfterTick(t.app.deps) }).find(
      (j) => j.name === 'market-tick',
    )!;
    const start = later(0);
    const end = new Date(start.getTime() + HOUR);
    const move = ((feed.priceAt('BTC', end) - feed.priceAt('BTC', start)) / feed.priceAt('BTC', start)) * 100;
    expect(Math.abs(move)).toBeGreaterThan(0);

    const fires = await user.create({ kind: 'change', symbol: 'BTC', percent: Math.abs(move) / 2, window: '1h' });
    expect(fires.status).toBe(200);
    expect(fires.data).toMatchObject({ kind: 'change', condition: 'above', window: '1h', repeat: null });
    const tooFar = await user.create({ kind: 'change', symbol: 'BTC', percent: Math.abs(move) * 2, window: '1h' });
    // No price a day ago is stored: a 24-hour change cannot be judged and does not fire.
    const noHistory = await user.create({ kind: 'change', symbol: 'BTC', percent: 0.000001, window: '24h' });

    await job.run(start, {}, new AbortController().signal);
    const result = await job.run(later(HOUR), {}, new AbortController().signal);
    expect(result).toMatchObject({ afterTick: { fired: 1 } });

    const alerts = new Map((await user.alerts()).map((alert) => [alert.id, alert]));
    expect(alerts.get(fires.data.id)!.firedValue).toBeCloseTo(move, 6);
    expect(alerts.get(tooFar.data.id)!.firedAt).toBeNull();
    expect(alerts.get(noHistory.data.id)!.firedAt).toBeNull();
    const { data } = await user.query<NotificationPage>('alerts.notifications.list');
    expect(data.notifications[0]!.title).toMatch(/^BTC moved [+-]\d+(\.\d+)?% in the last hour$/);
  });

  it('sentiment and spike alerts fire on seeded posts, read from the hourly rollups', async () => {
    const now = later(60_000);
    await seedDemoPosts(t.setupDb, { count: 3_000, now, writePath: 'statements' });
    // A burst of posts naming $DOGE in the last minute: far more than that hour's usual.
    await importFixture(
      t.app.db,
      'twitter',
      Array.from({ length: 60 }, (_, i) => ({
        id: `spike-${i}`,
        username: `spiker${i}`,
        text: `Dogecoin to the moon, great news, love it! $DOGE #${i}`,
        createdAt: new Date(now.getTime() - 60_000).toISOString(),
        views: 10,
        likes: 1,
        replies: 0,
        retweets: 0,
      })),
    );
    const hour = Math.floor(now.getTime() / HOUR) * HOUR;
    const { rows } = await sql<{ mean: number }>`
      select sum(sentiment_sum)::float8 / sum(mentions) as mean from topic_hourly_stats
      where topic = '$DOGE' and hour >= ${new Date(hour - 23 * HOUR)} and hour <= ${now}`.execute(t.app.db);
    const mean = Number(rows[0]!.mean);
    expect(mean).toBeGreaterThan(0);

    const user = await newUser();
    const above = await user.create({ kind: 'sentiment', symbol: 'DOGE', condition: 'above', score: Math.max(0, mean - 0.05) });
    const notAbove = await user.create({ kind: 'sentiment', symbol: 'DOGE', condition: 'above', score: Math.min(1, mean + 0.05) });
    const below = await user.create({ kind: 'sentiment', symbol: 'DOGE', condition: 'below', score: Math.min(1, mean + 0.05) });
    const spike = await user.create({ kind: 'spike', symbol: 'DOGE', factor: 3 });
    const hugeSpike = await user.create({ kind: 'spike', symbol: 'DOGE', factor: 1000 });
    expect([above, notAbove, below, spike, hugeSpike].map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);

    await check(now);
    const alerts = new Map((await user.alerts()).map((alert) => [alert.id, alert]));
    expect(alerts.get(above.data.id)!.firedValue).toBeCloseTo(mean, 6);
    expect(alerts.get(below.data.id)!.firedValue).toBeCloseTo(mean, 6);
    expect(alerts.get(notAbove.data.id)!.firedAt).toBeNull();
    expect(alerts.get(spike.data.id)!.firedValue).toBeGreaterThanOrEqual(60);
    expect(alerts.get(hugeSpike.data.id)!.firedAt).toBeNull();
    const { data } = await user.query<NotificationPage>('alerts.notifications.list');
    expect(data.notifications.map((n: AppNotification) => n.title)).toContain(
      `DOGE is mentioned more than usual: ${alerts.get(spike.data.id)!.firedValue} posts in an hour`,
    );
  });

  it('a repeating alert fires again only after its cooldown and once its condition stopped holding', async () => {
    const user = await newUser();
    const repeating = await user.create({ symbol: 'ETH', price: 4000, condition: 'above', repeat: { cooldownMinutes: 10 } });
    expect(repeating.data.repeat).toEqual({ cooldownMinutes: 10 });
    const once = await user.create({ symbol: 'ETH', price: 4000, condition: 'above' });
    // Never stops holding (ETH stays above 1000): fires once however long the cooldown is over.
    const neverCleared = await user.create({ symbol: 'ETH', price: 1000, condition: 'above', repeat: { cooldownMinutes: 1 } });

    const firings = new Map<number, number>();
    const step = async (minutes: number, price: number) => {
      const now = later(minutes * 60_000);
      await tick('ETH', price, now);
      await check(now);
      for (const alert of await user.alerts())
        if (alert.firedAt === now.toISOString()) firings.set(alert.id, (firings.get(alert.id) ?? 0) + 1);
      return now;
    };
    const first = await step(1, 5000);
    let alert = (await user.alerts()).find((a) => a.id === repeating.data.id)!;
    expect(alert).toMatchObject({
      active: true,
      firedAt: first.toISOString(),
      nextEligibleAt: new Date(first.getTime() + 10 * 60_000).toISOString(),
      conditionCleared: false,
    });
    await step(2, 5000); // still holding, in the cooldown
    await step(2, 3000); // stops holding
    alert = (await user.alerts()).find((a) => a.id === repeating.data.id)!;
    expect(alert.conditionCleared).toBe(true);
    await step(2, 5000); // holds again, but 6 minutes after firing: still in the cooldown
    expect(firings.get(repeating.data.id)).toBe(1);
    const second = await step(5, 5000); // 11 minutes: cooldown over, condition cleared in between
    expect(firings.get(repeating.data.id)).toBe(2);
    await step(11, 5000); // cooldown over again, but the condition never stopped holding
    expect(firings.get(repeating.data.id)).toBe(2);
    alert = (await user.alerts()).find((a) => a.id === repeating.data.id)!;
    expect(alert).toMatchObject({ firedAt: second.toISOString(), conditionCleared: false, active: true });
    expect(firings.get(once.data.id)).toBe(1);
    expect(firings.get(neverCleared.data.id)).toBe(1);

    // Eligible again (cleared, cooldown over): two checks at the same moment fire it once.
    await step(1, 3000);
    const now = later(11 * 60_000);
    await tick('ETH', 5000, now);
    const results = await Promise.all([check(now), check(now)]);
    expect(results.map((r) => r.fired).sort()).toEqual([0, 1]);
    const notes = await t.app.db.selectFrom('notifications').select('id').where('alert_id', '=', repeating.data.id).execute();
    expect(notes).toHaveLength(3);
  });

  it("Slack, Discord and Telegram deliveries reach their stand-ins in each service's shape, retry, and a failing one is reported", async () => {
    const slack = await standIn([500, 200]);
    const discord = await standIn([503, 200]);
    const broken = await standIn([404]);
    const user = await newUser();
    const other = await newUser();
    const all = await user.create({
      symbol: 'SOL',
      price: 1,
      condition: 'above',
      slackWebhookUrl: `${slack.url}/services/T0/B0/secretpath`,
      discordWebhookUrl: `${discord.url}/api/webhooks/1/secret`,
      telegramChatId: -1001234567890,
    });
    expect(all.status).toBe(200);
    expect(all.data).toMatchObject({ telegramChatId: '-1001234567890', slackWebhookUrl: `${slack.url}/…path` });
    expect(all.body).not.toContain('secretpath');
    const failing = await user.create({ symbol: 'SOL', price: 1, condition: 'above', slackWebhookUrl: `${broken.url}/hook` });

    const now = later(60_000);
    await tick('SOL', 150, now);
    await check(now);
    const deliver = (at: Date) => deliverWebhooks(atTime(t.app.deps, at), {});
    expect(await deliver(now)).toMatchObject({ attempted: 4, retrying: 3, failed: 1 });
    expect(await deliver(new Date(now.getTime() + 31_000))).toMatchObject({ attempted: 3, delivered: 3 });

    expect(slack.received).toHaveLength(2);
    const slackBody = JSON.parse(slack.received[1]!.body) as { text: string };
    expect(Object.keys(slackBody)).toEqual(['text']);
    expect(slackBody.text).toContain('SOL is above $1.00');
    expect(slack.received[1]!.headers['webhook-signature']).toBeUndefined();
    expect(JSON.parse(discord.received[1]!.body)).toMatchObject({ content: expect.stringContaining('SOL reached $150') });
    const sent = telegram.received.at(-1)!;
    expect(sent.path).toBe(`/bot${BOT_TOKEN}/sendMessage`);
    expect(JSON.parse(sent.body)).toMatchObject({ chat_id: '-1001234567890', text: expect.stringContaining('SOL is above $1.00') });

    const alerts = new Map((await user.alerts()).map((alert) => [alert.id, alert]));
    expect(alerts.get(all.data.id)!.failingChannels).toEqual([]);
    expect(alerts.get(failing.data.id)!.failingChannels).toEqual(['slack']);
    const { data: page } = await user.query<NotificationPage>('alerts.notifications.list');
    expect(page.notifications.find((n) => n.kind === 'channel-failed')).toMatchObject({
      alertId: failing.data.id,
      title: 'Slack delivery failed',
      body: expect.stringContaining('HTTP 404'),
    });
    const log = await user.query<WebhookDelivery[]>('webhooks.deliveries');
    expect(log.data.map((d) => d.channel).sort()).toEqual(['discord', 'slack', 'slack', 'telegram']);
    expect(log.body).not.toContain(BOT_TOKEN);
    expect(log.body).not.toContain('secretpath');
    expect(log.data.find((d) => d.channel === 'telegram')!.attempts.map((a) => a.statusCode)).toEqual([500, 200]);

    // A second account sees none of it.
    expect(await other.alerts()).toEqual([]);
    expect((await other.query<WebhookDelivery[]>('webhooks.deliveries')).data).toEqual([]);
    expect((await other.mutate('alerts.delete', { id: all.data.id })).status).toBe(404);
  });

  it('checks every channel with the SSRF guard and the webhook cap, and refuses Telegram without a bot', async () => {
    const user = await newUser(strict);
    const local = await user.create({ symbol: 'BTC', price: 1, condition: 'above', slackWebhookUrl: 'http://127.0.0.1:9/hook' });
    expect(local.status).toBe(400);
    expect(local.error?.message).toBe('slackWebhookUrl must resolve to a public address');
    const meta = await user.create({ symbol: 'BTC', price: 1, condition: 'above', discordWebhookUrl: 'http://169.254.169.254/x' });
    expect(meta.error?.message).toBe('discordWebhookUrl must resolve to a public address');
    const noBot = await user.create({ symbol: 'BTC', price: 1, condition: 'above', telegramChatId: '12345' });
    expect(noBot.status).toBe(400);
    expect(noBot.error?.message).toBe('Telegram alerts are not available on this server (no TELEGRAM_BOT_TOKEN)');
    const bad = await user.create({ kind: 'spike', symbol: 'BTC', factor: 1.2 });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toContain('factor must be a number of at least 1.5');

    const capped = await newUser();
    for (let i = 0; i < 5; i++)
      expect((await capped.create({ symbol: 'BTC', price: 1, condition: 'above', telegramChatId: `${100 + i}` })).status).toBe(200);
    const sixth = await capped.create({ symbol: 'BTC', price: 1, condition: 'above', discordWebhookUrl: `${telegram.url}/x` });
    expect(sixth.status).toBe(403);
    expect(sixth.error?.message).toContain('alerts with a webhook');
  });
});
