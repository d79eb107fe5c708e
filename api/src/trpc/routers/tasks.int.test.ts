import { MAX_ACTIVE_TASKS, MAX_ACTIVE_TASKS_MESSAGE, TASK_URL_PUBLIC_MESSAGE, type Task, type TaskUpload } from '@coinsight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { taskUser } from '../../test/tasks.js';

// Tasks owned by a user, managed over tRPC; files over REST. No job runner here:
// tasks stay pending (the runner's tests are services/tasks/run-task.int.test.ts).

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const analysis = (title = 'BTC mood') => ({ type: 'analyze', title, query: { symbols: ['btc'] } });

describe(`tasks (${process.env.TEST_DB})`, () => {
  it('creates a pending task, lists and gets it; the parameters are stored as given', async () => {
    const u = await taskUser(t.app);
    const created = await u.create({
      ...analysis(),
      description: 'weekly',
      query: { symbols: ['btc'], platforms: ['twitter'], from: '2026-11-01' },
    });
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({
      type: 'analyze',
      title: 'BTC mood',
      description: 'weekly',
      status: 'pending',
      progress: 0,
      attempts: 0,
      params: { query: { symbols: ['BTC'], platforms: ['twitter'], from: '2026-11-01T00:00:00.000Z' } },
      resultSummary: null,
      reportAvailable: false,
    });
    const list = await u.query<Task[]>('tasks.list');
    expect(list.data.map((task) => task.id)).toEqual([created.data.id]);
    expect((await u.get(created.data.id)).data).toEqual(created.data);
  });

  it('names the field of bad input, in the message and as data.param (a nested field by its path)', async () => {
    const u = await taskUser(t.app);
    const refusal = async (input: object) => {
      const { error } = await u.create(input);
      return [error?.message, error?.data.param];
    };
    expect(await refusal({ type: 'analyze', title: '', query: { symbols: ['BTC'] } })).toEqual(['title is required', 'title']);
    expect(await refusal({ type: 'analyze', title: 'x', query: {} })).toEqual([
      'query.symbols or query.keywords must name at least one term',
      'query.symbols',
    ]);
    expect(await refusal({ type: 'export', title: 'x', query: {}, format: 'xml' })).toEqual([
      'format must be one of csv, json, jsonl',
      'format',
    ]);
    expect(
      await refusal({ type: 'scrape', title: 'x', source: { kind: 'url', url: 'ftp://example.com/a.csv', platform: 'twitter' } }),
    ).toEqual(['source.url must be an http(s) URL', 'source.url']);
    expect(await refusal({ type: 'launch', title: 'x' })).toEqual(['type must be one of scrape, analyze, export', 'type']);
  });

  it('refuses a URL that is a private address at once, and the X source when no token is set', async () => {
    const u = await taskUser(t.app);
    for (const url of [
      'http://127.0.0.1/posts.jsonl',
      'http://10.1.2.3/posts.csv',
      'http://169.254.169.254/latest/meta-data',
      'http://localhost:8080/x.jsonl',
    ]) {
      const answer = await u.create({ type: 'scrape', title: 'x', source: { kind: 'url', url, platform: 'twitter' } });
      expect(answer.status).toBe(400);
      expect(answer.error?.message).toBe(TASK_URL_PUBLIC_MESSAGE);
      expect(answer.error?.data).toMatchObject({ param: 'source.url' });
    }
    const x = await u.create({ type: 'scrape', title: 'x', source: { kind: 'x-recent-search', query: '$BTC', maxPosts: 10 } });
    expect(x.error?.message).toMatch(/X_BEARER_TOKEN/);
  });

  it(`allows ${MAX_ACTIVE_TASKS} waiting or running tasks per user, with a clear message past it`, async () => {
    const u = await taskUser(t.app);
    const ids: string[] = [];
    for (let i = 0; i < MAX_ACTIVE_TASKS; i++) ids.push((await u.create(analysis(`task ${i}`))).data.id);
    const past = await u.create(analysis('one too many'));
    expect(past.status).toBe(429);
    expect(past.error?.message).toBe(MAX_ACTIVE_TASKS_MESSAGE);
    // Another user is not affected.
    expect((await (await taskUser(t.app)).create(analysis())).status).toBe(200);
    // Cancelling one makes room; retrying it needs room again.
    const cancelled = await u.mutate<Task>('tasks.cancel', { id: ids[0] });
    expect(cancelled.data).toMatchObject({ status: 'cancelled' });
    expect(cancelled.data.finishedAt).not.toBeNull();
    expect((await u.create(analysis('fits now'))).status).toBe(200);
    expect((await u.mutate('tasks.retry', { id: ids[0] })).error?.message).toBe(MAX_ACTIVE_TASKS_MESSAGE);
  });

  it('cancel, retry and delete follow the status', async () => {
    const u = await taskUser(t.app);
    const { id } = (await u.create(analysis())).data;
    expect((await u.mutate('tasks.retry', { id })).error?.message).toBe('Only a failed or cancelled task can be retried.');
    await u.mutate('tasks.cancel', { id });
    expect((await u.mutate('tasks.cancel', { id })).error?.message).toBe('Only a pending or running task can be cancelled.');
    expect((await u.mutate<Task>('tasks.retry', { id })).data).toMatchObject({ status: 'pending', attempts: 0, finishedAt: null });
    expect((await u.mutate('tasks.delete', { id })).data).toEqual({ id });
    expect((await u.get(id)).status).toBe(404);
  });

  it("another user's task is not found: not seen, cancelled, retried, deleted or downloaded", async () => {
    const owner = await taskUser(t.app);
    const other = await taskUser(t.app);
    const { id } = (await owner.create(analysis())).data;
    expect((await other.query<Task[]>('tasks.list')).data).toEqual([]);
    for (const answer of [
      await other.get(id),
      await other.query('tasks.report', { id }),
      await other.mutate('tasks.cancel', { id }),
      await other.mutate('tasks.retry', { id }),
      await other.mutate('tasks.delete', { id }),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.error?.message).toBe('Task not found');
    }
    const download = await other.download(id);
    expect(download.statusCode).toBe(404);
    expect(download.json()).toEqual({ error: 'Task not found' });
    expect((await owner.get(id)).data.status).toBe('pending');
    // Not signed in at all.
    expect((await t.app.inject({ method: 'GET', url: `/api/tasks/${id}/download` })).statusCode).toBe(401);
  });

  it("uploads a file; a scrape task may use the caller's upload only", async () => {
    const owner = await taskUser(t.app);
    const other = await taskUser(t.app);
    const res = await owner.upload('{"id":"1","text":"hi","author":"a","createdAt":"2026-11-01T00:00:00Z"}\n', 'posts.jsonl');
    expect(res.statusCode).toBe(201);
    const upload = res.json<TaskUpload>();
    expect(upload).toMatchObject({ filename: 'posts.jsonl', format: 'jsonl', bytes: 71 });
    const scrape = { type: 'scrape', title: 'import', source: { kind: 'upload', uploadId: upload.uploadId, platform: 'twitter' } };
    expect((await other.create(scrape)).error?.message).toBe('source.uploadId must be the id of a file you uploaded in the last 24 hours');
    expect((await owner.create(scrape)).data).toMatchObject({ type: 'scrape', status: 'pending' });
  });

  it('refuses an upload of an unknown format (415), an empty one, or one past the size limit (413)', async () => {
    const u = await taskUser(t.app);
    const wrong = await u.upload('x', 'posts.xlsx');
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json<{ error: string }>().error).toMatch(/JSON Lines/);
    // The content type tells when the name does not.
    expect((await u.upload('a,b\n1,2\n', 'export', 'text/csv')).json<TaskUpload>().format).toBe('csv');
    expect((await u.upload('', 'empty.csv')).statusCode).toBe(400);
    const big = await u.upload(Buffer.alloc(20 * 1024 * 1024 + 1, 'a'), 'big.csv');
    expect(big.statusCode).toBe(413);
    expect(big.json<{ error: string }>().error).toBe('The file is too large: uploads are limited to 20 MB.');
    expect((await t.app.inject({ method: 'POST', url: '/api/tasks/uploads?filename=a.csv', payload: 'a' })).statusCode).toBe(401);
  });

  it('a pending task has nothing to download yet', async () => {
    const u = await taskUser(t.app);
    const { id } = (await u.create(analysis())).data;
    expect((await u.download(id)).statusCode).toBe(409);
    expect((await u.download('not-a-uuid')).statusCode).toBe(404);
  });
});
