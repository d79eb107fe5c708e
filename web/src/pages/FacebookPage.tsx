import { Page } from '../components/Page';

export default function FacebookPage() {
  return (
    <Page
      title="Facebook"
      heading="Facebook Data"
      description="Facebook posts collected by Coinsight, with their likes, comments, shares and reactions, to filter, sort and page through."
    />
  );
}
