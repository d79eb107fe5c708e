import type { Db } from '@coinsight/db';
import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { Log } from '../services/deps.js';

/**
 * pg-boss on the application's own database handle, on PostgreSQL and PGlite alike: its SQL goes
 * through Kysely, so on PGlite it waits its turn on the one connection like every other query
 * (never slipping into a transaction), and parameterless SQL (its schema install, several
 * statements in one text) takes the simple protocol on both drivers.
 */
export function bossDb(db: Db): PgBoss.Db & { settled(): Promise<void> } {
  const pending = new Set<Promise<unknown>>();
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const query = db.executeQuery(CompiledQuery.raw(text, values));
      pending.add(query);
      try {
        const result = await query;
        return { rows: [...result.rows] };
      } finally {
        pending.delete(query);
      }
    },
    /**
     * Until every statement pg-boss has sent is answered, and the work those answers start (a
     * fetched job handed to its handler, a handler's end recorded) has sent its own: each turn
     * first lets the callbacks of the last answers run.
     */
    async settled() {
      for (;;) {
        await new Promise((resolve) => setImmediate(resolve));
        if (pending.size === 0) return;
        await Promise.allSettled([...pending]);
      }
    },
  };
}

export interface JobDefinition {
  /** The queue, e.g. `market-tick`. */
  name: string;
  /** `signal` aborts when the runner stops: long work (a back-fill) ends early, to be redone next start. */
  run(now: Date, data: Record<string, unknown>, signal: AbortSignal): Promise<object | void>;
  /** A pg-boss cron (UTC, minute resolution): one job per minute slot whatever the instance count. */
  cron?: string;
  /**
   * Sub-minute schedule (cron stops at minutes): every instance offers a job each slot of this
   * many seconds, and pg-boss's singleton slot (unique per queue and slot, on the database's
   * clock) lets the first offer of a slot in. Two offers of one slot can still land either side
   * of a singleton boundary (a busy event loop, clocks apart), so the worker also claims the slot
   * in `job_slots` before running it: one run per slot, exactly.
   */
  everySeconds?: number;
  /** Offered once at start (e.g. a back-fill); instances starting together run it once (one per minute slot). */
  atStart?: boolean;
  /**
   * The queue's own settings, for jobs offered on demand (a task run) rather than on a schedule:
   * pg-boss's retries (a run that throws is retried after retryDelay, doubling with retryBackoff),
   * its time limit (expireInSeconds), and the policy ('stately': one queued and one active job
   * per singletonKey). Defaults: standard, 2 retries, 300 s.
   */
  queue?: { policy: 'standard' | 'stately'; retryLimit: number; retryDelay: number; retryBackoff: boolean; expireInSeconds: number };
  /** Workers on this instance for the queue (jobs run at once here); default 1. */
  workers?: number;
}

export interface JobRunner {
  stop(): Promise<void>;
  /** Runs a job's work now, as its worker would (operators and tests). */
  boss: PgBoss;
}

const SLOT_KEPT_MS = 86_400_000;
const CRON_POLLING_SECONDS = 10;

/** True when this worker is the first to claim the slot; old claims of the job are dropped as it goes. */
async function claimSlot(db: Db, name: string, slot: Date): Promise<boolean> {
  const claimed =
    await sql`insert into job_slots (name, slot) values (${name}, ${slot}) on conflict do nothing returning 1 as claimed`.execute(db);
  if (claimed.rows.length === 0) return false;
  await db
    .deleteFrom('job_slots')
    .where('name', '=', name)
    .where('slot', '<', new Date(slot.getTime() - SLOT_KEPT_MS))
    .execute();
  return true;
}

/**
 * How often a worker asks its queue for work. Every 2 s for the jobs someone may be waiting on
 * (sent on demand, every few seconds, or at start); a job only a cron sends starts at most a
 * minute apart, and asking every 10 s keeps an idle instance quieter: each ask is a query, and
 * with a worker every 2 s on each queue the asking took about 6% of a core on the embedded database.
 */
function pollingSecondsOf(job: JobDefinition): number {
  return job.cron && !job.everySeconds && !job.atStart ? CRON_POLLING_SECONDS : 2;
}

