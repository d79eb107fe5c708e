import type { BlogPostSummary } from '@coinsight/contracts';
import { Link } from 'react-router';
import { Badge } from '../../components/ui';
import { cx } from '../../lib/cx';
import styles from './Blog.module.css';
import { PostImage } from './PostImage';
import { PostMeta } from './PostMeta';

export function postPath(post: Pick<BlogPostSummary, 'slug'>): string {
  return `/blog/${post.slug}`;
}

export interface PostCardProps {
  post: BlogPostSummary;
  /** The featured post is laid out wide, with a bigger title, and its image loads first. */
  featured?: boolean;
  headingLevel: 2 | 3;
}

export function PostCard({ post, featured = false, headingLevel }: PostCardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={cx(styles.card, featured && styles.featured)}>
      <PostImage post={post} eager={featured} />
      <div className={styles.cardBody}>
        <Badge tone="info" className={styles.category}>
          {post.category}
        </Badge>
        <Heading className={styles.cardTitle}>
          <Link to={postPath(post)} className={styles.titleLink}>
            {post.title}
          </Link>
        </Heading>
        <p className={styles.excerpt}>{post.excerpt}</p>
        <PostMeta post={post} />
        <Link to={postPath(post)} className={styles.readMore}>
          Read More<span className={styles.srOnly}>: {post.title}</span>
        </Link>
      </div>
    </article>
  );
}
