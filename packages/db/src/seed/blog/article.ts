/** A blog article as the seed writes it; read time is derived from the body, not typed in. */
export interface BlogArticle {
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  imagePath: string;
  imageAlt: string;
  author: string;
  category: string;
  featured: boolean;
  /** ISO date of publication (UTC midnight). */
  publishedOn: string;
}

const WORDS_PER_MINUTE = 200;

/** Minutes an average reader needs for `body`, at least one. */
export function readTimeMinutes(body: string): number {
  const words = body.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
