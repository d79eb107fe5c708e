import { parseArgs } from 'node:util';
import { seedAssets } from '../seed/assets.js';
import { seedDemoData } from '../seed/index.js';
import { seedDemoPosts } from '../seed/posts/seed-posts.js';
import { openMigrated, runCli } from './open.js';
import { formatCount, formatRate, startProgress } from './progress.js';

await runCli(async () => {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { posts: { type: 'string' } }, strict: true });
  if (values.posts !== undefined && !/^[1-9]\d{0,8}$/.test(values.posts))
    throw new Error('--posts must be a whole number from 1 to 999999999');
  const handle = await openMigrated();
  try {
    if (values.posts !== undefined) {
      // Posts are matched against the assets, so those come first.
      await seedAssets(handle.db);
      const count = Number(values.posts);
      const progress = startProgress(count, '{bar} {percentage}% | {value}/{total} posts | ETA {eta_formatted}');
      const seeded = await seedDemoPosts(handle.db, { count, onProgress: (written) => progress.update(written) });
      progress.stop();
      console.warn(
        `Seeded ${formatRate(seeded.inserted, seeded.seconds, 'new posts')} of ${formatCount(count)} generated; rollups rebuilt.`,
      );
    }
    const report = await seedDemoData(handle.db);
    console.warn(`Seeded ${report.assets} new assets, ${report.blogPosts} new blog posts, ${report.posts} new demo posts.`);
  } finally {
    await handle.close();
  }
});
