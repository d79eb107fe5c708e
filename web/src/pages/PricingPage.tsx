import { Page } from '../components/Page';

export default function PricingPage() {
  return (
    <Page
      title="Pricing"
      description="Coinsight is pay-as-you-go: start on the free tier and pay only for the API calls you make beyond it."
    />
  );
}
