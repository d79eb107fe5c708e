import { Card } from '../../components/ui';
import { TaskForm } from './TaskForm';
import { TaskList } from './TaskList';
import styles from './Tasks.module.css';

/** /tasks (the spec's mobile path /scraping-tasks opens it): the form and the list. */
export function TasksView() {
  return (
    <div className={styles.layout}>
      <Card title="Create a task" className={styles.create}>
        <TaskForm />
      </Card>
      <Card title="Your tasks">
        <TaskList />
      </Card>
    </div>
  );
}
