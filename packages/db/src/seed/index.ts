import type { Db } from '../create-db.js';
import { seedAssets } from './assets.js';

export interface SeedReport {
  assets: number;
}

/** Seeds demo data idempotently: running it twice adds nothing the second time. */
export async function seedDemoData(db: Db): Promise<SeedReport> {
  return { assets: await seedAssets(db) };
}
