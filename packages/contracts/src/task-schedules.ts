import { z } from 'zod';
import { webhookUrlSchema } from './http-url.js';
import { createScrapeTaskSchema, type ScrapeSource, type TaskStatus } from './tasks.js';

/**
 * A scrape task that repeats (docs/tasks.md, "Schedules"): each time it is due a new task runs
 * with the schedule's title and source, so every run keeps its own history. Times are UTC.
 */
export const SCHEDULE_REPEATS = ['hourly', 'daily', 'weekly', 'cron'] as const;
export type ScheduleRepeat = (typeof SCHEDULE_REPEATS)[number];

/** The presets as cron expressions (UTC): on the hour, at midnight, on Mondays at midnight. */
export const SCHEDULE_PRESET_CRON: Readonly<Record<Exclude<ScheduleRepeat, 'cron'>, string>> = {
  hourly: '0 * * * *',
  daily: '0 0 * * *',
  weekly: '0 0 * * 1',
};

export const SCHEDULE_CRON_MAX_LENGTH = 100;
/** Finished runs a schedule keeps (older ones are deleted as new ones start), so it never fills the task cap. */
export const SCHEDULE_KEPT_RUNS = 10;
/** Consecutive failed runs after which a schedule pauses itself (its owner is told). */
export const SCHEDULE_MAX_FAILURES = 5;

export const SCHEDULE_MESSAGES = {
  repeat: `repeat must be one of ${SCHEDULE_REPEATS.join(', ')}`,
  cronRequired: 'cron is required when repeat is cron, e.g. 0 6 * * 1 (06:00 UTC every Monday)',
  cronFields: 'cron must have 5 fields (minute hour day-of-month month day-of-week), e.g. 0 6 * * 1',
  cronHourly: 'cron may run at most once an hour: its minute field must be one number from 0 to 59, e.g. 15 * * * *',
  cronNever: 'cron never matches a date (e.g. 30 February): choose days that exist',
  uploadSource: 'source.kind must be url or x-recent-search for a schedule: an uploaded file is read once',
  notFound: 'Schedule not found',
  type: 'type must be scrape: only scrape tasks repeat',
} as const;

/** tasks.schedules create: a scrape task's fields, how it repeats, and an optional completion webhook. */
export const createTaskScheduleSchema = createScrapeTaskSchema
  .omit({ type: true })
  .extend({
    type: z.literal('scrape', { error: SCHEDULE_MESSAGES.type }).optional(),
    repeat: z.enum(SCHEDULE_REPEATS, { error: SCHEDULE_MESSAGES.repeat }),
    cron: z
      .string({ error: SCHEDULE_MESSAGES.cronFields })
      .trim()
      .max(SCHEDULE_CRON_MAX_LENGTH, `cron must be at most ${SCHEDULE_CRON_MAX_LENGTH} characters`)
      .optional()
      .transform((value) => (value ? value : undefined)),
    /** Told of each run's end, signed like alert webhooks (docs/webhooks.md). */
    webhookUrl: webhookUrlSchema.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.repeat === 'cron' && !input.cron) ctx.addIssue({ code: 'custom', path: ['cron'], message: SCHEDULE_MESSAGES.cronRequired });
    if (input.source.kind === 'upload') ctx.addIssue({ code: 'custom', path: ['source', 'kind'], message: SCHEDULE_MESSAGES.uploadSource });
  });
export type CreateTaskScheduleInput = z.input<typeof createTaskScheduleSchema>;
export type CreateTaskSchedule = z.output<typeof createTaskScheduleSchema>;

export const taskScheduleIdSchema = z.object({ id: z.uuid({ error: 'id must be a schedule id' }) });

/** One run a schedule started: a task of its own (tasks.get reads it whole). */
export interface TaskScheduleRun {
  taskId: string;
  status: TaskStatus;
  createdAt: string;
  finishedAt: string | null;
  error: string | null;
}

export interface TaskSchedule {
  id: string;
  title: string;
  description: string | null;
  source: ScrapeSource;
  repeat: ScheduleRepeat;
  /** The expression it runs on (UTC); a preset's own for hourly, daily and weekly. */
  cron: string;
  /** False while paused (by its owner, or by itself after SCHEDULE_MAX_FAILURES failed runs). */
  active: boolean;
  /** When it runs next (UTC); null while paused. */
  nextRunAt: string | null;
  lastRunAt: string | null;
  /** Consecutive failed runs; each pushes the next run further out (docs/tasks.md, "Back-off"). */
  failures: number;
  lastError: string | null;
  webhookUrl: string | null;
  createdAt: string;
  /** Its latest runs, newest first (at most SCHEDULE_KEPT_RUNS + the one running). */
  runs: TaskScheduleRun[];
}

/** Webhook events a task's run sends (docs/webhooks.md, "Task events"). */
export const WEBHOOK_EVENT_TASK_COMPLETED = 'task.completed';
export const WEBHOOK_EVENT_TASK_FAILED = 'task.failed';

/** The JSON body of a task's end: `task.completed` or `task.failed`. */
export interface TaskFinishedEvent {
  id: string;
  type: typeof WEBHOOK_EVENT_TASK_COMPLETED | typeof WEBHOOK_EVENT_TASK_FAILED;
  createdAt: string;
  data: {
    task: { id: string; type: 'scrape'; title: string; status: 'completed' | 'failed'; finishedAt: string | null; error: string | null };
    scheduleId: string | null;
    /** The run's summary (the same as tasks.get's `resultSummary`); null when it failed. */
    resultSummary: unknown;
  };
}
