import type { TestProject } from 'vitest/node';
import { seedDataFolder } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder migrated and seeded once for the whole run; each test file's server starts from a copy. */
    seededDataDir: string;
  }
}

// Migrating and seeding an embedded database takes most of a server's first start: once is enough.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { dataDir, remove } = await seedDataFolder();
  project.provide('seededDataDir', dataDir);
  return remove;
}
