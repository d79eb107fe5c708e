import { Page } from '../../components/Page';

export default function ApiPage() {
  return (
    <Page
      title="API"
      heading="API Reference"
      description="Every request to the Coinsight API is authenticated with your API key, sent as a Bearer token in the Authorization header; you create keys from your dashboard. This reference lists the rate limits, each endpoint and the official SDKs for Node.js, Python and Java."
    />
  );
}
