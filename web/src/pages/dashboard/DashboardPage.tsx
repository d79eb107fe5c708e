import { Page } from '../../components/Page';

export default function DashboardPage() {
  return (
    <Page title="Dashboard" description="Your overview of API usage, keys, price alerts and the markets and social accounts you follow." />
  );
}
