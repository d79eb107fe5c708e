import { randomUUID } from 'node:crypto';
import type { AnalyzeTaskParams, ExportTaskParams, ScrapeTaskParams } from '@coinsight/contracts';
import { sql } from 'kysely';
import type { NoInput } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { runAnalysis } from './analyze.js';
import { runExport } from './export.js';
import { removeTaskFile } from './files.js';
import { STALE_AFTER_MS, TaskError, TaskRun, TaskStopped } from './run-context.js';
import { runScrape } from './scrape.js';

type Deps = Pick<ServiceDeps, 'db' | 'log' | 'tasks' | 'now'>;

/** A run's time limit; the pg-boss job expires a little later (jobs/tasks.ts). */
export const TASK_TIME_LIMIT_MS = 50 * 60_000;

export const RUN_MESSAGES = {
  timeout: `The task ran past its time limit of ${TASK_TIME_LIMIT_MS / 60_000} minutes.`,
  workerLost: 'The worker running this task stopped; it will run again.',
  gaveUp: (attempts: number) => `The task could not finish after ${attempts} attempts.`,
  retrying: (attempt: number, max: number) => `Attempt ${attempt} of ${max} failed; it will run again.`,
} as const;

export type RunOutcome = 'skipped' | 'completed' | 'failed' | 'retrying' | 'stopped';

/**
 * Runs one pending task: claims it (pending → running, a conditional UPDATE that only one worker
 * can win), does its work with heartbeats and throttled progress, and records the outcome, again
 * only while its claim holds. A TaskError fails the task at once; any other error returns it to
 * pending while attempts remain and is rethrown so pg-boss retries the job after its backoff.
 */
