import { BLOG_IMAGE_HEIGHT, BLOG_IMAGE_WIDTH, type BlogPostSummary } from '@coinsight/contracts';
import styles from './Blog.module.css';

/** Sized up front, so the text below never jumps when the image arrives. */
export function PostImage({ post, eager = false }: { post: BlogPostSummary; eager?: boolean }) {
  return (
    <img
      className={styles.image}
      src={post.imagePath}
      alt={post.imageAlt}
      width={BLOG_IMAGE_WIDTH}
      height={BLOG_IMAGE_HEIGHT}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
