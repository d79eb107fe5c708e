import { Page } from '../components/Page';

export default function SocialPage() {
  return (
    <Page
      title="Social"
      heading="Social Media Data"
      description="Browse the posts Coinsight collects from Twitter, Instagram and Facebook, with engagement figures for each platform."
    />
  );
}
