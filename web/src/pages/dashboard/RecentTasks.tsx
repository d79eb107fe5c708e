import type { Task } from '@coinsight/contracts';
import { Link } from 'react-router';
import { Badge, Card, type BadgeTone } from '../../components/ui';
import { Time } from '../../components/Time';
import { trpc } from '../../lib/trpc';
import styles from './Dashboard.module.css';

export const RECENT_TASKS = 5;
/** While a task is pending or running its status and progress are asked for again this often. */
export const TASK_REFRESH_MS = 5_000;

const TONE: Record<Task['status'], BadgeTone> = {
  pending: 'neutral',
  running: 'info',
  completed: 'green',
  failed: 'red',
  cancelled: 'yellow',
};

const unfinished = (task: Task) => task.status === 'pending' || task.status === 'running';

/** The latest scrape, analysis and export tasks with their status (and progress while running). */
export function RecentTasks() {
  const tasks = trpc.tasks.list.useQuery(undefined, {
    refetchInterval: (query) => (query.state.data?.some(unfinished) ? TASK_REFRESH_MS : false),
  });
  const recent = tasks.data?.slice(0, RECENT_TASKS);
  return (
    <Card title="Recent tasks" aria-label="Recent tasks">
      {recent === undefined ? (
        <p className={styles.muted}>{tasks.isError ? 'Tasks could not be loaded.' : 'Loading tasks…'}</p>
      ) : recent.length === 0 ? (
        <p className={styles.muted}>No tasks yet.</p>
      ) : (
        <ul className={styles.list} aria-label="Your latest tasks">
          {recent.map((task) => (
            <li key={task.id}>
              <strong>{task.title}</strong> <span className={styles.muted}>({task.type})</span>{' '}
              <Badge tone={TONE[task.status]}>{task.status === 'running' ? `running, ${task.progress}%` : task.status}</Badge>{' '}
              <Time className={styles.muted} value={task.createdAt} />
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/tasks">All tasks</Link>
      </p>
    </Card>
  );
}
