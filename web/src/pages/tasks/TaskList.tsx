import { EXPORT_TTL_HOURS, type Task } from '@coinsight/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { serverMessage, useSession } from '../../app/session';
import { FormAlert } from '../../components/forms';
import { Badge, Button, Dialog } from '../../components/ui';
import { Time } from '../../components/Time';
import { ProgressBar } from './ProgressBar';
import { downloadTaskFile, FileRequestError } from './taskFiles';
import { taskPath, useRefreshTasks, useTaskList, useTaskMutations, useTaskTeam } from './scope';
import { canCancel, canRetry, describeParams, isActive, STATUS_BADGE, summaryText, taskTimes, TYPE_LABEL } from './taskText';
import styles from './Tasks.module.css';

export const TASKS_EMPTY_TITLE = 'No tasks yet';
export const TASKS_EMPTY_MESSAGE =
  'A task is a job the server runs for you in the background while you do something else: you create it with the form, follow its progress here, and come back for the result.';
export const TASKS_LOAD_FAILED_MESSAGE = 'Your tasks could not be loaded. Please reload the page.';
const ACTION_FAILED_MESSAGE = 'That did not work. Please try again.';
/** How often the list asks again while a task is pending or running; never once all have finished. */
export const TASKS_POLL_MS = 2_000;

/** The export's file name, if the server does not say one. */
const fileNameOf = (task: Task) => (task.type === 'export' ? `${task.title}.${task.params.format}` : `${task.title}.json`);

