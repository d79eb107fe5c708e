import type { BlogPost } from '@coinsight/contracts';
import { Link, useParams } from 'react-router';
import { NotFound } from '../../app/NotFound';
import { httpStatusOf } from '../../app/session';
import { FormAlert } from '../../components/forms';
import { Page } from '../../components/Page';
import { Badge, Button, ButtonLink, Container } from '../../components/ui';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useMetaDescription } from '../../lib/usePageMeta';
import { trpc } from '../../lib/trpc';
import { ArticleBody } from './ArticleBody';
import styles from './Blog.module.css';
import { PostImage } from './PostImage';
import { PostMeta } from './PostMeta';

export const POST_NOT_FOUND_TITLE = 'Post not found';
export const POST_LOAD_FAILED_MESSAGE = 'Failed to load this post. Please try again later.';

function LoadingPost() {
  useDocumentTitle('Blog');
  return (
    <Container width="narrow" className={styles.postPage}>
      <p className={styles.loading} role="status">
        Loading post…
      </p>
    </Container>
  );
}

export default function BlogPostPage() {
  const { slug = '' } = useParams();
  const post = trpc.blog.bySlug.useQuery({ slug }, { retry: (failures, error) => httpStatusOf(error) !== 404 && failures < 2 });
  useMetaDescription(post.data?.excerpt);

  if (post.isPending) return <LoadingPost />;
  if (post.isError) {
    if (httpStatusOf(post.error) === 404)
      return (
        <NotFound
          title={POST_NOT_FOUND_TITLE}
          description="There is no blog post at this address. The link may be mistyped, or the post may have moved."
          back={{ to: '/blog', label: 'Back to the blog' }}
        />
      );
    return (
      <Page title="Blog" description="Articles from the Coinsight team." width="narrow">
        <FormAlert tone="error">
          <p>{POST_LOAD_FAILED_MESSAGE}</p>
          <Button size="sm" variant="secondary" onClick={() => void post.refetch()}>
            Try again
          </Button>
        </FormAlert>
      </Page>
    );
  }
  return <Article post={post.data} />;
}

function Article({ post }: { post: BlogPost }) {
  useDocumentTitle(post.title);
  return (
    <Container width="narrow" className={styles.postPage}>
      <article className={styles.post}>
        <header className={styles.postHeader}>
          <Link to="/blog" className={styles.back}>
            ← All posts
          </Link>
          <Badge tone="info" className={styles.category}>
            {post.category}
          </Badge>
          <h1 className={styles.postTitle}>{post.title}</h1>
          <p className={styles.postExcerpt}>{post.excerpt}</p>
          <PostMeta post={post} />
        </header>
        <PostImage post={post} eager />
        <ArticleBody body={post.body} />
        <footer className={styles.postFooter}>
          <ButtonLink to="/blog" variant="secondary">
            Back to the blog
          </ButtonLink>
        </footer>
      </article>
    </Container>
  );
}
