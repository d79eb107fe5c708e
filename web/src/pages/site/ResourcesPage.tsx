import { ApiStatus } from '../../app/ApiStatus';
import { LinkCards } from '../../components/LinkCards';
import { Page } from '../../components/Page';
import { Card } from '../../components/ui';
import styles from './ResourcesPage.module.css';

const resources = [
  { to: '/docs', title: 'Documentation', text: 'Quick start, key concepts and step-by-step guides.' },
  { to: '/docs/getting-started', title: 'Guide: Getting Started', text: 'Create an account, get an API key and make your first call.' },
  { to: '/docs/data-analysis', title: 'Guide: Data Analysis', text: 'Combine prices, mentions and sentiment to study the market.' },
  { to: '/docs/alerts', title: 'Guide: Price Alerts', text: 'Get notified when a symbol crosses a price.' },
  { to: '/api', title: 'API Reference', text: 'Authentication, rate limits, endpoints and SDKs.' },
  { to: '/sandbox', title: 'API Sandbox', text: 'Try requests against the API from your browser.' },
  { to: '/blog', title: 'Blog', text: 'How the product works: schemas, sentiment, limits and pricing.' },
  { to: '/pricing', title: 'Pricing', text: 'Plans, rate limits and what a month of calls costs.' },
];

export default function ResourcesPage() {
  return (
    <Page
      title="Resources"
      description="Everything for building with Coinsight in one place: documentation and guides, the API reference, the sandbox, the blog and the service status."
    >
      <LinkCards cards={resources} />
      <Card title="Service status" className={styles.status}>
        <ApiStatus />
        <p className={styles.text}>
          The health endpoint answers whether the API and its database are up right now, as JSON your monitoring can poll:{' '}
          <a href="/api/health">/api/health</a>
        </p>
      </Card>
    </Page>
  );
}