/** What a task produced: counts and bad rows, its report, or its file. */
function TaskResult({
  task,
  onDownload,
  downloading,
  onOwnPage,
}: {
  task: Task;
  onDownload: (task: Task) => void;
  downloading: boolean;
  onOwnPage: boolean;
}) {
  const team = useTaskTeam();
  const summary = summaryText(task);
  if (task.type === 'scrape') {
    const s = task.resultSummary;
    return (
      <>
        {summary ? <p className={styles.summary}>{summary}</p> : null}
        {s?.rateLimited ? <p className={styles.muted}>{s.rateLimited.message}</p> : null}
        {s && s.errors.length > 0 ? (
          <details className={styles.badRows}>
            <summary>Bad rows{s.failed > s.errors.length ? ` (the first ${s.errors.length} of ${s.failed})` : ''}</summary>
            <ul>
              {s.errors.map((error) => (
                <li key={error.line}>
                  Line {error.line}: {error.reason}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </>
    );
  }
  if (task.type === 'analyze') {
    return (
      <>
        {summary ? <p className={styles.summary}>{summary}</p> : null}
        {task.reportAvailable && !onOwnPage ? (
          <p>
            <Link to={taskPath(task.id, team)}>View the report of {task.title}</Link>
          </p>
        ) : null}
      </>
    );
  }
  const s = task.resultSummary;
  return (
    <>
      {summary ? <p className={styles.summary}>{summary}</p> : null}
      {task.downloadUrl && s ? (
        <div className={styles.download}>
          <Button
            size="sm"
            variant="secondary"
            disabled={downloading}
            onClick={() => onDownload(task)}
            aria-label={`Download ${task.title}`}
          >
            {downloading ? 'Downloading…' : 'Download'}
          </Button>
          <span className={styles.muted}>
            Available until <Time value={s.expiresAt} />.
          </span>
        </div>
      ) : s?.expired || (s && task.status === 'completed' && !task.downloadUrl) ? (
        <p className={styles.muted}>The file has expired: files are kept {EXPORT_TTL_HOURS} hours. Retry the task to write it again.</p>
      ) : null}
    </>
  );
}

export interface TaskCardProps {
  task: Task;
  busy: boolean;
  onCancel: (task: Task) => void;
  onRetry: (task: Task) => void;
  onDelete: (task: Task) => void;
  onDownload: (task: Task) => void;
  downloading: boolean;
  /** On /tasks/:id the page's h1 is the title and the report is below, not a link away. */
  onOwnPage?: boolean;
}

export function TaskCard({ task, busy, onCancel, onRetry, onDelete, onDownload, downloading, onOwnPage = false }: TaskCardProps) {
  const badge = STATUS_BADGE[task.status];
  return (
    <article className={styles.item} aria-label={task.title}>
      <div className={styles.itemHead}>
        {onOwnPage ? null : <h3 className={styles.itemTitle}>{task.title}</h3>}
        <span className={styles.badges}>
          <Badge>{TYPE_LABEL[task.type]}</Badge>
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </span>
      </div>
      {task.description ? <p className={styles.description}>{task.description}</p> : null}
      <p className={styles.muted}>{describeParams(task)}</p>
      {isActive(task) ? <ProgressBar value={task.progress} label={`Progress of ${task.title}`} /> : null}
      <p className={styles.muted}>
        {taskTimes(task)}
        {task.attempts > 1 ? ` Run ${task.attempts} times.` : ''}
      </p>
      {task.status === 'failed' && task.error ? (
        <div className={styles.failure}>
          <p className={styles.failureTitle}>Why it failed</p>
          <p>{task.error}</p>
        </div>
      ) : task.error ? (
        <p className={styles.muted}>{task.error}</p>
      ) : null}
      <TaskResult task={task} onDownload={onDownload} downloading={downloading} onOwnPage={onOwnPage} />
      <div className={styles.itemActions}>
        {canCancel(task) ? (
          <Button size="sm" variant="secondary" disabled={busy} aria-label={`Cancel ${task.title}`} onClick={() => onCancel(task)}>
            Cancel
          </Button>
        ) : null}
        {canRetry(task) ? (
          <Button size="sm" variant="secondary" disabled={busy} aria-label={`Retry ${task.title}`} onClick={() => onRetry(task)}>
            Retry
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" disabled={busy} aria-label={`Delete ${task.title}`} onClick={() => onDelete(task)}>
          Delete
        </Button>
      </div>
    </article>
  );
}

/** Cancel, retry, delete (after a confirmation) and download, with their outcome announced. */
export function useTaskActions(onDeleted?: () => void) {
  const { token } = useSession();
  const refresh = useRefreshTasks();
  const mutations = useTaskMutations();
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const [deleting, setDeleting] = useState<Task | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setStatus(null);
    try {
      await action();
      setStatus({ tone: 'success', message: done });
      return true;
    } catch (error) {
      setStatus({ tone: 'error', message: serverMessage(error) ?? ACTION_FAILED_MESSAGE });
      return false;
    }
  };
  const confirmDelete = async () => {
    const task = deleting;
    setDeleting(null);
    if (task && (await run(() => mutations.remove(task.id), `${task.title}: deleted.`))) onDeleted?.();
  };
  const download = async (task: Task) => {
    setStatus(null);
    setDownloading(task.id);
    try {
      await downloadTaskFile(task.id, token, fileNameOf(task), mutations.team);
    } catch (error) {
      setStatus({ tone: 'error', message: error instanceof FileRequestError ? error.message : ACTION_FAILED_MESSAGE });
      // An expired file is said so on the task itself from now on.
      if (error instanceof FileRequestError && error.status === 410) await refresh();
    } finally {
      setDownloading(null);
    }
  };

  return {
    busy: mutations.busy,
    downloading,
    cancel: (task: Task) => void run(() => mutations.cancel(task.id), `${task.title}: cancelled.`),
    retry: (task: Task) => void run(() => mutations.retry(task.id), `${task.title}: waiting to run again.`),
    askDelete: setDeleting,
    download: (task: Task) => void download(task),
    outcome: (
      <>
        {/* Always present, so the outcome of an action is announced when it appears. */}
        <div aria-live="polite">{status?.tone === 'success' ? <FormAlert tone="success">{status.message}</FormAlert> : null}</div>
        {status?.tone === 'error' ? <FormAlert tone="error">{status.message}</FormAlert> : null}
      </>
    ),
    dialog: (
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} title="Delete this task?">
        <p>{deleting ? `${deleting.title} will be deleted, with its report or file. This cannot be undone.` : null}</p>
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => setDeleting(null)} data-autofocus>
            Keep It
          </Button>
          <Button onClick={() => void confirmDelete()}>Delete Task</Button>
        </div>
      </Dialog>
    ),
  };
}

/** While any task is pending or running, ask again every TASKS_POLL_MS; otherwise not at all. */
export const pollWhileActive = (tasks: Task[] | undefined) => (tasks?.some(isActive) ? TASKS_POLL_MS : false);

/** The user's tasks, newest first, following the ones still running. */
export function TaskList() {
  const tasks = useTaskList(pollWhileActive);
  const team = useTaskTeam();
  const actions = useTaskActions();

  return (
    <div className={styles.listArea}>
      {actions.outcome}
      {tasks.isPending ? (
        <p className={styles.muted}>Loading your tasks…</p>
      ) : tasks.isError ? (
        <FormAlert tone="error">{TASKS_LOAD_FAILED_MESSAGE}</FormAlert>
      ) : tasks.data.length === 0 ? (
        <div className={styles.empty}>
          <h3 className={styles.emptyTitle}>{TASKS_EMPTY_TITLE}</h3>
          <p>{TASKS_EMPTY_MESSAGE}</p>
          <dl className={styles.types}>
            <dt>Scrape</dt>
            <dd>collects posts into the store: upload a JSON Lines or CSV file, give a URL that serves one, or search X.</dd>
            <dt>Analyze</dt>
            <dd>charts the posts about some symbols or keywords: mentions over time, sentiment, top authors, hashtags and coins.</dd>
            <dt>Export</dt>
            <dd>writes those posts to a CSV, JSON or JSON Lines file you can download for {EXPORT_TTL_HOURS} hours.</dd>
          </dl>
        </div>
      ) : (
        <ul className={styles.list} aria-label={team ? "The team's tasks" : 'Your tasks'}>
          {tasks.data.map((task) => (
            <li key={task.id}>
              <TaskCard
                task={task}
                busy={actions.busy}
                onCancel={actions.cancel}
                onRetry={actions.retry}
                onDelete={actions.askDelete}
                onDownload={actions.download}
                downloading={actions.downloading === task.id}
              />
            </li>
          ))}
        </ul>
      )}
      {actions.dialog}
    </div>
  );
}
