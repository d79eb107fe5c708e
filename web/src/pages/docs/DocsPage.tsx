import { Page } from '../../components/Page';
import { LinkCards } from '../../components/LinkCards';

const guides = [
  { to: '/docs/getting-started', title: 'Getting Started', text: 'Create an account, get an API key and make your first call.' },
  { to: '/docs/data-analysis', title: 'Data Analysis', text: 'Combine prices, mentions and sentiment to study the market.' },
  { to: '/docs/alerts', title: 'Price Alerts', text: 'Get notified when a symbol crosses a price.' },
];

export default function DocsPage() {
  return (
    <Page
      title="Docs"
      heading="Documentation"
      description="Install the Coinsight client, make your first call and learn the key concepts: authentication, rate limiting and error handling."
    >
      <LinkCards cards={guides} />
    </Page>
  );
}
