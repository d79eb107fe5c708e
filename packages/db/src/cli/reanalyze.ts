import { parseArgs } from 'node:util';
import { reanalyzePosts } from '../analysis/reanalyze.js';
import { SENTIMENT_MODEL } from '../analysis/sentiment.js';
import { openMigrated, runCli } from './open.js';
import { formatCount, formatRate, startProgress } from './progress.js';

await runCli(async () => {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { outdated: { type: 'boolean' } }, strict: true });
  const outdatedOnly = values.outdated === true;
  const handle = await openMigrated();
  const started = performance.now();
  let count = handle.db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n'));
  if (outdatedOnly) count = count.where('sentiment_model', '<>', SENTIMENT_MODEL);
  const total = await count.executeTakeFirstOrThrow();
  const progress = startProgress(Number(total.n), '{bar} {percentage}% | {value}/{total} posts');
  try {
    const report = await reanalyzePosts(handle.db, { outdatedOnly, onProgress: (scanned) => progress.update(scanned) });
    progress.stop();
    const seconds = (performance.now() - started) / 1000;
    const rollups = report.changed > 0 ? 'rollups rebuilt' : 'rollups unchanged';
    console.warn(
      `Re-analysed ${formatRate(report.scanned, seconds, 'posts')} with ${SENTIMENT_MODEL}: ${formatCount(report.changed)} changed; ${rollups}.`,
    );
  } finally {
    progress.stop();
    await handle.close();
  }
});
