import { Readable } from 'node:stream';
import { createDb, type DbHandle } from '../create-db.js';
import { migrateToLatest } from '../migrate.js';
import { seedAssets } from '../seed/assets.js';
import { createTestDatabase, type TestDatabase } from '../testing.js';

/** A fresh migrated test database with the asset list, for the social-data integration tests. */
export async function openSocialTestDb(): Promise<{ handle: DbHandle; close: () => Promise<void> }> {
  const testDb: TestDatabase = await createTestDatabase();
  const handle = await createDb(testDb.config);
  await migrateToLatest(handle.db);
  await seedAssets(handle.db);
  return {
    handle,
    close: async () => {
      await handle.close();
      await testDb.drop();
    },
  };
}

export const streamOf = (text: string) => Readable.from([Buffer.from(text)]);
export const jsonl = (...records: unknown[]) => records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n');
