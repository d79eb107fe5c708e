import { randomUUID } from 'node:crypto';
import { PLANS, planLimitMessage, type Alert, type CreatedApiKey, type Task } from '@coinsight/contracts';
import { seedAssets } from '@coinsight/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAlerts } from '../../services/alerts/check.js';
import { createApiKey } from '../../services/api-keys/keys.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, verifyEmail } from '../../test/auth.js';
import { taskUser } from '../../test/tasks.js';
import { atTime } from '../../services/clock.js';

// Everything an account can create in numbers is capped per plan, with a 403
// naming the cap and the plan on every surface, and concurrent creates never overshoot a cap.

let t: TestApp;
let clock = Date.now();
const free = PLANS.free.limits;

beforeAll(async () => {
  // Webhook URLs on this machine (a closed local port): the cap is counted before anything is sent.
  t = await createTestApp({ webhooks: { allowPrivate: true } });
  await seedAssets(t.app.db);
});

afterAll(async () => {
  await t?.close();
});

/** A verified Free account (taskUser's tRPC and upload helpers), with an API key for /v1. */
async function account() {
  const u = await taskUser(t.app);
  await verifyEmail(t.app, u.user.id);
  const { secret } = await createApiKey(t.app.deps, { name: 'caps test' }, { userId: u.user.id });
  const v1Create = (payload: object) => t.app.inject({ method: 'POST', url: '/v1/alerts/create', headers: bearer(secret), payload });
  return { ...u, v1Create };
}

const btcAboveOne = { symbol: 'BTC', price: 1, condition: 'above' };

/** `count` finished tasks of the user, as a long-time user would have them; their ids. */
async function finishedTasks(userId: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await t.app.db
    .insertInto('tasks')
    .values(
      ids.map((id) => ({
        id,
        user_id: userId,
        type: 'analyze' as const,
        title: 'old',
        params: '{}',
        status: 'completed' as const,
        max_attempts: 3,
      })),
    )
    .execute();
  return ids;
}
const countRows = async (table: 'alerts' | 'api_keys' | 'tasks', userId: string) =>
  Number(
    (
      await t.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`docs/security.md §26: per-plan caps (${process.env.TEST_DB})`, () => {
  it(`docs/security.md §26: 41 email alerts from one Free account meet the cap: the ${free.activeAlerts + 1}st is 403 naming the cap and the plan, on tRPC and /v1; its mails stay within the cap`, async () => {
    const u = await account();
    const answers = [];
    for (let i = 0; i < 41; i++) answers.push(await u.mutate<Alert>('alerts.create', btcAboveOne));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(free.activeAlerts);
    const refused = answers.slice(free.activeAlerts);
    expect(refused.every((a) => a.status === 403)).toBe(true);
    expect(refused[0]?.error?.message).toBe(planLimitMessage('free', 'activeAlerts'));
    expect(refused[0]?.error?.message).toBe(
      'Your Free plan allows 20 active alerts. Delete or pause one to add another, or upgrade to Pro for 200.',
    );

    const v1 = await u.v1Create(btcAboveOne);
    expect(v1.statusCode).toBe(403);
    expect(v1.json()).toMatchObject({ error: { code: 'forbidden', message: planLimitMessage('free', 'activeAlerts') } });

    // What the account's owner sees when they fire: one mail per alert that exists, no more.
    const now = new Date((clock += 60_000));
    await t.app.db.insertInto('price_ticks').values({ asset: 'BTC', time: now, price: 5, volume_24h: null, market_cap: null }).execute();
    await checkAlerts(atTime(t.app.deps, now), {});
    const mails = await t.app.db
      .selectFrom('outbox')
      .select('subject')
      .where('to_address', '=', u.user.email)
      .where('subject', 'like', 'Coinsight alert:%')
      .execute();
    expect(mails).toHaveLength(free.activeAlerts);

    // Pausing one frees a place; resuming it past the cap is refused the same way.
    const first = answers[0]!.data;
    expect((await u.mutate('alerts.update', { id: first.id, active: false })).status).toBe(200);
    expect((await u.mutate('alerts.create', btcAboveOne)).status).toBe(200);
    const resumed = await u.mutate('alerts.update', { id: first.id, active: true });
    expect(resumed.status).toBe(403);
    expect(resumed.error?.message).toBe(planLimitMessage('free', 'activeAlerts'));
  });

  it('docs/security.md §26: a Pro account gets the Pro cap', async () => {
    const u = await account();
    await t.app.db.updateTable('users').set({ plan: 'pro' }).where('id', '=', u.user.id).execute();
    for (let i = 0; i < free.activeAlerts + 1; i++)
      expect((await u.mutate('alerts.create', { ...btcAboveOne, email: false })).status).toBe(200);
  });

  it(`docs/security.md §26: alerts with a webhook are capped at ${free.webhookAlerts} on Free, on tRPC and /v1`, async () => {
    const u = await account();
    const hooked = { ...btcAboveOne, email: false, webhookUrl: 'http://127.0.0.1:9/hook' };
    for (let i = 0; i < free.webhookAlerts; i++) expect((await u.mutate('alerts.create', hooked)).status).toBe(200);
    const refused = await u.mutate('alerts.create', hooked);
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe(planLimitMessage('free', 'webhookAlerts'));
    const v1 = await u.v1Create(hooked);
    expect(v1.statusCode).toBe(403);
    expect(v1.json()).toMatchObject({ error: { code: 'forbidden', message: planLimitMessage('free', 'webhookAlerts') } });
    // Alerts without a webhook are still welcome.
    expect((await u.mutate('alerts.create', { ...btcAboveOne, email: false })).status).toBe(200);
  });

  it(`docs/security.md §26: stored tasks are capped at ${free.tasks} on Free (finished ones count; deleting one frees a place)`, async () => {
    const u = await account();
    // Finished tasks, as a long-time user would have them (only 3 may wait or run at once).
    const ids = await finishedTasks(u.user.id, free.tasks);
    const analysis = { type: 'analyze', title: 'BTC mood', query: { symbols: ['btc'] } };
    const refused = await u.create(analysis);
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe(planLimitMessage('free', 'tasks'));
    expect((await u.mutate('tasks.delete', { id: ids[0] })).status).toBe(200);
    expect((await u.create(analysis)).status).toBe(200);
  });

  it(`docs/security.md §26: uploads kept at once are capped at ${free.uploads} on Free (REST 403; expired ones do not count)`, async () => {
    const u = await account();
    const line = '{"id":"1","text":"hi","author":"a","createdAt":"2026-11-01T00:00:00Z"}\n';
    for (let i = 0; i < free.uploads; i++) expect((await u.upload(line, `posts-${i}.jsonl`)).statusCode).toBe(201);
    const refused = await u.upload(line, 'one-more.jsonl');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: planLimitMessage('free', 'uploads') });
    await t.app.db
      .updateTable('task_uploads')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('user_id', '=', u.user.id)
      .where('filename', '=', 'posts-0.jsonl')
      .execute();
    expect((await u.upload(line, 'one-more.jsonl')).statusCode).toBe(201);
  });
});

