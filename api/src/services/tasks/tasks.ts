import { randomUUID } from 'node:crypto';
import {
  MAX_ACTIVE_TASKS,
  MAX_ACTIVE_TASKS_MESSAGE,
  TASK_MAX_ATTEMPTS,
  TASK_URL_PUBLIC_MESSAGE,
  taskDownloadPath,
  type AnalysisReport,
  type CreateTask,
  type ScrapeSource,
  type Task,
  type TaskStatus,
  type TaskType,
} from '@coinsight/contracts';
import type { Selection, Transaction } from 'kysely';
import type { Database } from '@coinsight/db';
import { assertUnderPlanLimit } from '../billing/caps/plan-caps.js';
import { lockAccount } from '../transactions.js';
import type { SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError, NotOwnedError } from '../errors.js';
import { isRefusedLiteral } from '../net/public-address.js';
import { removeTaskFile } from './files.js';

type Deps = Pick<ServiceDeps, 'db' | 'log' | 'tasks'>;

export const TASK_MESSAGES = {
  notFound: 'Task not found',
  notReport: 'This task has no report: only a completed analysis has one.',
  notCancellable: 'Only a pending or running task can be cancelled.',
  notRetryable: 'Only a failed or cancelled task can be retried.',
  uploadNotFound: 'source.uploadId must be the id of a file you uploaded in the last 24 hours',
  xNotConfigured: 'X recent search is not set up on this server (X_BEARER_TOKEN): choose another source.',
} as const;

/** The columns a task is shown with: never the run's claim. */
export const TASK_COLUMNS = [
  'id',
  'type',
  'title',
  'description',
  'params',
  'status',
  'progress',
  'attempts',
  'error',
  'result',
  'file_name',
  'expires_at',
  'created_at',
  'started_at',
  'finished_at',
  'schedule_id',
] as const;

/** A task as TASK_COLUMNS select it, typed by the schema. */
export type TaskRow = Selection<Database, 'tasks', (typeof TASK_COLUMNS)[number]>;

// Another user's task is answered exactly as one that does not exist (docs/security.md §10).
const notFound = (id: string, userId: string) => new NotOwnedError('task', id, userId, TASK_MESSAGES.notFound);

export function toTask(row: TaskRow, now = new Date()): Task {
  const base = {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    progress: row.progress,
    createdAt: row.created_at.toISOString(),
    startedAt: row.started_at?.toISOString() ?? null,
    finishedAt: row.finished_at?.toISOString() ?? null,
    error: row.error,
    attempts: row.attempts,
    scheduleId: row.schedule_id,
  };
  // jsonb comes back as the value on both drivers; its shape is the one the worker wrote.
  switch (row.type) {
    case 'scrape':
      return { ...base, type: 'scrape', params: row.params as never, resultSummary: (row.result as never) ?? null };
    case 'analyze':
      return {
        ...base,
        type: 'analyze',
        params: row.params as never,
        resultSummary: (row.result as never) ?? null,
        reportAvailable: row.status === 'completed' && row.result !== null,
      };
    case 'export': {
      const live = row.file_name !== null && row.expires_at !== null && row.expires_at > now && row.status === 'completed';
      const summary = row.result as (Task & { type: 'export' })['resultSummary'];
      return {
        ...base,
        type: 'export',
        params: row.params as never,
        resultSummary: summary ? { ...summary, expired: summary.expired || (!live && row.status === 'completed') } : null,
        downloadUrl: live ? taskDownloadPath(row.id) : null,
      };
    }
  }
}

/** The user's tasks, newest first. */
export async function listTasks(
  deps: Deps,
  input: { type?: TaskType; status?: TaskStatus } | undefined,
  caller: SignedIn,
): Promise<Task[]> {
  const { userId } = caller;
  let query = deps.db.selectFrom('tasks').select(TASK_COLUMNS).where('user_id', '=', userId);
  if (input?.type) query = query.where('type', '=', input.type);
  if (input?.status) query = query.where('status', '=', input.status);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(500).execute();
  const now = new Date();
  return rows.map((row) => toTask(row, now));
}

