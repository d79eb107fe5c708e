/** Every blog illustration is drawn at this size, so pages reserve its space before it loads. */
export const BLOG_IMAGE_WIDTH = 640;
export const BLOG_IMAGE_HEIGHT = 360;

export const BLOG_LATEST_COUNT = 3;

export interface BlogPostSummary {
  slug: string;
  title: string;
  excerpt: string;
  imagePath: string;
  imageAlt: string;
  author: string;
  category: string;
  readTimeMinutes: number;
  featured: boolean;
  /** ISO 8601 timestamp. */
  publishedAt: string;
}

export interface BlogPost extends BlogPostSummary {
  body: string;
}

/** The blog index: the featured post, the latest others, then older ones. */
export interface BlogIndex {
  featured: BlogPostSummary | null;
  latest: BlogPostSummary[];
  older: BlogPostSummary[];
}

export const BLOG_POST_NOT_FOUND_MESSAGE = 'There is no blog post at this address';