describe(`docs/security.md §26: concurrent creates do not overshoot a cap (${process.env.TEST_DB})`, () => {
  it(`docs/security.md §26: 50 concurrent alert creates leave exactly ${free.activeAlerts} alerts`, async () => {
    const u = await account();
    const answers = await Promise.all(Array.from({ length: 50 }, () => u.mutate('alerts.create', { ...btcAboveOne, email: false })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(free.activeAlerts);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(50 - free.activeAlerts);
    expect(await countRows('alerts', u.user.id)).toBe(free.activeAlerts);
  });

  it(`docs/security.md §26: 50 concurrent API key creates leave exactly ${free.apiKeys} keys`, async () => {
    const u = await account();
    // account() made one already.
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => u.mutate<CreatedApiKey>('apiKeys.create', { name: `key ${i}` })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(free.apiKeys - 1);
    expect(answers.find((a) => a.status === 403)?.error?.message).toBe(planLimitMessage('free', 'apiKeys'));
    expect(await countRows('api_keys', u.user.id)).toBe(free.apiKeys);
  });

  it(`docs/security.md §26: 50 concurrent uploads keep exactly ${free.uploads} files`, async () => {
    const u = await account();
    const line = '{"id":"1","text":"hi","author":"a","createdAt":"2026-11-01T00:00:00Z"}\n';
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => u.upload(line, `posts-${i}.jsonl`)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(free.uploads);
    expect(answers.filter((a) => a.statusCode === 403)).toHaveLength(50 - free.uploads);
    const kept = await t.app.db
      .selectFrom('task_uploads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', u.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(kept.n)).toBe(free.uploads);
    // A refused upload leaves no file behind: one stored file per recorded upload, whoever's.
    const all = await t.app.db.selectFrom('task_uploads').select('file_name').execute();
    const stored = await t.app.db.selectFrom('task_files').select('name').distinct().where('name', 'like', 'uploads/%').execute();
    expect(stored.map((row) => row.name).sort()).toEqual(all.map((row) => row.file_name).sort());
  });

  it('docs/security.md §26: 50 concurrent task creates stop at the stored-tasks cap', async () => {
    const u = await account();
    await finishedTasks(u.user.id, free.tasks - 2);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => u.create({ type: 'analyze', title: `t${i}`, query: { symbols: ['btc'] } })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(48);
    expect(await countRows('tasks', u.user.id)).toBe(free.tasks);
    expect(answers.filter((a) => a.status === 200).map((a) => (a.data as Task).status)).toEqual(['pending', 'pending']);
  });
});
