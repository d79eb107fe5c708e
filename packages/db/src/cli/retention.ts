import { parseArgs } from 'node:util';
import { dropPostMonthsBefore } from '../partitions/retention.js';
import { openMigrated, runCli } from './open.js';

// `pnpm db:retention --days 365`: drops the months of posts wholly older than that, with their
// keys and search postings (partitions/retention.ts); the API's daily job does the same with
// POSTS_RETENTION_DAYS.
await runCli(async () => {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { days: { type: 'string' } }, strict: true });
  const days = Number(values.days);
  if (!Number.isInteger(days) || days < 1) throw new Error('--days <whole days, at least 1> is required');
  const handle = await openMigrated();
  try {
    const gone = await dropPostMonthsBefore(handle.db, new Date(Date.now() - days * 86_400_000));
    console.warn(gone.length === 0 ? 'No month of posts is past the horizon.' : `Dropped ${gone.map((m) => m.name).join(', ')}.`);
  } finally {
    await handle.close();
  }
});
