import { Link } from 'react-router';
import { FormAlert } from '../../components/forms';
import { Page } from '../../components/Page';
import { Button } from '../../components/ui';
import { formatLongDate, isoDay } from '../../lib/formatDate';
import { trpc } from '../../lib/trpc';
import styles from './Blog.module.css';
import { NewsletterForm } from './NewsletterForm';
import { PostCard, postPath } from './PostCard';
import { TitledSection } from '../../components/TitledSection';

export const BLOG_LOAD_FAILED_MESSAGE = 'Failed to load the blog. Please try again later.';

function BlogPosts() {
  const index = trpc.blog.list.useQuery();
  if (index.isPending) {
    return (
      <div className={styles.loading} role="status">
        Loading posts…
      </div>
    );
  }
  if (index.isError) {
    return (
      <FormAlert tone="error">
        <p>{BLOG_LOAD_FAILED_MESSAGE}</p>
        <Button size="sm" variant="secondary" onClick={() => void index.refetch()}>
          Try again
        </Button>
      </FormAlert>
    );
  }
  const { featured, latest, older } = index.data;
  return (
    <>
      {featured ? (
        <TitledSection id="featured-heading" title="Featured post" titleClassName={styles.sectionTitle}>
          <PostCard post={featured} featured headingLevel={3} />
        </TitledSection>
      ) : null}
      {latest.length > 0 ? (
        <TitledSection id="latest-heading" title="Latest posts" titleClassName={styles.sectionTitle}>
          <ul className={styles.grid}>
            {latest.map((post) => (
              <li key={post.slug}>
                <PostCard post={post} headingLevel={3} />
              </li>
            ))}
          </ul>
        </TitledSection>
      ) : null}
      {older.length > 0 ? (
        <TitledSection id="older-heading" title="Earlier posts" titleClassName={styles.sectionTitle}>
          <ul className={styles.olderList}>
            {older.map((post) => (
              <li key={post.slug}>
                <Link to={postPath(post)}>{post.title}</Link>{' '}
                <time dateTime={isoDay(post.publishedAt)} className={styles.olderDate}>
                  {formatLongDate(post.publishedAt)}
                </time>
              </li>
            ))}
          </ul>
        </TitledSection>
      ) : null}
      {!featured && latest.length === 0 ? <p>No posts have been published yet.</p> : null}
    </>
  );
}

export default function BlogPage() {
  return (
    <Page title="Blog" description="Articles from the Coinsight team on crypto markets, social media data and building with the API.">
      <BlogPosts />
      <NewsletterForm />
    </Page>
  );
}
