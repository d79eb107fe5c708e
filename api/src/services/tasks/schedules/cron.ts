import { SCHEDULE_MESSAGES, SCHEDULE_PRESET_CRON, type ScheduleRepeat } from '@coinsight/contracts';
import { CronExpressionParser } from 'cron-parser';
import { AppError } from '../../errors.js';

/**
 * The expression a schedule runs on: a preset's own, or the caller's after cron-parser has read it
 * (five fields, UTC, at most once an hour, matching some date). Anything else is a 400 naming `cron`.
 */
export function scheduleCron(input: { repeat: ScheduleRepeat; cron?: string }): string {
  if (input.repeat !== 'cron') return SCHEDULE_PRESET_CRON[input.repeat];
  const cron = (input.cron ?? '').trim().replace(/\s+/g, ' ');
  const refuse = (message: string) => new AppError('BAD_REQUEST', message, { param: 'cron' });
  if (cron === '') throw refuse(SCHEDULE_MESSAGES.cronRequired);
  const fields = cron.split(' ');
  // cron-parser also takes a seconds field and @aliases; a schedule is five plain fields.
  if (fields.length !== 5) throw refuse(SCHEDULE_MESSAGES.cronFields);
  try {
    CronExpressionParser.parse(cron, { tz: 'UTC', strict: false });
  } catch (error) {
    throw refuse(`${SCHEDULE_MESSAGES.cronFields}: ${error instanceof Error ? error.message : 'unreadable'}`);
  }
  // One minute an hour at most: a schedule that ran every minute would hold a task worker for itself.
  if (!/^\d{1,2}$/.test(fields[0]!) || Number(fields[0]) > 59) throw refuse(SCHEDULE_MESSAGES.cronHourly);
  try {
    nextRunAfter(cron, new Date());
  } catch {
    throw refuse(SCHEDULE_MESSAGES.cronNever);
  }
  return cron;
}

/** The first time the expression matches strictly after `after` (UTC). */
export function nextRunAfter(cron: string, after: Date): Date {
  return CronExpressionParser.parse(cron, { tz: 'UTC', currentDate: after }).next().toDate();
}

const HOUR_MS = 3_600_000;

/**
 * After `failures` consecutive failed runs the next run waits at least 1, 2, 4, 8… hours (at most
 * a day), then takes the expression's next time after that: a broken source is not hammered.
 */
export function nextRunAfterFailures(cron: string, failures: number, now: Date): Date {
  if (failures <= 0) return nextRunAfter(cron, now);
  const waitMs = Math.min(2 ** (failures - 1), 24) * HOUR_MS;
  return nextRunAfter(cron, new Date(now.getTime() + waitMs - 1));
}
