import { Page } from '../../components/Page';

export default function DocsGettingStartedPage() {
  return (
    <Page title="Getting Started" description="Create an account, generate an API key and make your first request to the Coinsight API." />
  );
}
