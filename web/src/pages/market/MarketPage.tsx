import { Page } from '../../components/Page';

export default function MarketPage() {
  return (
    <Page
      title="Market"
      heading="Market Overview"
      description="Prices in USD, 24-hour change, volume, market cap and social sentiment for the crypto assets Coinsight tracks."
    />
  );
}
