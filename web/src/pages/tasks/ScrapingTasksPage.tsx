import { Page } from '../../components/Page';
import { TasksView } from './TasksView';

export default function ScrapingTasksPage() {
  return (
    <Page
      title="Scraping Tasks"
      description="Schedule jobs that collect posts from social platforms, analyse them or export the results, and follow each job's progress."
    >
      <TasksView />
    </Page>
  );
}
