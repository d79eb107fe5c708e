import { Page } from '../../components/Page';

export default function ScrapingTasksPage() {
  return (
    <Page
      title="Scraping Tasks"
      description="Schedule jobs that collect posts from social platforms, analyse them or export the results, and follow each job's progress."
    />
  );
}