async function taskRow(deps: Pick<Deps, 'db'>, id: string, userId: string): Promise<TaskRow> {
  const row = await deps.db.selectFrom('tasks').select(TASK_COLUMNS).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(id, userId);
  return row;
}

export async function getTask(deps: Deps, input: { id: string }, caller: SignedIn): Promise<Task> {
  const { userId } = caller;
  return toTask(await taskRow(deps, input.id, userId));
}

/** A completed analysis's report. */
export async function getTaskReport(deps: Deps, input: { id: string }, caller: SignedIn): Promise<AnalysisReport> {
  const { userId } = caller;
  const row = await deps.db
    .selectFrom('tasks')
    .select(['type', 'status', 'report'])
    .where('id', '=', input.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound(input.id, userId);
  if (row.type !== 'analyze' || row.status !== 'completed' || row.report === null)
    throw new AppError('BAD_REQUEST', TASK_MESSAGES.notReport);
  return row.report as AnalysisReport;
}

/**
 * Locks the user's row, then counts: concurrent creates count right. A new task must fit the
 * plan's cap on stored tasks (403: only deleting or upgrading helps; docs/security.md §26), and any task
 * that is to wait or run must fit MAX_ACTIVE_TASKS (429: one finishing frees a place).
 */
async function assertBelowTaskLimits(trx: Transaction<Database>, userId: string, adding: 'new' | 'retry'): Promise<void> {
  const account = await lockAccount(trx, userId);
  if (adding === 'new') {
    const stored = await trx
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    assertUnderPlanLimit(account.plan, 'tasks', stored.count);
  }
  const { count } = await trx
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['pending', 'running'])
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_ACTIVE_TASKS) throw new AppError('TOO_MANY_REQUESTS', MAX_ACTIVE_TASKS_MESSAGE);
}

/** The run columns of a task that has not run yet: what a new task row starts with. */
export const NOT_RUN_YET = {
  run_id: null,
  heartbeat_at: null,
  error: null,
  result: null,
  report: null,
  file_name: null,
  expires_at: null,
  started_at: null,
  finished_at: null,
} as const;

/**
 * Stores a new task as pending and offers it to the workers. What can be checked now is: the
 * upload is the caller's and still there, the X source is configured, a URL given as an address
 * is public (hosts are resolved and checked when the task runs, and on every redirect).
 */
export async function createTask(deps: Deps, input: CreateTask, caller: SignedIn): Promise<Task> {
  const { userId } = caller;
  const { type, title, description, ...params } = input;
  if (input.type === 'scrape') await checkScrapeSource(deps, { source: input.source }, caller);
  const row = await deps.db.transaction().execute(async (trx) => {
    await assertBelowTaskLimits(trx, userId, 'new');
    return trx
      .insertInto('tasks')
      .values({
        id: randomUUID(),
        user_id: userId,
        type,
        title,
        description: description ?? null,
        params: JSON.stringify(params),
        max_attempts: TASK_MAX_ATTEMPTS,
        ...NOT_RUN_YET,
      })
      .returning(TASK_COLUMNS)
      .executeTakeFirstOrThrow();
  });
  deps.log.info({ event: 'task.created', userId, taskId: row.id, type }, 'task created');
  await offer(deps, row.id);
  return toTask(row);
}

/**
 * What can be checked of a scrape's source before it runs (a task's, or a schedule's each run
 * will use): the upload is the caller's and still there, the X source is configured, a URL given
 * as an address is public (hosts are resolved and checked when the task runs, and on every redirect).
 */
