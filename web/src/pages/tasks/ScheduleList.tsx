import type { TaskSchedule } from '@coinsight/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { serverMessage } from '../../app/session';
import { FormAlert } from '../../components/forms';
import { Badge, Button } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import { STATUS_BADGE } from './taskText';
import styles from './Tasks.module.css';

export const SCHEDULES_EMPTY_MESSAGE =
  'No schedules yet. A scrape from a URL or an X search can repeat: choose how often under "Repeat" when you create it.';
export const SCHEDULES_LOAD_FAILED_MESSAGE = 'Your schedules could not be loaded. Please reload the page.';

/** A time in UTC to the minute, as the server keeps it: `2026-12-01 11:00 UTC`. */
export const utcMinute = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

export const REPEAT_TEXT: Record<TaskSchedule['repeat'], string> = {
  hourly: 'Every hour, on the hour',
  daily: 'Every day at 00:00 UTC',
  weekly: 'Every Monday at 00:00 UTC',
  cron: 'On a cron expression',
};

function ScheduleCard({
  schedule,
  busy,
  onToggle,
  onDelete,
}: {
  schedule: TaskSchedule;
  busy: boolean;
  onToggle: () => void;
  onDelete: () => void;
}) {
  return (
    <article className={styles.item} aria-label={schedule.title}>
      <div className={styles.itemHead}>
        <h3 className={styles.itemTitle}>{schedule.title}</h3>
        <span className={styles.badges}>
          <Badge tone={schedule.active ? 'green' : 'yellow'}>{schedule.active ? 'Active' : 'Paused'}</Badge>
        </span>
      </div>
      <p className={styles.muted}>
        {REPEAT_TEXT[schedule.repeat]} (<code>{schedule.cron}</code>, UTC).
      </p>
      <p>
        {schedule.nextRunAt ? (
          <>
            Next run: <time dateTime={schedule.nextRunAt}>{utcMinute(schedule.nextRunAt)}</time>
          </>
        ) : (
          'Paused: it will not run until you resume it.'
        )}
      </p>
      {schedule.failures > 0 && schedule.lastError ? (
        <div className={styles.failure}>
          <p className={styles.failureTitle}>
            Failed {schedule.failures} time{schedule.failures === 1 ? '' : 's'} in a row
          </p>
          <p>{schedule.lastError}</p>
        </div>
      ) : null}
      {schedule.runs.length > 0 ? (
        <details className={styles.badRows}>
          <summary>Last runs ({schedule.runs.length})</summary>
          <ul>
            {schedule.runs.map((run) => (
              <li key={run.taskId}>
                <Link to={`/tasks/${run.taskId}`}>{utcMinute(run.createdAt)}</Link>{' '}
                <Badge tone={STATUS_BADGE[run.status].tone}>{STATUS_BADGE[run.status].label}</Badge>
              </li>
            ))}
          </ul>
        </details>
      ) : (
        <p className={styles.muted}>No runs yet.</p>
      )}
      <div className={styles.itemActions}>
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          aria-label={`${schedule.active ? 'Pause' : 'Resume'} ${schedule.title}`}
          onClick={onToggle}
        >
          {schedule.active ? 'Pause' : 'Resume'}
        </Button>
        <Button size="sm" variant="ghost" disabled={busy} aria-label={`Delete schedule ${schedule.title}`} onClick={onDelete}>
          Delete
        </Button>
      </div>
    </article>
  );
}

/** The account's schedules: how each repeats, its next run (UTC), its last runs; pause, resume, delete. */
export function ScheduleList() {
  const utils = trpc.useUtils();
  const schedules = trpc.taskSchedules.list.useQuery();
  const refresh = () => utils.taskSchedules.list.invalidate();
  const pause = trpc.taskSchedules.pause.useMutation({ onSettled: refresh });
  const resume = trpc.taskSchedules.resume.useMutation({ onSettled: refresh });
  const remove = trpc.taskSchedules.delete.useMutation({ onSettled: refresh });
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const busy = pause.isPending || resume.isPending || remove.isPending;

  const run = async (action: () => Promise<unknown>, done: string) => {
    setStatus(null);
    try {
      await action();
      setStatus({ tone: 'success', message: done });
    } catch (error) {
      setStatus({ tone: 'error', message: serverMessage(error) ?? 'That did not work. Please try again.' });
    }
  };
  const toggle = (schedule: TaskSchedule) =>
    void (schedule.active
      ? run(() => pause.mutateAsync({ id: schedule.id }), `${schedule.title}: paused.`)
      : run(() => resume.mutateAsync({ id: schedule.id }), `${schedule.title}: resumed.`));

  return (
    <div className={styles.listArea}>
      <div aria-live="polite">{status?.tone === 'success' ? <FormAlert tone="success">{status.message}</FormAlert> : null}</div>
      {status?.tone === 'error' ? <FormAlert tone="error">{status.message}</FormAlert> : null}
      {schedules.isPending ? (
        <p className={styles.muted}>Loading your schedules…</p>
      ) : schedules.isError ? (
        <FormAlert tone="error">{SCHEDULES_LOAD_FAILED_MESSAGE}</FormAlert>
      ) : schedules.data.length === 0 ? (
        <p className={styles.muted}>{SCHEDULES_EMPTY_MESSAGE}</p>
      ) : (
        <ul className={styles.list} aria-label="Your schedules">
          {schedules.data.map((schedule) => (
            <li key={schedule.id}>
              <ScheduleCard
                schedule={schedule}
                busy={busy}
                onToggle={() => toggle(schedule)}
                onDelete={() => void run(() => remove.mutateAsync({ id: schedule.id }), `${schedule.title}: schedule deleted.`)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
