import { seedDemoData } from '../seed/index.js';
import { openMigrated, rejectArguments, runCli } from './open.js';

await runCli(async () => {
  rejectArguments();
  const handle = await openMigrated();
  try {
    const report = await seedDemoData(handle.db);
    console.warn(`Seeded ${report.assets} new assets.`);
  } finally {
    await handle.close();
  }
});
