import { PostsTablePage } from './PostsTablePage';

export default function InstagramPage() {
  return (
    <PostsTablePage
      platform="instagram"
      description="Instagram posts collected by Coinsight, with their likes, comments, media type and location. Filter, sort and click a row to read the whole caption."
    />
  );
}
