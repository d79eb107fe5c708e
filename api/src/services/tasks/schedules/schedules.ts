import { randomUUID } from 'node:crypto';
import {
  SCHEDULE_MESSAGES,
  type CreateTaskSchedule,
  type ScrapeSource,
  type TaskSchedule,
  type TaskScheduleRun,
} from '@coinsight/contracts';
import type { Database } from '@coinsight/db';
import type { Selection } from 'kysely';
import type { NoInput, SignedIn } from '../../caller.js';
import type { ServiceDeps } from '../../deps.js';
import { assertUnderPlanLimit } from '../../billing/caps/plan-caps.js';
import { AppError, NotOwnedError } from '../../errors.js';
import { lockAccount } from '../../transactions.js';
import { CHANNEL_FIELDS, resolveChannelTarget } from '../../webhooks/channels.js';
import { ensureWebhookSecrets } from '../../webhooks/secrets.js';
import { WebhookTargetError } from '../../webhooks/url-guard.js';
import { checkScrapeSource } from '../tasks.js';
import { nextRunAfter, scheduleCron } from './cron.js';

type Deps = Pick<ServiceDeps, 'db' | 'log' | 'tasks' | 'webhooks' | 'now'>;

/** The columns a schedule is shown with. */
export const SCHEDULE_COLUMNS = [
  'id',
  'title',
  'description',
  'params',
  'repeat',
  'cron',
  'active',
  'next_run_at',
  'last_run_at',
  'failures',
  'last_error',
  'webhook_url',
  'created_at',
] as const;
type ScheduleRow = Selection<Database, 'task_schedules', (typeof SCHEDULE_COLUMNS)[number]>;
type RunRow = { id: string; schedule_id: string | null } & Pick<Database['tasks'], 'error'> & {
    status: TaskScheduleRun['status'];
    created_at: Date;
    finished_at: Date | null;
  };

/** Runs shown per schedule: the kept finished ones and the one that may be running. */
const RUNS_SHOWN = 11;

// Another account's schedule is answered exactly as one that does not exist.
const notFound = (id: string, userId: string) => new NotOwnedError('task_schedule', id, userId, SCHEDULE_MESSAGES.notFound);

function toSchedule(row: ScheduleRow, runs: readonly RunRow[]): TaskSchedule {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    // jsonb comes back as the value; its shape is the create input's, checked then.
    source: (row.params as { source: ScrapeSource }).source,
    repeat: row.repeat,
    cron: row.cron,
    active: row.active,
    nextRunAt: row.next_run_at?.toISOString() ?? null,
    lastRunAt: row.last_run_at?.toISOString() ?? null,
    failures: row.failures,
    lastError: row.last_error,
    webhookUrl: row.webhook_url,
    createdAt: row.created_at.toISOString(),
    runs: runs.map((run) => ({
      taskId: run.id,
      status: run.status,
      createdAt: run.created_at.toISOString(),
      finishedAt: run.finished_at?.toISOString() ?? null,
      error: run.error,
    })),
  };
}

