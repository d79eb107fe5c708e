import { randomBytes, randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { seedAssets } from '@coinsight/db';
import { createTestDatabase, type TestDatabase } from '@coinsight/db/testing';
import type { Task } from '@coinsight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { daysAgo } from '../../test/social-fixtures.js';
import { taskUser } from '../../test/tasks.js';
import { CHUNK_BYTES, readTaskFile, removeTaskFile, renameTaskFile, taskFileWriter } from './files.js';
import { runTask } from './run-task.js';

// A task's files live where every instance reaches them. Two apps on one
// PostgreSQL database stand for two instances behind a balancer (the embedded database serves
// one process only); the store itself is tested on both databases.
let database: TestDatabase;
let a: TestApp;
let b: TestApp;
const twoInstances = process.env.TEST_DB === 'postgres';

beforeAll(async () => {
  database = await createTestDatabase(process.env, { migrated: true });
  a = await createTestApp({}, { shared: database });
  b = twoInstances ? await createTestApp({}, { shared: database }) : a;
  await seedAssets(a.app.db);
});

afterAll(async () => {
  await a?.close();
  if (b !== a) await b?.close();
  await database?.drop();
});

describe(`task files (${process.env.TEST_DB})`, () => {
  it.runIf(twoInstances)(
    'an upload made on one instance feeds a scrape run on the other, and its export downloads through either',
    async () => {
      const onA = await taskUser(a.app);
      const line = (id: string) =>
        JSON.stringify({ id, username: 'alice', text: `$BTC file ${id}`, createdAt: daysAgo(1), likes: 1 }) + '\n';
      const upload = (await onA.upload(line('f1') + line('f2'), 'posts.jsonl')).json<{ uploadId: string }>();
      const scrape = await onA.create({
        type: 'scrape',
        title: 'two',
        source: { kind: 'upload', uploadId: upload.uploadId, platform: 'twitter' },
      });
      // The worker is instance b.
      expect(await runTask(b.app.deps, { taskId: scrape.data.id, signal: new AbortController().signal })).toBe('completed');

      const exported = await onA.create({
        type: 'export',
        title: 'mine',
        query: { dataset: 'mine', platform: 'twitter' },
        format: 'jsonl',
      });
      expect(await runTask(b.app.deps, { taskId: exported.data.id, signal: new AbortController().signal })).toBe('completed');
      const fromA = await onA.download(exported.data.id);
      expect(fromA.statusCode).toBe(200);
      const rows = fromA.body
        .trimEnd()
        .split('\n')
        .map((row) => JSON.parse(row) as { id: string });
      expect(rows.map((row) => row.id).sort()).toEqual(['f1', 'f2']);
      const fromB = await b.app.inject({ method: 'GET', url: `/api/tasks/${exported.data.id}/download`, headers: onA.auth });
      expect(fromB.statusCode).toBe(200);
      expect(fromB.body).toBe(fromA.body);
      expect(fromB.headers['content-length']).toBe(String(Buffer.byteLength(fromA.body)));
      expect(((await onA.get(exported.data.id)).data as Extract<Task, { type: 'export' }>).downloadUrl).toBe(
        `/api/tasks/${exported.data.id}/download`,
      );
    },
  );

  it('streams a file of several chunks back byte for byte; a rename replaces at once; removal leaves nothing', async () => {
    const bytes = randomBytes(2 * CHUNK_BYTES + 12_345);
    const name = `exports/${randomUUID()}.csv`;
    const partial = `${name}.${randomUUID()}.part`;
    await pipeline(Readable.from([bytes.subarray(0, 700_000), bytes.subarray(700_000)]), taskFileWriter(a.app.db, partial));
    expect(await readTaskFile(a.app.db, name)).toBeUndefined();
    await renameTaskFile(a.app.db, partial, name);
    const file = await readTaskFile(b.app.db, name);
    expect(file?.bytes).toBe(bytes.length);
    expect((await buffer(file!.stream)).equals(bytes)).toBe(true);
    const chunks = await a.app.db.selectFrom('task_files').select('chunk').where('name', '=', name).orderBy('chunk').execute();
    expect(chunks.map((c) => c.chunk)).toEqual([0, 1, 2]);
    await removeTaskFile(a.app.db, name);
    expect(await readTaskFile(a.app.db, name)).toBeUndefined();
  });

  it('refuses a name it did not make', async () => {
    await expect(readTaskFile(a.app.db, '../etc/passwd')).rejects.toThrow(/not a task file name/);
    await expect(removeTaskFile(a.app.db, 'uploads/x')).rejects.toThrow(/not a task file name/);
  });
});
