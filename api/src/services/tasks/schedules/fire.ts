import { randomUUID } from 'node:crypto';
import {
  FINISHED_TASK_STATUSES,
  MAX_ACTIVE_TASKS,
  MAX_ACTIVE_TASKS_MESSAGE,
  PLANS,
  SCHEDULE_KEPT_RUNS,
  SCHEDULE_MAX_FAILURES,
  TASK_MAX_ATTEMPTS,
  WEBHOOK_EVENT_TASK_COMPLETED,
  WEBHOOK_EVENT_TASK_FAILED,
  planLimitMessage,
  type ScrapeSource,
  type TaskFinishedEvent,
} from '@coinsight/contracts';
import type { Database } from '@coinsight/db';
import type { Kysely } from 'kysely';
import type { NoInput } from '../../caller.js';
import type { ServiceDeps } from '../../deps.js';
import { lockAccount } from '../../transactions.js';
import { NOT_RUN_YET, TASK_MESSAGES } from '../tasks.js';
import { nextRunAfter, nextRunAfterFailures } from './cron.js';
import { mailOwnerNotices, type OwnerNotice } from './owner-notice.js';

type Deps = Pick<ServiceDeps, 'db' | 'log' | 'tasks' | 'now' | 'mailer' | 'limits' | 'publicUrl'>;

/** Schedules fired, or runs settled, per job run; the rest wait for the next (15 s later). */
const BATCH = 100;

const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

interface ScheduleState {
  id: string;
  user_id: string;
  title: string;
  cron: string;
  active: boolean;
  failures: number;
  next_run_at: Date | null;
}

async function recordNotice(trx: Kysely<Database>, notice: OwnerNotice, now: Date): Promise<void> {
  await trx
    .insertInto('notifications')
    .values({ user_id: notice.userId, kind: 'task-schedule', alert_id: null, created_at: now, title: notice.title, body: notice.body })
    .execute();
}

/**
 * One more failure in a row: the next run backs off (1, 2, 4, 8 hours…), and at
 * SCHEDULE_MAX_FAILURES the schedule pauses itself. The owner is told at the first failure and at
 * the pause, not at every one between (a failing hourly schedule must not mail every hour).
 */
async function recordFailure(trx: Kysely<Database>, schedule: ScheduleState, message: string, now: Date): Promise<OwnerNotice | undefined> {
  const failures = schedule.failures + 1;
  const pausing = schedule.active && failures >= SCHEDULE_MAX_FAILURES;
  const backedOff = nextRunAfterFailures(schedule.cron, failures, now);
  const next = !schedule.active || pausing ? null : new Date(Math.max(backedOff.getTime(), schedule.next_run_at?.getTime() ?? 0));
  await trx
    .updateTable('task_schedules')
    .set({ failures, last_error: message, active: schedule.active && !pausing, next_run_at: next })
    .where('id', '=', schedule.id)
    .execute();
  let notice: OwnerNotice | undefined;
  const base = { userId: schedule.user_id, scheduleId: schedule.id };
  if (pausing)
    notice = {
      ...base,
      title: `Schedule paused: ${schedule.title}`,
      body: `It failed ${failures} times in a row (last: ${message}) and will not run again until you resume it on the tasks page.`,
    };
  else if (failures === 1 && next)
    notice = {
      ...base,
      title: `Scheduled task failed: ${schedule.title}`,
      body: `${message} It will run again at ${utc(next)}; after ${SCHEDULE_MAX_FAILURES} failures in a row the schedule pauses.`,
    };
  if (notice) await recordNotice(trx, notice, now);
  return notice;
}

type FireOutcome = { kind: 'fired'; taskId: string } | { kind: 'skipped' } | { kind: 'failed'; notice?: OwnerNotice };

