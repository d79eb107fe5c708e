import type { Generated, Selectable } from 'kysely';

/** An article of the public blog. */
export interface BlogPostsTable {
  id: Generated<number>;
  /** Lower-case words joined by dashes; the post's address is /blog/<slug>. */
  slug: string;
  title: string;
  excerpt: string;
  /** Paragraphs separated by blank lines, `## ` headings, `- ` list items and ``` code blocks. */
  body: string;
  /** Path of the illustration under the web app's public folder, e.g. `/blog/one-schema.svg`. */
  image_path: string;
  image_alt: string;
  author: string;
  category: string;
  read_time_minutes: number;
  featured: Generated<boolean>;
  published_at: Date;
  created_at: Generated<Date>;
}

export type BlogPostRow = Selectable<BlogPostsTable>;
