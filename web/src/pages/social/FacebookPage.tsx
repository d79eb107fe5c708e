import { PostsTablePage } from './PostsTablePage';

export default function FacebookPage() {
  return (
    <PostsTablePage
      platform="facebook"
      description="Facebook posts collected by Coinsight, with their likes, comments, shares and reactions. Filter, sort and click a row to read the whole post."
    />
  );
}