/** Why a run cannot start now, if it cannot: the account's caps, or the source's configuration. */
async function refusal(trx: Kysely<Database>, schedule: ScheduleState, deps: Deps, source: ScrapeSource): Promise<string | undefined> {
  if (source.kind === 'x-recent-search' && !deps.tasks.x) return TASK_MESSAGES.xNotConfigured;
  const account = await lockAccount(trx, schedule.user_id);
  const counts = await trx
    .selectFrom('tasks')
    .select((eb) => [
      eb.fn.countAll<number>().as('stored'),
      eb.fn.count<number>('id').filterWhere('status', 'in', ['pending', 'running']).as('active'),
    ])
    .where('user_id', '=', schedule.user_id)
    .executeTakeFirstOrThrow();
  if (Number(counts.stored) >= PLANS[account.plan].limits.tasks) return planLimitMessage(account.plan, 'tasks');
  if (Number(counts.active) >= MAX_ACTIVE_TASKS) return MAX_ACTIVE_TASKS_MESSAGE;
  return undefined;
}

/**
 * Fires one due schedule in the caller's transaction. The claim is a conditional UPDATE of
 * next_run_at (… WHERE next_run_at <= now): a second instance firing at the same moment waits
 * for this row's lock, re-reads next_run_at, and matches nothing. So each due time starts one run.
 */
async function fireOne(trx: Kysely<Database>, deps: Deps, id: string, cron: string, now: Date): Promise<FireOutcome | undefined> {
  const schedule = await trx
    .updateTable('task_schedules')
    .set({ next_run_at: nextRunAfter(cron, now), last_run_at: now })
    .where('id', '=', id)
    .where('active', '=', true)
    .where('next_run_at', '<=', now)
    .returning(['id', 'user_id', 'title', 'description', 'params', 'cron', 'active', 'failures', 'next_run_at', 'webhook_url'])
    .executeTakeFirst();
  if (!schedule) return undefined;
  const previous = await trx
    .selectFrom('tasks')
    .select('id')
    .where('schedule_id', '=', id)
    .where('status', 'in', ['pending', 'running'])
    .executeTakeFirst();
  // The last run is still waiting or running: this time is skipped, never stacked behind it.
  if (previous) return { kind: 'skipped' };
  // The oldest finished runs beyond the kept ones go, so a schedule never fills the task cap.
  await trx
    .deleteFrom('tasks')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('tasks')
        .select('id')
        .where('schedule_id', '=', id)
        .where('settled_at', 'is not', null)
        .orderBy('created_at', 'desc')
        .offset(SCHEDULE_KEPT_RUNS - 1),
    )
    .execute();
  const params = schedule.params as { source: ScrapeSource };
  const refused = await refusal(trx, schedule, deps, params.source);
  if (refused) return { kind: 'failed', notice: await recordFailure(trx, schedule, refused, now) };
  const taskId = randomUUID();
  await trx
    .insertInto('tasks')
    .values({
      id: taskId,
      user_id: schedule.user_id,
      type: 'scrape',
      title: schedule.title,
      description: schedule.description,
      params: JSON.stringify(params),
      max_attempts: TASK_MAX_ATTEMPTS,
      ...NOT_RUN_YET,
      schedule_id: id,
      webhook_url: schedule.webhook_url,
    })
    .execute();
  return { kind: 'fired', taskId };
}

/**
 * The task-schedules job, first half: every active schedule due at `now` starts a new scrape task
 * (offered to the workers after the commit), unless its previous run is still going. A missed
 * time (every instance down) is fired once when one comes back, then the next is from now on.
 */
export async function fireDueSchedules(deps: Deps, _input: NoInput): Promise<{ fired: number; skipped: number; failed: number }> {
  const now = deps.now();
  const due = await deps.db
    .selectFrom('task_schedules')
    .select(['id', 'cron'])
    .where('active', '=', true)
    .where('next_run_at', '<=', now)
    .orderBy('next_run_at')
    .limit(BATCH)
    .execute();
  const counts = { fired: 0, skipped: 0, failed: 0 };
  const notices: OwnerNotice[] = [];
  for (const { id, cron } of due) {
    const outcome = await deps.db.transaction().execute((trx) => fireOne(trx, deps, id, cron, now));
    if (!outcome) continue;
    counts[outcome.kind] += 1;
    if (outcome.kind === 'failed' && outcome.notice) notices.push(outcome.notice);
    if (outcome.kind === 'fired') {
      deps.log.info({ event: 'task_schedule.fired', scheduleId: id, taskId: outcome.taskId }, 'task schedule fired');
      // A failed offer is picked up by the task sweep, which offers every pending task.
      await deps.tasks.queue.offer(outcome.taskId).catch((error: unknown) => deps.log.warn({ err: error }, 'could not offer a task'));
    }
  }
  await mailOwnerNotices(deps, { notices });
  return counts;
}