/** Starts pg-boss, its queues, schedules and workers. */
export async function startJobRunner(options: {
  db: Db;
  log: Log;
  jobs: readonly JobDefinition[];
  /** Told of every run this instance made (the metrics): its seconds, and its result or failure. */
  onRun?: (job: string, seconds: number, outcome: { result: object | void } | { error: unknown }) => void;
}): Promise<JobRunner> {
  const { db, log, jobs, onRun } = options;
  const adapter = bossDb(db);
  const boss = new PgBoss({
    db: adapter,
    // Completed jobs are kept a day for inspection; pg-boss archives and drops them itself.
    archiveCompletedAfterSeconds: 3_600,
    deleteAfterDays: 1,
  });
  boss.on('error', (error: Error) => log.error({ err: error }, 'job runner error'));
  await boss.start();

  const timers: NodeJS.Timeout[] = [];
  // Handlers in progress, awaited by stop(): pg-boss's own wait gives up after its timeout, and
  // work that outlived it would then touch a closed database (and pg-boss would record its end there).
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    work.then(
      () => inFlight.delete(work),
      () => inFlight.delete(work),
    );
    return work;
  };
  const stopping = new AbortController();
  for (const job of jobs) {
    await boss.createQueue(job.name, { name: job.name, ...(job.queue ?? { policy: 'standard', retryLimit: 2, expireInSeconds: 300 }) });
    // A worker that was fetching when stop() began gets its job after pg-boss's own wait: that
    // job is failed (pg-boss retries it on the next start, as it does work it cut short itself).
    const handle = async (item: PgBoss.Job<Record<string, unknown>> | undefined) => {
      if (!item) return;
      if (stopping.signal.aborted) throw new Error('the job runner is stopping');
      const at = typeof item.data.at === 'string' ? new Date(item.data.at) : new Date();
      if (job.everySeconds && !(await claimSlot(db, job.name, at))) return;
      const started = Date.now();
      const result = await job.run(at, item.data, stopping.signal).catch((error: unknown) => {
        onRun?.(job.name, (Date.now() - started) / 1_000, { error });
        throw error;
      });
      onRun?.(job.name, (Date.now() - started) / 1_000, { result });
      // A tick every few seconds would drown the log; the rarer jobs say what they did.
      if (!job.everySeconds) log.info({ job: job.name, ms: Date.now() - started, ...(result ?? {}) }, 'job done');
    };
    const pollingIntervalSeconds = pollingSecondsOf(job);
    for (let worker = 0; worker < (job.workers ?? 1); worker++) {
      await boss.work<Record<string, unknown>>(job.name, { pollingIntervalSeconds, batchSize: 1 }, ([item]) => track(handle(item)));
    }
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    if (job.everySeconds) {
      const seconds = job.everySeconds;
      const offer = () => {
        const slot = Math.floor(Date.now() / (seconds * 1000)) * seconds * 1000;
        // The slot's start is the job's time: whichever instance's offer wins, the work is the same.
        boss
          .send(job.name, { at: new Date(slot).toISOString() }, { singletonSeconds: seconds })
          .catch((error: unknown) => log.error({ err: error, job: job.name }, 'could not offer a job'));
      };
      offer();
      const timer = setInterval(offer, seconds * 1000);
      timer.unref();
      timers.push(timer);
    }
    if (job.atStart) await boss.send(job.name, { at: new Date().toISOString() }, { singletonKey: 'start', singletonSeconds: 60 });
  }

  return {
    boss,
    async stop() {
      for (const timer of timers) clearInterval(timer);
      stopping.abort();
      // Waits for jobs in progress; the database handle is the app's, closed after this.
      // Well inside the server's shutdown grace: an interrupted tick or back-fill is safe to redo (idempotent writes).
      await boss.stop({ graceful: true, wait: true, timeout: 5_000, close: false });
      // Then until pg-boss and the handlers are quiet, before the app closes the database under
      // them (an unhandled rejection else): a fetch answered after pg-boss's wait hands its job
      // to a handler, and pg-boss records each handler's end (complete, fail) without awaiting it.
      for (;;) {
        await adapter.settled();
        if (inFlight.size === 0) return;
        await Promise.allSettled([...inFlight]);
      }
    },
  };
}
