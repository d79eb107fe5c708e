import { PostsTablePage } from './PostsTablePage';

export default function TwitterPage() {
  return (
    <PostsTablePage
      platform="twitter"
      description="Tweets collected by Coinsight, with their views, likes, replies and retweets. Filter, sort by any counter and click a row to read the whole post."
    />
  );
}