export async function checkScrapeSource(deps: Deps, input: { source: ScrapeSource }, caller: SignedIn): Promise<void> {
  const { source } = input;
  if (source.kind === 'x-recent-search' && !deps.tasks.x) throw new AppError('BAD_REQUEST', TASK_MESSAGES.xNotConfigured);
  if (source.kind === 'url' && !deps.tasks.allowPrivateUrls && !isTrusted(deps, source.url) && isRefusedLiteral(source.url))
    throw new AppError('BAD_REQUEST', TASK_URL_PUBLIC_MESSAGE, { param: 'source.url' });
  if (source.kind === 'upload') {
    const upload = await deps.db
      .selectFrom('task_uploads')
      .select('id')
      .where('id', '=', source.uploadId)
      .where('user_id', '=', caller.userId)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    if (!upload) throw new AppError('BAD_REQUEST', TASK_MESSAGES.uploadNotFound, { param: 'source.uploadId' });
  }
}

const isTrusted = (deps: Deps, url: string) => deps.tasks.trustedOrigins?.includes(new URL(url).origin) ?? false;

/** A failed offer is not the user's problem: the sweep offers every pending task again. */
async function offer(deps: Deps, taskId: string): Promise<void> {
  try {
    await deps.tasks.queue.offer(taskId);
  } catch (error) {
    deps.log.warn({ err: error, taskId }, 'could not offer a task; the sweep will');
  }
}

/** Cancels a pending or running task; a running one's worker sees it between batches and stops. */
export async function cancelTask(deps: Deps, input: { id: string }, caller: SignedIn): Promise<Task> {
  const { userId } = caller;
  const row = await deps.db
    .updateTable('tasks')
    .set({ status: 'cancelled', finished_at: new Date(), run_id: null, heartbeat_at: null })
    .where('id', '=', input.id)
    .where('user_id', '=', userId)
    .where('status', 'in', ['pending', 'running'])
    .returning(TASK_COLUMNS)
    .executeTakeFirst();
  if (!row) {
    await taskRow(deps, input.id, userId);
    throw new AppError('BAD_REQUEST', TASK_MESSAGES.notCancellable);
  }
  deps.log.info({ event: 'task.cancelled', userId, taskId: row.id }, 'task cancelled');
  return toTask(row);
}

/** Runs a failed or cancelled task again from the start, with a fresh set of attempts. */
export async function retryTask(deps: Deps, input: { id: string }, caller: SignedIn): Promise<Task> {
  const { userId } = caller;
  const row = await deps.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('tasks')
      .select('status')
      .where('id', '=', input.id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!current) throw notFound(input.id, userId);
    if (current.status !== 'failed' && current.status !== 'cancelled') throw new AppError('BAD_REQUEST', TASK_MESSAGES.notRetryable);
    await assertBelowTaskLimits(trx, userId, 'retry');
    return trx
      .updateTable('tasks')
      .set({
        status: 'pending',
        progress: 0,
        attempts: 0,
        error: null,
        result: null,
        report: null,
        started_at: null,
        finished_at: null,
        // The retried run's end is settled again (its schedule told, its webhook sent).
        settled_at: null,
      })
      .where('id', '=', input.id)
      .where('status', 'in', ['failed', 'cancelled'])
      .returning(TASK_COLUMNS)
      .executeTakeFirstOrThrow();
  });
  deps.log.info({ event: 'task.retried', userId, taskId: row.id }, 'task retried');
  await offer(deps, row.id);
  return toTask(row);
}

/** Deletes a task (and its export file); a running one stops at its next batch, finding its row gone. */
export async function deleteTask(deps: Deps, input: { id: string }, caller: SignedIn): Promise<{ id: string }> {
  const { userId } = caller;
  const row = await deps.db
    .deleteFrom('tasks')
    .where('id', '=', input.id)
    .where('user_id', '=', userId)
    .returning(['id', 'file_name'])
    .executeTakeFirst();
  if (!row) throw notFound(input.id, userId);
  await removeTaskFile(deps.db, row.file_name);
  deps.log.info({ event: 'task.deleted', userId, taskId: row.id }, 'task deleted');
  return { id: row.id };
}
