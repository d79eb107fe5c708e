import { Page } from '../components/Page';

export default function TermsPage() {
  return (
    <Page
      title="Terms of Service"
      description="The terms that govern your use of the Coinsight website, dashboard and API."
    />
  );
}
