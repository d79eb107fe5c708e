import { Page } from '../components/Page';

export default function BlogPage() {
  return (
    <Page
      title="Blog"
      description="Articles from the Coinsight team on crypto markets, social media data and building with the API."
    />
  );
}
