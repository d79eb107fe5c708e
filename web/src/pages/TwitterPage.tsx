import { Page } from '../components/Page';

export default function TwitterPage() {
  return (
    <Page
      title="Twitter"
      heading="Twitter Data"
      description="Tweets collected by Coinsight, with their views, likes and replies, to filter, sort and page through."
    />
  );
}
