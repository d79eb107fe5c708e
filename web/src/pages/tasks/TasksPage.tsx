import { Page } from '../../components/Page';
import { TasksView } from './TasksView';

export default function TasksPage() {
  return (
    <Page title="Tasks" description="Your scraping, analysis and export tasks, with the status and progress of each one.">
      <TasksView />
    </Page>
  );
}
