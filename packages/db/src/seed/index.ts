import type { Db } from '../create-db.js';
import { seedAssets } from './assets.js';
import { seedBlogPosts } from './blog/index.js';
import { seedDemoPostsOnce } from './posts/seed-posts.js';

export interface SeedReport {
  assets: number;
  blogPosts: number;
  /** Demo social posts: seeded only into a database that has none. */
  posts: number;
}

/** Seeds demo data idempotently: running it twice adds nothing the second time. */
export async function seedDemoData(db: Db): Promise<SeedReport> {
  return { assets: await seedAssets(db), blogPosts: await seedBlogPosts(db), posts: await seedDemoPostsOnce(db) };
}
