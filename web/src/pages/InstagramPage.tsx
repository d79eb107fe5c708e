import { Page } from '../components/Page';

export default function InstagramPage() {
  return (
    <Page
      title="Instagram"
      heading="Instagram Data"
      description="Instagram posts collected by Coinsight, with their likes, comments, media type and location, to filter, sort and page through."
    />
  );
}
