import type { Alert, NotificationPage, NotificationPreference } from '@coinsight/contracts';
import { seedAssets } from '@coinsight/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAlerts } from '../../services/alerts/check.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, CONFIRMATION_SUBJECT, lastMailTo, verifiedSignup } from '../../test/auth.js';
import { importFixture } from '../../test/social-fixtures.js';
import { trpcCaller } from '../../test/trpc.js';
import { atTime } from '../../services/clock.js';

let t: TestApp;
// The check reads ticks at or before `now`; each test moves its own clock forward.
let clock = Date.now();
const nextMinute = () => new Date((clock += 60_000));

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  await seedAssets(t.app.db);
});

afterAll(async () => {
  await t?.close();
});

async function newUser() {
  const { token, user } = await verifiedSignup(t.app);
  const auth = bearer(token);
  return {
    email: user.email,
    ...trpcCaller(t.app, auth),
  };
}

/** Stores a tick for `asset` and runs the check the tick job runs after it. */
async function tick(asset: string, price: number) {
  const now = nextMinute();
  await t.app.db.insertInto('price_ticks').values({ asset, time: now, price, volume_24h: null, market_cap: null }).execute();
  return checkAlerts(atTime(t.app.deps, now), {});
}

const outboxCount = async (to: string) =>
  Number(
    (
      await t.app.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('to_address', '=', to)
        .where('subject', '!=', CONFIRMATION_SUBJECT)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`alerts and notifications (${process.env.TEST_DB})`, () => {
  it('a price alert fires exactly once when a tick crosses it, not before; in-app and by mail (Price Alerts on by default)', async () => {
    const user = await newUser();
    const created = await user.mutate<Alert>('alerts.create', { symbol: 'btc', price: 100_000, condition: 'above' });
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({
      kind: 'price',
      symbol: 'BTC',
      condition: 'above',
      threshold: 100_000,
      active: true,
      firedAt: null,
    });

    await tick('BTC', 99_999.99);
    expect((await user.query<{ unread: number }>('alerts.notifications.unreadCount')).data).toEqual({ unread: 0 });
    expect((await user.query<Alert[]>('alerts.list')).data[0]!.firedAt).toBeNull();

    await tick('BTC', 100_250);
    const [fired] = (await user.query<Alert[]>('alerts.list')).data;
    expect(fired).toMatchObject({ firedValue: 100_250, firedAt: new Date(clock).toISOString() });
    await tick('BTC', 101_000);
    expect((await user.query<Alert[]>('alerts.list')).data[0]!.firedValue).toBe(100_250);

    const page = (await user.query<NotificationPage>('alerts.notifications.list')).data;
    expect(page.pagination).toEqual({ total: 1, page: 1, limit: 25, pages: 1 });
    expect(page.notifications[0]).toMatchObject({ title: 'BTC is above $100,000.00', alertId: created.data.id, read: false });
    expect((await user.query<{ unread: number }>('alerts.notifications.unreadCount')).data).toEqual({ unread: 1 });

    const mail = await lastMailTo(t.app, user.email);
    expect(mail.subject).toContain('BTC is above $100,000.00');
    expect(mail.text_body).toContain('$100,250.00');
    expect(mail.text_body).toContain('http://localhost:3000/market');
    expect(await outboxCount(user.email)).toBe(1);

    // Re-armed, it fires again on the next crossing tick.
    expect((await user.mutate<Alert>('alerts.update', { id: created.data.id, rearm: true })).data.firedAt).toBeNull();
    await tick('BTC', 102_000);
    expect((await user.query<Alert[]>('alerts.list')).data[0]!.firedValue).toBe(102_000);

    expect((await user.mutate('alerts.notifications.markAllRead')).data).toEqual({ updated: 2 });
    expect((await user.query<{ unread: number }>('alerts.notifications.unreadCount')).data).toEqual({ unread: 0 });
  });

  it('with Price Alerts off, a fired alert notifies in-app only; a paused alert does not fire', async () => {
    const user = await newUser();
    const prefs = await user.query<NotificationPreference[]>('alerts.preferences.get');
    expect(prefs.data.map((p) => [p.name, p.enabled])).toEqual([
      ['Price Alerts', true],
      ['Social Mentions', true],
      ['Market Analysis', false],
    ]);
    const updated = await user.mutate<NotificationPreference[]>('alerts.preferences.update', { id: 'price-alerts', enabled: false });
    expect(updated.data.find((p) => p.id === 'price-alerts')?.enabled).toBe(false);

    const paused = await user.mutate<Alert>('alerts.create', { symbol: 'ETH', price: 10, condition: 'below' });
    expect((await user.mutate<Alert>('alerts.update', { id: paused.data.id, active: false })).data.active).toBe(false);
    const alert = await user.mutate<Alert>('alerts.create', { symbol: 'ETH', price: 5, condition: 'below' });
    await tick('ETH', 4.5);

    const alerts = (await user.query<Alert[]>('alerts.list')).data;
    expect(alerts.find((a) => a.id === alert.data.id)?.firedValue).toBe(4.5);
    expect(alerts.find((a) => a.id === paused.data.id)?.firedAt).toBeNull();
    const page = (await user.query<NotificationPage>('alerts.notifications.list')).data;
    expect(page.notifications.map((n) => n.title)).toEqual(['ETH is below $5.00']);
    expect(await outboxCount(user.email)).toBe(0);

    expect((await user.mutate('alerts.notifications.markRead', { id: page.notifications[0]!.id })).data).toEqual({ read: true });
    expect((await user.query<{ unread: number }>('alerts.notifications.unreadCount')).data).toEqual({ unread: 0 });
  });

  it('a mention alert fires when the last hour holds more posts naming the symbol than its number', async () => {
    const user = await newUser();
    await user.mutate<Alert>('alerts.create', { kind: 'mentions', symbol: 'SOL', mentions: 1 });
    const post = (id: string, minutesAgo: number) => ({
      id,
      username: 'sol_fan',
      followers: 1,
      text: `$SOL looking strong ${id}`,
      createdAt: new Date(clock - minutesAgo * 60_000).toISOString(),
      likes: 0,
      replies: 0,
      retweets: 0,
      views: 0,
    });
    await importFixture(t.app.db, 'twitter', [post('sol-1', 5), post('sol-old', 90)]);
    await tick('SOL', 100);
    expect((await user.query<Alert[]>('alerts.list')).data[0]!.firedAt).toBeNull();

    await importFixture(t.app.db, 'twitter', [post('sol-2', 0)]);
    await tick('SOL', 100);
    expect((await user.query<Alert[]>('alerts.list')).data[0]).toMatchObject({ kind: 'mentions', firedValue: 2 });
    expect((await lastMailTo(t.app, user.email)).subject).toContain('SOL: 2 mentions in the last hour');
  });

  it('two checks at the same moment fire an alert once', async () => {
    const user = await newUser();
    await user.mutate<Alert>('alerts.create', { symbol: 'DOGE', price: 1, condition: 'above' });
    const now = nextMinute();
    await t.app.db.insertInto('price_ticks').values({ asset: 'DOGE', time: now, price: 2, volume_24h: null, market_cap: null }).execute();
    const results = await Promise.all([checkAlerts(atTime(t.app.deps, now), {}), checkAlerts(atTime(t.app.deps, now), {})]);
    expect(results.map((r) => r.fired).sort()).toEqual([0, 1]);
    expect((await user.query<NotificationPage>('alerts.notifications.list')).data.pagination.total).toBe(1);
  });

  it("users cannot see, change or delete each other's alerts or notifications (404)", async () => {
    const owner = await newUser();
    const other = await newUser();
    const alert = (await owner.mutate<Alert>('alerts.create', { symbol: 'XRP', price: 3, condition: 'above' })).data;
    expect((await other.query<Alert[]>('alerts.list')).data).toEqual([]);
    const update = await other.mutate('alerts.update', { id: alert.id, active: false });
    expect([update.status, update.error?.message]).toEqual([404, 'Alert not found']);
    expect((await other.mutate('alerts.delete', { id: alert.id })).status).toBe(404);
    expect((await owner.query<Alert[]>('alerts.list')).data).toMatchObject([{ id: alert.id, active: true }]);

    await tick('XRP', 3.5);
    const notification = (await owner.query<NotificationPage>('alerts.notifications.list')).data.notifications[0]!;
    expect((await other.mutate('alerts.notifications.markRead', { id: notification.id })).status).toBe(404);
    expect((await other.query<NotificationPage>('alerts.notifications.list')).data.notifications).toEqual([]);

    expect((await owner.mutate('alerts.delete', { id: alert.id })).data).toEqual({ deleted: true });
    expect((await owner.query<Alert[]>('alerts.list')).data).toEqual([]);
  });

  it('rejects an unknown symbol, a non-positive price and an unknown condition with 400 naming the field', async () => {
    const user = await newUser();
    // data.param names the field by its path, whoever refused it: the schema or the service.
    const cases: [unknown, string, string][] = [
      [{ symbol: 'NOPE', price: 1, condition: 'above' }, 'symbol NOPE is not a tracked asset', 'symbol'],
      [{ symbol: 'BTC', price: 0, condition: 'above' }, 'price must be a number greater than 0', 'price'],
      [{ symbol: 'BTC', price: -5, condition: 'above' }, 'price must be a number greater than 0', 'price'],
      [{ symbol: 'BTC', price: 5, condition: 'sideways' }, 'condition must be one of above, below', 'condition'],
      [{ symbol: 'BTC', price: 5 }, 'condition must be one of above, below', 'condition'],
      [{ kind: 'mentions', symbol: 'BTC', mentions: 2.5 }, 'mentions must be a whole number of 0 or more', 'mentions'],
    ];
    for (const [input, message, param] of cases) {
      const res = await user.mutate('alerts.create', input);
      expect([res.status, res.error?.message, res.error?.data.param]).toEqual([400, message, param]);
    }
    expect((await user.query<Alert[]>('alerts.list')).data).toEqual([]);
    const nothing = await user.mutate('alerts.update', { id: 1 });
    expect([nothing.status, nothing.error?.message]).toEqual([400, 'active, rearm or email is required']);
  });
});