function taskFinishedEvent(
  task: { id: string; title: string; status: 'completed' | 'failed'; finished_at: Date | null; error: string | null; result: unknown },
  scheduleId: string | null,
  now: Date,
): TaskFinishedEvent {
  return {
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    type: task.status === 'completed' ? WEBHOOK_EVENT_TASK_COMPLETED : WEBHOOK_EVENT_TASK_FAILED,
    createdAt: now.toISOString(),
    data: {
      task: {
        id: task.id,
        type: 'scrape',
        title: task.title,
        status: task.status,
        finishedAt: task.finished_at?.toISOString() ?? null,
        error: task.error,
      },
      scheduleId,
      resultSummary: task.status === 'completed' ? (task.result ?? null) : null,
    },
  };
}

/**
 * Settles one finished run in the caller's transaction: marks it settled (a conditional UPDATE,
 * so once across instances), writes its webhook delivery (the outbox the webhook-deliver job
 * signs and sends), and tells its schedule how it went.
 */
async function settleOne(trx: Kysely<Database>, id: string, now: Date): Promise<OwnerNotice | undefined> {
  const task = await trx
    .updateTable('tasks')
    .set({ settled_at: now })
    .where('id', '=', id)
    .where('settled_at', 'is', null)
    .where('status', 'in', FINISHED_TASK_STATUSES)
    .returning(['id', 'user_id', 'schedule_id', 'webhook_url', 'status', 'title', 'finished_at', 'error', 'result'])
    .executeTakeFirst();
  if (!task || task.status === 'cancelled') return undefined;
  const status = task.status === 'completed' ? 'completed' : 'failed';
  if (task.webhook_url !== null)
    await trx
      .insertInto('webhook_deliveries')
      .values({
        alert_id: null,
        user_id: task.user_id,
        channel: 'webhook',
        url: task.webhook_url,
        payload: JSON.stringify(taskFinishedEvent({ ...task, status }, task.schedule_id, now)),
        next_attempt_at: now,
      })
      .execute();
  if (task.schedule_id === null) return undefined;
  const schedule = await trx
    .selectFrom('task_schedules')
    .select(['id', 'user_id', 'title', 'cron', 'active', 'failures', 'next_run_at'])
    .where('id', '=', task.schedule_id)
    .forUpdate()
    .executeTakeFirst();
  if (!schedule) return undefined;
  if (status === 'completed') {
    await trx.updateTable('task_schedules').set({ failures: 0, last_error: null }).where('id', '=', schedule.id).execute();
    return undefined;
  }
  return recordFailure(trx, schedule, task.error ?? 'The task failed.', now);
}

/**
 * The task-schedules job, second half: each finished run started by a schedule, or with a
 * webhook, is settled once: its `task.completed` / `task.failed` event queued for the owner's
 * webhook, and its schedule's failures counted (a failure backs the schedule off and may tell
 * its owner, by notification and mail). A cancelled run sends nothing and counts for nothing.
 */
export async function settleFinishedRuns(deps: Deps, _input: NoInput): Promise<{ settled: number }> {
  const now = deps.now();
  const finished = await deps.db
    .selectFrom('tasks')
    .select('id')
    .where('settled_at', 'is', null)
    .where((eb) => eb.or([eb('schedule_id', 'is not', null), eb('webhook_url', 'is not', null)]))
    .where('status', 'in', FINISHED_TASK_STATUSES)
    .orderBy('finished_at')
    .limit(BATCH)
    .execute();
  const notices: OwnerNotice[] = [];
  for (const { id } of finished) {
    const notice = await deps.db.transaction().execute((trx) => settleOne(trx, id, now));
    if (notice) notices.push(notice);
  }
  await mailOwnerNotices(deps, { notices });
  return { settled: finished.length };
}
