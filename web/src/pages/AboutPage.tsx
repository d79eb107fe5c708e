import { Page } from '../components/Page';

export default function AboutPage() {
  return (
    <Page
      title="About"
      heading="About Coinsight"
      description="Our mission is to democratize access to crypto market data and social insights. Coinsight gives developers, businesses and researchers the same market and social signals the largest trading desks rely on, through one open, pay-as-you-go API."
    />
  );
}
