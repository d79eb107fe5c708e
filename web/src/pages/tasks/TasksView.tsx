import { teamRoleCan } from '@coinsight/contracts';
import { useSearchParams } from 'react-router';
import { Card, Select } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import { useTaskTeam } from './scope';
import { TaskForm } from './TaskForm';
import { ScheduleList } from './ScheduleList';
import { TaskList } from './TaskList';
import styles from './Tasks.module.css';

/**
 * /tasks (the spec's mobile path /scraping-tasks opens it): the form, the schedules and the list,
 * of one's own tasks or (with teams) of a team's, whose tasks write into and read the team's own
 * dataset (schedules are personal: a team's tasks run once).
 */
export function TasksView() {
  const team = useTaskTeam();
  const [, setParams] = useSearchParams();
  const teams = trpc.teams.list.useQuery(undefined, { retry: false });
  const readable = (teams.data ?? []).filter((t) => teamRoleCan(t.role, 'readData'));
  const current = readable.find((t) => t.id === team) ?? null;
  return (
    <>
      {readable.length > 0 ? (
        <Select
          label="Tasks of"
          options={[{ value: '', label: 'You alone' }, ...readable.map((t) => ({ value: t.id, label: `The team ${t.name}` }))]}
          value={current?.id ?? ''}
          onChange={(event) => setParams(event.target.value ? { team: event.target.value } : {})}
        />
      ) : null}
      <div className={styles.layout}>
        {current === null || teamRoleCan(current.role, 'runTasks') ? (
          <Card title={current ? `Create a task for ${current.name}` : 'Create a task'} className={styles.create}>
            <TaskForm key={current?.id ?? 'mine'} />
          </Card>
        ) : null}
        <div className={styles.lists}>
          {team === null ? (
            <Card title="Schedules">
              <ScheduleList />
            </Card>
          ) : null}
          <Card title={current ? `${current.name}'s tasks` : 'Your tasks'}>
            <TaskList />
          </Card>
        </div>
      </div>
    </>
  );
}
