import { seedAssets } from '@coinsight/db';
import type { Task, TaskUpload } from '@coinsight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { daysAgo } from '../test/social-fixtures.js';
import { taskUser } from '../test/tasks.js';

// The whole path with the job runner on: create → offered to pg-boss → task-run worker → completed.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ jobs: true });
  await seedAssets(t.app.db);
});

afterAll(async () => {
  await t?.close();
});

describe(`task queue (${process.env.TEST_DB})`, () => {
  it('a created scrape task is run by a worker to completed', { timeout: 120_000 }, async () => {
    const u = await taskUser(t.app);
    const line = JSON.stringify({ id: 'q1', username: 'quinn', text: '$BTC via the queue', createdAt: daysAgo(1) });
    const upload = (await u.upload(`${line}\n`, 'q.jsonl')).json<TaskUpload>();
    const { id } = (
      await u.create({ type: 'scrape', title: 'queued', source: { kind: 'upload', uploadId: upload.uploadId, platform: 'twitter' } })
    ).data;
    let task: Task | undefined;
    for (let i = 0; i < 200; i++) {
      task = (await u.get(id)).data;
      if (task.status === 'completed' || task.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(task).toMatchObject({ status: 'completed', progress: 100, attempts: 1, resultSummary: { rows: 1, inserted: 1 } });
  });
});
