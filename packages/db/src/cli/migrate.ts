import { openMigrated, rejectArguments, runCli } from './open.js';

await runCli(async () => {
  rejectArguments();
  const handle = await openMigrated();
  await handle.close();
  console.warn('Database is at the latest migration.');
});