export async function runTask(deps: Deps, input: { taskId: string; signal: AbortSignal; timeLimitMs?: number }): Promise<RunOutcome> {
  const { taskId, signal } = input;
  const runId = randomUUID();
  const now = new Date();
  const claimed = await deps.db
    .updateTable('tasks')
    .set((eb) => ({
      status: 'running',
      run_id: runId,
      heartbeat_at: now,
      started_at: now,
      finished_at: null,
      progress: 0,
      error: null,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', taskId)
    .where('status', '=', 'pending')
    .where((eb) => eb('attempts', '<', eb.ref('max_attempts')))
    .returning(['id', 'user_id', 'type', 'params', 'attempts', 'max_attempts', 'file_name'])
    .executeTakeFirst();
  if (!claimed) return 'skipped';

  const run = new TaskRun(deps, taskId, runId, AbortSignal.any([signal, AbortSignal.timeout(input.timeLimitMs ?? TASK_TIME_LIMIT_MS)]));
  const mine = (q: ReturnType<typeof update>) => q.where('id', '=', taskId).where('run_id', '=', runId).where('status', '=', 'running');
  const update = () => deps.db.updateTable('tasks');
  deps.log.info({ event: 'task.started', taskId, type: claimed.type, attempt: claimed.attempts }, 'task started');
  try {
    let result: { summary: object; report?: object; fileName?: string; expiresAt?: Date };
    if (claimed.type === 'scrape') result = { summary: await runScrape(deps, run, claimed.user_id, claimed.params as ScrapeTaskParams) };
    else if (claimed.type === 'analyze') result = await runAnalysis(deps, run, claimed.user_id, claimed.params as AnalyzeTaskParams);
    else result = await runExport(deps, run, claimed.user_id, claimed.params as ExportTaskParams);
    await run.flush();
    run.stop();
    const done = await mine(
      update().set({
        status: 'completed',
        progress: 100,
        result: JSON.stringify(result.summary),
        report: result.report ? JSON.stringify(result.report) : null,
        ...(result.fileName ? { file_name: result.fileName, expires_at: result.expiresAt ?? null } : {}),
        finished_at: new Date(),
        run_id: null,
        heartbeat_at: null,
      }),
    ).executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) {
      // Cancelled or deleted at the last moment: the file it wrote belongs to nobody.
      if (result.fileName) await removeTaskFile(deps.db, result.fileName);
      return 'stopped';
    }
    // An earlier run's export under another name (a format cannot change, but be tidy).
    if (result.fileName && claimed.file_name && claimed.file_name !== result.fileName) await removeTaskFile(deps.db, claimed.file_name);
    deps.log.info({ event: 'task.completed', taskId, type: claimed.type }, 'task completed');
    return 'completed';
  } catch (error) {
    run.stop();
    await run.flush().catch(() => undefined);
    const why = error instanceof TaskStopped ? error.why : run.stopReason();
    if (why === 'lost') return 'stopped';
    if (why === 'shutdown') {
      // Interrupted, not failed: back to pending without spending an attempt; the sweep offers it again.
      await mine(
        update().set((eb) => ({ status: 'pending', run_id: null, heartbeat_at: null, attempts: eb('attempts', '-', 1) })),
      ).execute();
      return 'stopped';
    }
    const permanent = error instanceof TaskError || why === 'timeout';
    const message = error instanceof TaskError ? error.message : why === 'timeout' ? RUN_MESSAGES.timeout : undefined;
    if (!message) deps.log.error({ err: error, taskId, attempt: claimed.attempts }, 'task run failed');
    if (permanent || claimed.attempts >= claimed.max_attempts) {
      await mine(
        update().set({
          status: 'failed',
          error: message ?? RUN_MESSAGES.gaveUp(claimed.attempts),
          finished_at: new Date(),
          run_id: null,
          heartbeat_at: null,
        }),
      ).execute();
      deps.log.info({ event: 'task.failed', taskId, type: claimed.type }, 'task failed');
      return 'failed';
    }
    await mine(
      update().set({
        status: 'pending',
        error: RUN_MESSAGES.retrying(claimed.attempts, claimed.max_attempts),
        run_id: null,
        heartbeat_at: null,
      }),
    ).execute();
    // pg-boss retries the job after its backoff.
    throw error;
  }
}

/**
 * Tasks whose worker died (heartbeat older than STALE_AFTER_MS) go back to pending while attempts
 * remain, else fail; then every pending task is offered to the queue (a duplicate offer is
 * dropped by pg-boss: one queued job per task). So a killed worker never leaves a task running.
 */
export async function sweepTasks(deps: Deps, _input: NoInput): Promise<{ requeued: number; failed: number; offered: number }> {
  const now = deps.now();
  const stale = new Date(now.getTime() - STALE_AFTER_MS);
  const orphaned = deps.db.updateTable('tasks').where('status', '=', 'running').where('heartbeat_at', '<', stale);
  const requeued = await orphaned
    .set({ status: 'pending', run_id: null, heartbeat_at: null, error: RUN_MESSAGES.workerLost })
    .where((eb) => eb('attempts', '<', eb.ref('max_attempts')))
    .execute();
  const failed = await orphaned
    .set((eb) => ({
      status: 'failed',
      run_id: null,
      heartbeat_at: null,
      finished_at: now,
      error: sql<string>`'The worker running this task stopped ' || ${eb.ref('attempts')}::text || ' times; it will not run again by itself.'`,
    }))
    .execute();
  const pending = await deps.db.selectFrom('tasks').select('id').where('status', '=', 'pending').orderBy('created_at').limit(500).execute();
  for (const { id } of pending) await deps.tasks.queue.offer(id);
  return { requeued: Number(requeued[0]?.numUpdatedRows ?? 0), failed: Number(failed[0]?.numUpdatedRows ?? 0), offered: pending.length };
}

/** Deletes export files and uploads past their time; an expired export keeps its summary, marked expired. */
export async function expireTaskFiles(deps: Deps, _input: NoInput): Promise<{ exports: number; uploads: number }> {
  const now = deps.now();
  const exports = await deps.db
    .selectFrom('tasks')
    .select(['id', 'file_name', 'result'])
    .where('file_name', 'is not', null)
    .where('expires_at', '<=', now)
    .limit(1_000)
    .execute();
  for (const row of exports) {
    await removeTaskFile(deps.db, row.file_name);
    const summary = row.result && typeof row.result === 'object' ? { ...row.result, expired: true } : null;
    await deps.db
      .updateTable('tasks')
      .set({ file_name: null, result: summary ? JSON.stringify(summary) : null })
      .where('id', '=', row.id)
      .where('file_name', '=', row.file_name)
      .execute();
  }
  const uploads = await deps.db.deleteFrom('task_uploads').where('expires_at', '<=', now).returning(['file_name']).execute();
  for (const upload of uploads) await removeTaskFile(deps.db, upload.file_name);
  // Half-written exports of runs that died (a crashed instance): their task is no longer running.
  await sql`delete from task_files f using tasks t
    where f.name like 'exports/%.part' and split_part(substr(f.name, 9), '.', 1) = t.id::text and t.status <> 'running'`.execute(deps.db);
  return { exports: exports.length, uploads: uploads.length };
}
