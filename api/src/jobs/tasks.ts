import type { ServiceDeps } from '../services/deps.js';
import { expireTaskFiles, runTask, sweepTasks, TASK_TIME_LIMIT_MS } from '../services/tasks/run-task.js';
import type { JobDefinition } from './runner.js';
import { atTime } from '../services/clock.js';
import { fireDueSchedules, settleFinishedRuns } from '../services/tasks/schedules/fire.js';

export const TASK_RUN_QUEUE = 'task-run';
/** Seconds between sweeps (orphaned runs back to pending, pending tasks offered). */
export const TASK_SWEEP_SECONDS = 10;
/** Seconds between looks at the schedules: a due one starts within this, a finished run is settled within it. */
export const TASK_SCHEDULES_SECONDS = 15;
export const TASK_SCHEDULES_JOB = 'task-schedules';

/**
 * The schedules' job (docs/tasks.md, "Schedules"): settles the runs that finished (webhook
 * events, failures counted), then fires the schedules due at the slot's time. One run per slot
 * across instances (job_slots), and each firing and settling is itself claimed once in the database.
 */
export function taskScheduleJob(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'tasks' | 'now' | 'mailer' | 'limits' | 'publicUrl'>,
  options: { everySeconds: number } = { everySeconds: TASK_SCHEDULES_SECONDS },
): JobDefinition {
  return {
    name: TASK_SCHEDULES_JOB,
    everySeconds: options.everySeconds,
    run: async (now) => {
      const at = atTime(deps, now);
      const settled = await settleFinishedRuns(at, {});
      return { ...settled, ...(await fireDueSchedules(at, {})) };
    },
  };
}

/**
 * Task runs (docs/tasks.md): one pg-boss job per run, keyed by the task ('stately': one queued
 * and one active job per task), retried by pg-boss after a backoff when a run fails transiently,
 * expiring a little after the run's own time limit. Two workers per instance; the sweep and the
 * retention of export files and uploads ride along.
 */
export function taskJobs(deps: Pick<ServiceDeps, 'db' | 'log' | 'tasks' | 'now' | 'mailer' | 'limits' | 'publicUrl'>): JobDefinition[] {
  return [
    {
      name: TASK_RUN_QUEUE,
      queue: {
        policy: 'stately',
        retryLimit: 2,
        retryDelay: 15,
        retryBackoff: true,
        expireInSeconds: Math.ceil(TASK_TIME_LIMIT_MS / 1000) + 300,
      },
      workers: 2,
      run: async (_now, data, signal) => {
        const outcome = await runTask(deps, { taskId: String(data.taskId), signal });
        return { taskId: data.taskId, outcome };
      },
    },
    { name: 'task-sweep', everySeconds: TASK_SWEEP_SECONDS, run: (now) => sweepTasks(atTime(deps, now), {}) },
    taskScheduleJob(deps),
    {
      name: 'task-retention',
      cron: '*/5 * * * *',
      run: (now) => expireTaskFiles(atTime(deps, new Date(Math.max(now.getTime(), deps.now().getTime()))), {}),
    },
  ];
}
