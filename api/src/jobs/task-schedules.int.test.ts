import type { TaskSchedule } from '@coinsight/contracts';
import { createDb, type Db, type DbHandle } from '@coinsight/db';
import { createTestDatabase, type TestDatabase } from '@coinsight/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atTime } from '../services/clock.js';
import { fireDueSchedules } from '../services/tasks/schedules/fire.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, signup } from '../test/auth.js';
import { startJobRunner, type JobDefinition } from './runner.js';
import { taskScheduleJob } from './tasks.js';

// A schedule's time starts one run however many instances look at it: two "instances" (on
// PostgreSQL each with its own pool; an in-memory PGlite exists once, so both share its handle
// there, as two workers in one process would).

let database: TestDatabase;
let t: TestApp;
const handles: DbHandle[] = [];
let dbs: Db[];

beforeAll(async () => {
  database = await createTestDatabase(process.env, { migrated: true });
  t = await createTestApp({ tasks: { allowPrivateUrls: true, x: undefined } }, { shared: database });
  if (database.kind === 'postgres') handles.push(await createDb(database.config), await createDb(database.config));
  dbs = database.kind === 'postgres' ? handles.map((handle) => handle.db) : [t.app.db, t.app.db];
});

afterAll(async () => {
  await t?.close();
  for (const handle of handles) await handle.close();
  await database?.drop();
});

async function newSchedule(title: string): Promise<TaskSchedule> {
  const { token } = await signup(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tasks/schedules',
    headers: bearer(token),
    payload: { title, repeat: 'hourly', source: { kind: 'url', url: 'https://example.com/posts.jsonl', platform: 'twitter' } },
  });
  expect(res.statusCode).toBe(201);
  return res.json<TaskSchedule>();
}

const runsOf = (id: string) => t.app.db.selectFrom('tasks').select('id').where('schedule_id', '=', id).execute();
const deps = (db: Db) => ({ ...t.app.deps, db });

describe(`task schedules on two instances (${process.env.TEST_DB})`, () => {
  it('two instances firing at the same moment start one run', async () => {
    const schedule = await newSchedule('Raced');
    const due = new Date(schedule.nextRunAt!);
    const results = await Promise.all(dbs.map((db) => fireDueSchedules(atTime(deps(db), due), {})));
    expect(results.reduce((sum, result) => sum + result.fired, 0)).toBe(1);
    expect(await runsOf(schedule.id)).toHaveLength(1);
  });

  it('two job runners working the schedules job every second start one run for a due time', { timeout: 120_000 }, async () => {
    const schedule = await newSchedule('Two runners');
    // Due a minute ago: whichever runner's slot comes first fires it; every later slot finds it not due.
    await t.app.db
      .updateTable('task_schedules')
      .set({ next_run_at: new Date(Date.now() - 60_000) })
      .where('id', '=', schedule.id)
      .execute();
    const slots: string[] = [];
    const worker = (db: Db) => {
      const job = taskScheduleJob(deps(db), { everySeconds: 1 });
      const counted: JobDefinition = {
        ...job,
        run: async (now, data, signal) => {
          const result = await job.run(now, data, signal);
          slots.push(now.toISOString());
          return result;
        },
      };
      return startJobRunner({ db, log: t.app.deps.log, jobs: [counted] });
    };
    const first = await worker(dbs[0]!);
    const second = await worker(dbs[1]!);
    try {
      for (let waited = 0; new Set(slots).size < 4 && waited < 100_000; waited += 250) await new Promise((r) => setTimeout(r, 250));
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
    expect(new Set(slots).size).toBeGreaterThanOrEqual(4);
    // One run per slot across both runners, and one firing across every slot.
    expect(slots).toHaveLength(new Set(slots).size);
    expect(await runsOf(schedule.id)).toHaveLength(1);
    const after = await t.app.db.selectFrom('task_schedules').select('next_run_at').where('id', '=', schedule.id).executeTakeFirstOrThrow();
    expect(after.next_run_at!.getTime()).toBeGreaterThan(Date.now());
  });
});