async function withRuns(deps: Pick<Deps, 'db'>, rows: readonly ScheduleRow[], userId: string): Promise<TaskSchedule[]> {
  if (rows.length === 0) return [];
  const runs = await deps.db
    .selectFrom('tasks')
    .select(['id', 'schedule_id', 'status', 'created_at', 'finished_at', 'error'])
    .where('user_id', '=', userId)
    .where(
      'schedule_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  const bySchedule = new Map<string, RunRow[]>();
  for (const run of runs) {
    const list = bySchedule.get(run.schedule_id ?? '') ?? [];
    if (list.length < RUNS_SHOWN) list.push(run);
    bySchedule.set(run.schedule_id ?? '', list);
  }
  return rows.map((row) => toSchedule(row, bySchedule.get(row.id) ?? []));
}

/** The caller's schedules, newest first, each with its latest runs. */
export async function listTaskSchedules(deps: Deps, _input: NoInput, caller: SignedIn): Promise<TaskSchedule[]> {
  const rows = await deps.db
    .selectFrom('task_schedules')
    .select(SCHEDULE_COLUMNS)
    .where('user_id', '=', caller.userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return withRuns(deps, rows, caller.userId);
}

export async function getTaskSchedule(deps: Deps, input: { id: string }, caller: SignedIn): Promise<TaskSchedule> {
  const row = await deps.db
    .selectFrom('task_schedules')
    .select(SCHEDULE_COLUMNS)
    .where('id', '=', input.id)
    .where('user_id', '=', caller.userId)
    .executeTakeFirst();
  if (!row) throw notFound(input.id, caller.userId);
  const [schedule] = await withRuns(deps, [row], caller.userId);
  return schedule!;
}

/** The webhook's address is checked now for a clear 400, and again at every delivery. */
async function checkWebhook(deps: Deps, url: string, userId: string): Promise<void> {
  try {
    await resolveChannelTarget({ channel: 'webhook', url }, deps.webhooks);
  } catch (error) {
    if (error instanceof WebhookTargetError) throw new AppError('BAD_REQUEST', error.message, { param: CHANNEL_FIELDS.webhook });
    throw error;
  }
  // The secret exists from the first hook that needs it, so settings show the key that will sign.
  await ensureWebhookSecrets(deps, [userId]);
}

/**
 * Stores a schedule, due at the expression's next time (UTC), within the plan's cap on schedules.
 * Its source is checked as a task's is at creation, its webhook's address as an alert's.
 */
export async function createTaskSchedule(deps: Deps, input: CreateTaskSchedule, caller: SignedIn): Promise<TaskSchedule> {
  const { userId } = caller;
  const cron = scheduleCron(input);
  await checkScrapeSource(deps, { source: input.source }, caller);
  if (input.webhookUrl) await checkWebhook(deps, input.webhookUrl, userId);
  const row = await deps.db.transaction().execute(async (trx) => {
    const account = await lockAccount(trx, userId);
    const { count } = await trx
      .selectFrom('task_schedules')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    assertUnderPlanLimit(account.plan, 'schedules', count);
    return trx
      .insertInto('task_schedules')
      .values({
        id: randomUUID(),
        user_id: userId,
        title: input.title,
        description: input.description ?? null,
        params: JSON.stringify({ source: input.source }),
        repeat: input.repeat,
        cron,
        webhook_url: input.webhookUrl ?? null,
        next_run_at: nextRunAfter(cron, deps.now()),
      })
      .returning(SCHEDULE_COLUMNS)
      .executeTakeFirstOrThrow();
  });
  deps.log.info({ event: 'task_schedule.created', userId, scheduleId: row.id, cron }, 'task schedule created');
  return toSchedule(row, []);
}

/** Pauses a schedule: it keeps its runs and fires no more until resumed. */
export async function pauseTaskSchedule(deps: Deps, input: { id: string }, caller: SignedIn): Promise<TaskSchedule> {
  const { userId } = caller;
  const row = await deps.db
    .updateTable('task_schedules')
    .set({ active: false, next_run_at: null })
    .where('id', '=', input.id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw notFound(input.id, userId);
  deps.log.info({ event: 'task_schedule.paused', userId, scheduleId: input.id }, 'task schedule paused');
  return getTaskSchedule(deps, input, caller);
}

/** Resumes a schedule at the expression's next time from now, its failures forgiven (its owner has looked at it). */
export async function resumeTaskSchedule(deps: Deps, input: { id: string }, caller: SignedIn): Promise<TaskSchedule> {
  const { userId } = caller;
  const current = await deps.db
    .selectFrom('task_schedules')
    .select(['cron', 'params'])
    .where('id', '=', input.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!current) throw notFound(input.id, userId);
  // The server may have lost its X token since: say so now rather than at the next run.
  await checkScrapeSource(deps, current.params as { source: ScrapeSource }, caller);
  await deps.db
    .updateTable('task_schedules')
    .set({ active: true, failures: 0, next_run_at: nextRunAfter(current.cron, deps.now()) })
    .where('id', '=', input.id)
    .where('user_id', '=', userId)
    .execute();
  deps.log.info({ event: 'task_schedule.resumed', userId, scheduleId: input.id }, 'task schedule resumed');
  return getTaskSchedule(deps, input, caller);
}

/** Deletes a schedule; the tasks it started stay, as tasks of their own. */
export async function deleteTaskSchedule(deps: Deps, input: { id: string }, caller: SignedIn): Promise<{ id: string }> {
  const { userId } = caller;
  const row = await deps.db
    .deleteFrom('task_schedules')
    .where('id', '=', input.id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw notFound(input.id, userId);
  deps.log.info({ event: 'task_schedule.deleted', userId, scheduleId: row.id }, 'task schedule deleted');
  return { id: row.id };
}
