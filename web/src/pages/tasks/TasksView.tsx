import { Card } from '../../components/ui';
import { TaskForm } from './TaskForm';
import { ScheduleList } from './ScheduleList';
import { TaskList } from './TaskList';
import styles from './Tasks.module.css';

/** /tasks (the spec's mobile path /scraping-tasks opens it): the form, the schedules and the list. */
export function TasksView() {
  return (
    <div className={styles.layout}>
      <Card title="Create a task" className={styles.create}>
        <TaskForm />
      </Card>
      <div className={styles.lists}>
        <Card title="Schedules">
          <ScheduleList />
        </Card>
        <Card title="Your tasks">
          <TaskList />
        </Card>
      </div>
    </div>
  );
}
