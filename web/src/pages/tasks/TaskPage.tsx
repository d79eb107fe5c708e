import { taskIdSchema } from '@coinsight/contracts';
import { Link, useNavigate, useParams } from 'react-router';
import { httpStatusOf } from '../../app/session';
import { Page } from '../../components/Page';
import { FormAlert } from '../../components/forms';
import { Button } from '../../components/ui';
import { tasksPath, useTask, useTaskReport, useTaskTeam } from './scope';
import { TaskReport } from './TaskReport';
import { pollWhileActive, TaskCard, useTaskActions } from './TaskList';
import styles from './Tasks.module.css';

export const TASK_NOT_FOUND_MESSAGE = 'This task does not exist, or it is not yours.';
const TASK_LOAD_FAILED_MESSAGE = 'This task could not be loaded. Please reload the page.';

/** /tasks/:id: one task, followed live while it runs, and an analysis's report with its charts. */
export default function TaskPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const valid = taskIdSchema.safeParse({ id }).success;
  const team = useTaskTeam();
  const task = useTask(id, valid, pollWhileActive);
  const data = task.data;
  const reportReady = data?.type === 'analyze' && data.reportAvailable;
  const report = useTaskReport(id, reportReady);
  const actions = useTaskActions(() => void navigate(tasksPath(team)));

  const missing = !valid || httpStatusOf(task.error) === 404;
  const title = data?.title ?? (missing ? 'Task not found' : 'Task');

  return (
    <Page title={title} description={<Link to={tasksPath(team)}>{team ? "Back to the team's tasks" : 'Back to your tasks'}</Link>}>
      {actions.outcome}
      {missing ? (
        <FormAlert tone="error">{TASK_NOT_FOUND_MESSAGE}</FormAlert>
      ) : task.isPending ? (
        <p className={styles.muted}>Loading the task…</p>
      ) : task.isError ? (
        <FormAlert tone="error">{TASK_LOAD_FAILED_MESSAGE}</FormAlert>
      ) : (
        <>
          <TaskCard
            task={task.data}
            onOwnPage
            busy={actions.busy}
            onCancel={actions.cancel}
            onRetry={actions.retry}
            onDelete={actions.askDelete}
            onDownload={actions.download}
            downloading={actions.downloading === task.data.id}
          />
          {reportReady ? (
            <section className={styles.reportSection} aria-label="Report">
              {report.isPending ? (
                <p className={styles.muted}>Loading the report…</p>
              ) : report.isError ? (
                <FormAlert tone="error">The report could not be loaded. Please reload the page.</FormAlert>
              ) : (
                <TaskReport
                  report={report.data}
                  action={
                    <Button variant="secondary" disabled={actions.downloading === task.data.id} onClick={() => actions.download(task.data)}>
                      Download JSON
                    </Button>
                  }
                />
              )}
            </section>
          ) : null}
        </>
      )}
      {actions.dialog}
    </Page>
  );
}
