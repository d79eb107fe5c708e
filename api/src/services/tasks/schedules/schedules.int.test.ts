import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import {
  planLimitMessage,
  SCHEDULE_MAX_FAILURES,
  SCHEDULE_MESSAGES,
  type Task,
  type TaskFinishedEvent,
  type TaskSchedule,
  type WebhookSecret,
} from '@coinsight/contracts';
import { createTestDatabase, type TestDatabase } from '@coinsight/db/testing';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer, verifiedSignup } from '../../../test/auth.js';
import { daysAgo } from '../../../test/social-fixtures.js';
import { trpcCaller } from '../../../test/trpc.js';
import { startWebhookReceiver } from '../../../test/webhook-receiver.js';
import { atTime } from '../../clock.js';
import { deliverWebhooks } from '../../webhooks/deliver.js';
import { runTask } from '../run-task.js';
import { fireDueSchedules, settleFinishedRuns } from './fire.js';

// Schedules from the owner's side (REST and tRPC), and the job's two halves (fire, settle) run at
// moments the test chooses: the clock is pinned (atTime), never waited for.

let database: TestDatabase;
let t: TestApp;
let server: http.Server;
let origin: string;

beforeAll(async () => {
  // A local server standing for the sources: a good file of posts, and a file in no format a scrape reads.
  server = http.createServer((req, res) => {
    if (req.url === '/posts.jsonl')
      return res
        .writeHead(200, { 'content-type': 'application/x-ndjson' })
        .end(`${JSON.stringify({ id: 's1', username: 'sam', text: '$BTC on a schedule', createdAt: daysAgo(1) })}\n`);
    if (req.url === '/notes.txt') return res.writeHead(200, { 'content-type': 'text/plain' }).end('not posts');
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  database = await createTestDatabase(process.env, { migrated: true });
  t = await createTestApp({ tasks: { allowPrivateUrls: true, x: undefined }, webhooks: { allowPrivate: true } }, { shared: database });
});

afterAll(async () => {
  await t?.close();
  await database?.drop();
  await new Promise((resolve) => server?.close(resolve));
});

async function owner(app = t.app) {
  const { token, user } = await verifiedSignup(app);
  const auth = bearer(token);
  const calls = trpcCaller(app, auth);
  const rest = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  return { user, auth, ...calls, rest };
}

const scrape = (path = '/posts.jsonl') => ({ kind: 'url', url: `${origin}${path}`, platform: 'twitter' });
const runs = async (scheduleId: string) =>
  t.app.db.selectFrom('tasks').select(['id', 'status']).where('schedule_id', '=', scheduleId).orderBy('created_at').execute();
const fire = (at: Date) => fireDueSchedules(atTime(t.app.deps, at), {});
const settle = (at: Date) => settleFinishedRuns(atTime(t.app.deps, at), {});
const run = (taskId: string) => runTask(t.app.deps, { taskId, signal: new AbortController().signal });
const HOUR = 3_600_000;

describe(`task schedules (${process.env.TEST_DB})`, () => {
  it('refuses bad repeats with a 400 naming the field', async () => {
    const u = await owner();
    const create = (input: object) => u.rest('POST', '/api/tasks/schedules', { title: 'Every so often', source: scrape(), ...input });
    const cases: [object, string][] = [
      [{ repeat: 'cron', cron: '61 * * * *' }, SCHEDULE_MESSAGES.cronFields],
      [{ repeat: 'cron', cron: '0 6 * *' }, SCHEDULE_MESSAGES.cronFields],
      [{ repeat: 'cron', cron: '*/5 * * * *' }, SCHEDULE_MESSAGES.cronHourly],
      [{ repeat: 'cron', cron: '0,30 * * * *' }, SCHEDULE_MESSAGES.cronHourly],
      [{ repeat: 'cron' }, SCHEDULE_MESSAGES.cronRequired],
      [{ repeat: 'monthly' }, SCHEDULE_MESSAGES.repeat],
      [{ repeat: 'daily', source: { kind: 'upload', uploadId: crypto.randomUUID(), platform: 'twitter' } }, SCHEDULE_MESSAGES.uploadSource],
    ];
    for (const [input, message] of cases) {
      const res = await create(input);
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
      expect(res.json<{ error: string }>().error, JSON.stringify(input)).toContain(message);
    }
    const ok = await create({ repeat: 'cron', cron: '15 6 * * 1' });
    expect(ok.statusCode).toBe(201);
    const schedule = ok.json<TaskSchedule>();
    expect(schedule).toMatchObject({ repeat: 'cron', cron: '15 6 * * 1', active: true, failures: 0, runs: [] });
    // Next Monday at 06:15 UTC.
    const next = new Date(schedule.nextRunAt!);
    expect([next.getUTCDay(), next.getUTCHours(), next.getUTCMinutes()]).toEqual([1, 6, 15]);
    expect(next.getTime()).toBeGreaterThan(Date.now());
  });

  it('fires twice on a pinned clock, each time a new task run, never twice for one time', async () => {
    const u = await owner();
    const created = await u.mutate<TaskSchedule>('taskSchedules.create', { title: 'Hourly BTC', repeat: 'hourly', source: scrape() });
    expect(created.status).toBe(200);
    const first = new Date(created.data.nextRunAt!);
    expect(first.getUTCMinutes()).toBe(0);

    await fire(new Date(first.getTime() - 1_000));
    expect(await runs(created.data.id)).toHaveLength(0);
    await fire(first);
    await fire(first);
    const [one, ...more] = await runs(created.data.id);
    expect(more).toEqual([]);
    expect(await run(one!.id)).toBe('completed');
    await settle(first);

    const second = new Date(first.getTime() + HOUR);
    await fire(second);
    const all = await runs(created.data.id);
    expect(all).toHaveLength(2);
    const shown = (await u.query<TaskSchedule>('taskSchedules.get', { id: created.data.id })).data;
    expect(shown.nextRunAt).toBe(new Date(second.getTime() + HOUR).toISOString());
    expect(shown.lastRunAt).toBe(second.toISOString());
    expect(shown.runs.map((r) => r.status)).toEqual(['pending', 'completed']);
    // Each run is a task of its own, in the owner's task list, naming its schedule.
    const task = (await u.query<Task>('tasks.get', { id: all[0]!.id })).data;
    expect(task).toMatchObject({ type: 'scrape', title: 'Hourly BTC', scheduleId: created.data.id, status: 'completed' });
  });

  it('skips a time while its previous run still waits, rather than stacking runs', async () => {
    const u = await owner();
    const { data } = await u.mutate<TaskSchedule>('taskSchedules.create', { title: 'Slow', repeat: 'hourly', source: scrape() });
    const first = new Date(data.nextRunAt!);
    await fire(first);
    expect((await fire(new Date(first.getTime() + HOUR))).skipped).toBeGreaterThanOrEqual(1);
    expect(await runs(data.id)).toHaveLength(1);
    const shown = (await u.query<TaskSchedule>('taskSchedules.get', { id: data.id })).data;
    expect(shown.nextRunAt).toBe(new Date(first.getTime() + 2 * HOUR).toISOString());
  });

  // Two servers started and stopped on a database on disk: 11 s on an idle machine, past the 60 s
  // default under a full CI run.
  it('keeps its state in the database: stopped and started again, the server fires it', async () => {
    // Its own database, on disk for PGlite (a copy of the migrated one: initdb and every migration
    // took most of a minute on a loaded machine), so a second server can open it after the first stopped.
    const dir = await mkdtemp(path.join(tmpdir(), 'coinsight-schedules-'));
    const fresh = await createTestDatabase(process.env, { migrated: true });
    const own: TestDatabase =
      fresh.config.kind === 'pglite'
        ? { ...fresh, config: { ...fresh.config, dataDir: dir }, drop: () => rm(dir, { recursive: true, force: true }) }
        : fresh;
    const settings = { tasks: { allowPrivateUrls: true, x: undefined } };
    try {
      const before = await createTestApp(settings, { shared: own });
      const u = await owner(before.app);
      const { data } = await u.mutate<TaskSchedule>('taskSchedules.create', { title: 'Survivor', repeat: 'daily', source: scrape() });
      await before.close();
      const after = await createTestApp(settings, { shared: own });
      try {
        const seen = await after.app.inject({ method: 'GET', url: `/api/tasks/schedules/${data.id}`, headers: u.auth });
        expect(seen.json<TaskSchedule>()).toMatchObject({ id: data.id, nextRunAt: data.nextRunAt, active: true });
        await fireDueSchedules(atTime(after.app.deps, new Date(data.nextRunAt!)), {});
        const fired = await after.app.db.selectFrom('tasks').select('id').where('schedule_id', '=', data.id).execute();
        expect(fired).toHaveLength(1);
      } finally {
        await after.close();
      }
    } finally {
      await own.drop();
    }
  }, 240_000);

  it('backs off after a failed run, tells its owner in the app and by mail, and pauses after repeated failures', async () => {
    const u = await owner();
    const { data } = await u.mutate<TaskSchedule>('taskSchedules.create', {
      title: 'Broken feed',
      repeat: 'hourly',
      source: scrape('/notes.txt'),
    });
    let at = new Date(data.nextRunAt!);
    for (let failure = 1; failure <= SCHEDULE_MAX_FAILURES; failure++) {
      await fire(at);
      expect(await runs(data.id)).toHaveLength(failure);
      const latest = (await runs(data.id)).at(-1)!;
      expect(await run(latest.id)).toBe('failed');
      await settle(at);
      const shown = (await u.query<TaskSchedule>('taskSchedules.get', { id: data.id })).data;
      expect(shown.failures).toBe(failure);
      expect(shown.lastError).toContain('neither JSON Lines nor CSV');
      if (failure < SCHEDULE_MAX_FAILURES) {
        // 1, 2, 4, 8 hours at least, then the next time on the hour.
        const next = new Date(shown.nextRunAt!);
        expect(next.getTime()).toBeGreaterThanOrEqual(at.getTime() + 2 ** (failure - 1) * HOUR);
        expect(next.getTime()).toBeLessThanOrEqual(at.getTime() + 2 ** (failure - 1) * HOUR + HOUR);
        // Not fired early.
        await fire(new Date(next.getTime() - 1_000));
        expect(await runs(data.id)).toHaveLength(failure);
        at = next;
      } else {
        expect(shown).toMatchObject({ active: false, nextRunAt: null });
      }
    }
    const notes = await t.app.db
      .selectFrom('notifications')
      .select(['title', 'body', 'kind'])
      .where('user_id', '=', u.user.id)
      .orderBy('id')
      .execute();
    expect(notes.map((n) => n.title)).toEqual(['Scheduled task failed: Broken feed', 'Schedule paused: Broken feed']);
    expect(notes[0]!.body).toContain('It will run again at');
    const mail = await t.app.db
      .selectFrom('outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', u.user.email)
      .orderBy('id')
      .execute();
    expect(mail.map((m) => m.subject)).toEqual(
      expect.arrayContaining(['Coinsight: Scheduled task failed: Broken feed', 'Coinsight: Schedule paused: Broken feed']),
    );
    // Paused, it never fires; resumed, it runs at the next hour with its failures forgiven.
    await fire(new Date(at.getTime() + 10 * HOUR));
    expect(await runs(data.id)).toHaveLength(SCHEDULE_MAX_FAILURES);
    const resumed = await u.rest('POST', `/api/tasks/schedules/${data.id}/resume`);
    expect(resumed.json<TaskSchedule>()).toMatchObject({ active: true, failures: 0 });
  });

  it("POSTs each run's end to the schedule's webhook, signed and verifiable with the owner's secret", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const u = await owner();
      const { data } = await u.mutate<TaskSchedule>('taskSchedules.create', {
        title: 'Hooked',
        repeat: 'daily',
        source: scrape(),
        webhookUrl: `${receiver.url}/hooks/tasks`,
      });
      expect(data.webhookUrl).toBe(`${receiver.url}/hooks/tasks`);
      const at = new Date(data.nextRunAt!);
      await fire(at);
      const [task] = await runs(data.id);
      expect(await run(task!.id)).toBe('completed');
      expect(await settle(at)).toMatchObject({ settled: 1 });
      expect(await settle(at)).toMatchObject({ settled: 0 });
      await deliverWebhooks(atTime(t.app.deps, at), {});
      expect(receiver.received).toHaveLength(1);
      const hit = receiver.received[0]!;
      expect(hit.path).toBe('/hooks/tasks');
      const { secret } = (await u.query<WebhookSecret>('webhooks.secret')).data;
      const headers = {
        'webhook-id': String(hit.headers['webhook-id']),
        'webhook-timestamp': String(hit.headers['webhook-timestamp']),
        'webhook-signature': String(hit.headers['webhook-signature']),
      };
      const event = new Webhook(secret).verify(hit.body, headers) as TaskFinishedEvent;
      expect(event).toMatchObject({
        type: 'task.completed',
        data: { scheduleId: data.id, task: { id: task!.id, status: 'completed', title: 'Hooked' }, resultSummary: { rows: 1 } },
      });
      expect(hit.headers['coinsight-event']).toBe('task.completed');
      // Another account's secret does not verify it.
      const other = await owner();
      const otherSecret = (await other.query<WebhookSecret>('webhooks.secret')).data.secret;
      expect(() => new Webhook(otherSecret).verify(hit.body, headers)).toThrow();
    } finally {
      await receiver.close();
    }
  });

  it('refuses a webhook on a private address with the webhooks message, on a strict server', async () => {
    const strict = await createTestApp({ tasks: { allowPrivateUrls: true, x: undefined } }, { shared: database });
    try {
      const u = await owner(strict.app);
      const res = await u.rest('POST', '/api/tasks/schedules', {
        title: 'Sneaky',
        repeat: 'daily',
        source: scrape(),
        webhookUrl: 'http://169.254.169.254/latest',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string; param: string }>()).toMatchObject({
        error: 'webhookUrl must resolve to a public address',
        param: 'webhookUrl',
      });
    } finally {
      await strict.close();
    }
  });

  it("a second account can neither see nor change another's schedules", async () => {
    const a = await owner();
    const b = await owner();
    const { data } = await a.mutate<TaskSchedule>('taskSchedules.create', { title: 'Mine', repeat: 'weekly', source: scrape() });
    expect((await b.query<TaskSchedule[]>('taskSchedules.list')).data).toEqual([]);
    expect((await b.rest('GET', '/api/tasks/schedules')).json()).toEqual([]);
    for (const path of ['taskSchedules.pause', 'taskSchedules.resume', 'taskSchedules.delete']) {
      const res = await b.mutate(path, { id: data.id });
      expect(res.error?.data?.code, path).toBe('NOT_FOUND');
    }
    expect((await b.query('taskSchedules.get', { id: data.id })).error?.data?.code).toBe('NOT_FOUND');
    for (const [method, url] of [
      ['GET', `/api/tasks/schedules/${data.id}`],
      ['POST', `/api/tasks/schedules/${data.id}/pause`],
      ['DELETE', `/api/tasks/schedules/${data.id}`],
    ] as const) {
      const res = await b.rest(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ error: SCHEDULE_MESSAGES.notFound });
    }
    const still = (await a.query<TaskSchedule>('taskSchedules.get', { id: data.id })).data;
    expect(still).toMatchObject({ active: true, nextRunAt: data.nextRunAt });
  });

  it('pauses, resumes and deletes, keeping the runs as tasks', async () => {
    const u = await owner();
    const { data } = await u.mutate<TaskSchedule>('taskSchedules.create', { title: 'Pausable', repeat: 'daily', source: scrape() });
    const paused = (await u.mutate<TaskSchedule>('taskSchedules.pause', { id: data.id })).data;
    expect(paused).toMatchObject({ active: false, nextRunAt: null });
    await fire(new Date(data.nextRunAt!));
    expect(await runs(data.id)).toHaveLength(0);
    const resumed = (await u.mutate<TaskSchedule>('taskSchedules.resume', { id: data.id })).data;
    expect(resumed).toMatchObject({ active: true, nextRunAt: data.nextRunAt });
    await fire(new Date(data.nextRunAt!));
    const [task] = await runs(data.id);
    const deleted = await u.rest('DELETE', `/api/tasks/schedules/${data.id}`);
    expect(deleted.json()).toEqual({ id: data.id });
    expect((await u.query<Task>('tasks.get', { id: task!.id })).data).toMatchObject({ id: task!.id, scheduleId: null });
    expect((await u.query('taskSchedules.get', { id: data.id })).error?.data?.code).toBe('NOT_FOUND');
  });

  it("holds the plan's cap on schedules with the 403 every cap answers", async () => {
    const u = await owner();
    for (let i = 0; i < 5; i++)
      expect((await u.mutate('taskSchedules.create', { title: `S${i}`, repeat: 'daily', source: scrape() })).status).toBe(200);
    const res = await u.rest('POST', '/api/tasks/schedules', { title: 'One too many', repeat: 'daily', source: scrape() });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: planLimitMessage('free', 'schedules') });
  });
});
