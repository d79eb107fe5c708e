/**
 * Opt-in measurement (docs/tasks.md): an export of 100,000 posts, with the process's RSS sampled
 * every 50 ms. Run: `cd api && npx tsx bench/export-memory.ts` (PGlite) or with
 * TEST_DATABASE_URL=postgres://… TEST_DB=postgres for PostgreSQL. POSTS=… changes the count.
 */
import { randomUUID } from 'node:crypto';
import { seedAssets } from '@coinsight/db';
import { createTestApp } from '../src/test/app.js';
import { signup } from '../src/test/auth.js';
import { readTaskFile } from '../src/services/tasks/files.js';
import { runTask } from '../src/services/tasks/run-task.js';
import { NOT_RUN_YET } from '../src/services/tasks/tasks.js';
import { importPosts, type SourceRecord } from '@coinsight/db';

const POSTS = Number(process.env.POSTS ?? 100_000);
const t = await createTestApp();
await seedAssets(t.app.db);
const { user } = await signup(t.app);

async function* posts(): AsyncGenerator<SourceRecord> {
  const start = Date.now() - 20 * 86_400_000;
  for (let i = 0; i < POSTS; i++) {
    yield {
      line: i + 1,
      record: {
        id: `bench-${i}`,
        username: `user${i % 500}`,
        text: `Post ${i} about $BTC and $ETH, "quoted", with a comma #bench #crypto ${'lorem ipsum '.repeat(8)}`,
        createdAt: new Date(start + i * 1000).toISOString(),
        likes: i % 100,
      },
    };
  }
}
console.log(`importing ${POSTS} posts…`);
await importPosts(t.app.db, posts(), { platform: 'twitter' });

for (const format of ['csv', 'jsonl', 'json'] as const) {
  global.gc?.();
  const id = randomUUID();
  await t.app.db
    .insertInto('tasks')
    .values({
      id,
      user_id: user.id,
      type: 'export',
      title: 'bench',
      description: null,
      params: JSON.stringify({ query: { symbols: ['BTC'] }, format }),
      max_attempts: 1,
      ...NOT_RUN_YET,
    })
    .execute();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = Date.now();
  const outcome = await runTask(t.app.deps, { taskId: id, signal: new AbortController().signal });
  clearInterval(sampler);
  const row = await t.app.db.selectFrom('tasks').select(['result', 'file_name']).where('id', '=', id).executeTakeFirstOrThrow();
  const bytes = row.file_name ? ((await readTaskFile(t.app.db, row.file_name))?.bytes ?? 0) : 0;
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
  console.log(
    `${format}: ${outcome}, ${(row.result as { rows: number }).rows} rows, file ${mb(bytes)}, ${((Date.now() - started) / 1000).toFixed(1)} s; RSS before ${mb(before)}, peak ${mb(peak)} (+${mb(peak - before)})`,
  );
}
await t.close();
