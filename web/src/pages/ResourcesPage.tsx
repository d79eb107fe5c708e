import { Page } from '../components/Page';
import { LinkCards } from '../components/LinkCards';

const resources = [
  { to: '/docs', title: 'Documentation', text: 'Quick start, key concepts and step-by-step guides.' },
  { to: '/api', title: 'API Reference', text: 'Authentication, rate limits, endpoints and SDKs.' },
  { to: '/sandbox', title: 'API Sandbox', text: 'Try requests against the API from your browser.' },
  { to: '/blog', title: 'Blog', text: 'Articles on crypto markets, social data and the API.' },
];

export default function ResourcesPage() {
  return (
    <Page
      title="Resources"
      description="Everything for building with Coinsight in one place: documentation, the API reference, the sandbox and the blog."
    >
      <LinkCards cards={resources} />
    </Page>
  );
}
