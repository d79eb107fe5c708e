import { PostsTablePage } from './PostsTablePage';

export default function LinkedinPage() {
  return (
    <PostsTablePage
      platform="linkedin"
      description="LinkedIn posts collected by Coinsight, with their views, likes, comments and shares. Filter, sort and click a row to read the whole post."
    />
  );
}
