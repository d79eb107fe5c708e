import type { BlogPostSummary } from '@coinsight/contracts';
import { formatLongDate, isoDay } from '../../lib/formatDate';
import styles from './Blog.module.css';

/** Author, date and read time of a post. */
export function PostMeta({ post }: { post: BlogPostSummary }) {
  return (
    <p className={styles.meta}>
      <span>{post.author}</span>
      <time dateTime={isoDay(post.publishedAt)}>{formatLongDate(post.publishedAt)}</time>
      <span>{post.readTimeMinutes} min read</span>
    </p>
  );
}
