import { reanalyzePosts } from '../analysis/reanalyze.js';
import { openMigrated, rejectArguments, runCli } from './open.js';
import { formatCount, formatRate, startProgress } from './progress.js';

await runCli(async () => {
  rejectArguments();
  const handle = await openMigrated();
  const started = performance.now();
  const total = await handle.db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const progress = startProgress(total.n, '{bar} {percentage}% | {value}/{total} posts');
  try {
    const report = await reanalyzePosts(handle.db, { onProgress: (scanned) => progress.update(scanned) });
    progress.stop();
    const seconds = (performance.now() - started) / 1000;
    console.warn(`Re-analysed ${formatRate(report.scanned, seconds, 'posts')}: ${formatCount(report.changed)} changed; rollups rebuilt.`);
  } finally {
    progress.stop();
    await handle.close();
  }
});
