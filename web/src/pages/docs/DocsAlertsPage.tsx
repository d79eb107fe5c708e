import { Page } from '../../components/Page';

export default function DocsAlertsPage() {
  return (
    <Page
      title="Alerts"
      heading="Price Alerts"
      description="Set an alert on a symbol's price with a condition and an optional email address, and Coinsight notifies you when the market crosses it."
    />
  );
}
