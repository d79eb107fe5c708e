import { createDb, migrateToLatest, seedAssets, type DbHandle } from '@coinsight/db';
import { createTestDatabase, type TestDatabase } from '@coinsight/db/testing';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedFeed } from '../services/market/feeds/simulated.js';
import { marketJobs } from './market.js';
import { startJobRunner, type JobDefinition } from './runner.js';

const log = { info: () => undefined, warn: () => undefined, error: (details: object) => console.error(details) };

let database: TestDatabase;
const handles: DbHandle[] = [];

beforeAll(async () => {
  database = await createTestDatabase(process.env, { migrated: true });
  handles.push(await createDb(database.config));
  // PostgreSQL: a second instance has its own pool. An in-memory PGlite exists once, so both
  // workers share its handle there, as two workers in one process would.
  if (database.kind === 'postgres') handles.push(await createDb(database.config));
  await migrateToLatest(handles[0]!.db);
  await seedAssets(handles[0]!.db);
});

afterAll(async () => {
  for (const handle of handles) await handle.close();
  await database.drop();
});

describe('scheduled jobs with two workers on one database', () => {
  it('runs each tick slot once, and stores one tick per asset per slot', { timeout: 120_000 }, async () => {
    // A run still in flight when the workers stop may or may not have stored its ticks: runs are
    // counted when they start (none twice) and when they finish (each stored its ticks).
    const runs: string[] = [];
    const finished: string[] = [];
    const worker = async (handle: DbHandle) => {
      const feed = createSimulatedFeed({ seed: 1 });
      const tick = marketJobs({ db: handle.db, log, feed }, { tickSeconds: 1 }).find((job) => job.name === 'market-tick')!;
      const counted: JobDefinition = {
        ...tick,
        run: async (now, data, signal) => {
          runs.push(now.toISOString());
          await tick.run(now, data, signal);
          finished.push(now.toISOString());
        },
      };
      return startJobRunner({ db: handle.db, log, jobs: [counted] });
    };
    const first = await worker(handles[0]!);
    const second = await worker(handles.at(-1)!);
    try {
      // Both offer a job every second; wait until several slots have been worked.
      for (let waited = 0; new Set(finished).size < 4 && waited < 100_000; waited += 250) await new Promise((r) => setTimeout(r, 250));
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
    expect(new Set(finished).size).toBeGreaterThanOrEqual(4);
    expect(runs).toHaveLength(new Set(runs).size);

    const db = handles[0]!.db;
    const assets = (await db.selectFrom('assets').select('symbol').execute()).length;
    const perTime = await db
      .selectFrom('price_ticks')
      .select((eb) => ['time', eb.fn.countAll<number>().as('n')])
      .groupBy('time')
      .orderBy('time')
      .execute();
    const stored = perTime.map((row) => row.time.toISOString());
    for (const time of finished) expect(stored).toContain(time);
    for (const time of stored) expect(runs).toContain(time);
    for (const row of perTime) expect(row.n).toBe(assets);
  });
});

describe('stopping the runner', () => {
  it('sends nothing to the database once stop() has answered, even after pg-boss gave up waiting', { timeout: 120_000 }, async () => {
    // The app closes the database right after stop(): a statement sent later would fail there
    // (an unhandled rejection). Here stop() comes while a worker claims its slot, and the claim's
    // answer takes longer than pg-boss's own wait (5 s), as on a loaded machine: the handler then
    // goes on after pg-boss has stopped, and stop() must still wait for it and its recorded end.
    let stopped = false;
    const late: string[] = [];
    const claims = new Set<unknown>();
    let claiming!: () => void;
    const claimSeen = new Promise<void>((resolve) => (claiming = resolve));
    const watch: KyselyPlugin = {
      transformQuery: (args) => {
        if (stopped) late.push(args.node.kind);
        if (JSON.stringify(args.node).includes('job_slots')) claims.add(args.queryId);
        return args.node;
      },
      transformResult: async (args) => {
        if (claims.has(args.queryId)) {
          claiming();
          await new Promise((resolve) => setTimeout(resolve, 6_000));
        }
        return args.result;
      },
    };
    const job: JobDefinition = { name: 'stop-probe', everySeconds: 60, run: async () => undefined };
    const runner = await startJobRunner({ db: handles[0]!.db.withPlugin(watch), log, jobs: [job] });
    await claimSeen;
    await runner.stop();
    stopped = true;
    // Longer than a worker's polling interval (2 s): a loop left running would fetch again.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(late).toEqual([]);
  });
});
