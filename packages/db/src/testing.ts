import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DbConfig } from './create-db.js';

/**
 * Test support shared by the packages whose integration tests need a database. Integration
 * tests (`*.int.test.ts`) run once on PGlite and once more on PostgreSQL when
 * TEST_DATABASE_URL is set; unit tests (`*.test.ts`) run once.
 */
export type TestDbKind = 'pglite' | 'postgres';

type Project = { extends: true; test: { name: string; include: string[]; exclude?: string[]; env?: Record<string, string> } };

/** vitest `projects`: unit, integration on PGlite, integration on PostgreSQL (when configured). */
export function testProjects(env: NodeJS.ProcessEnv = process.env): Project[] {
  const integration = ['src/**/*.int.test.ts'];
  const projects: Project[] = [
    { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts'], exclude: integration } },
    { extends: true, test: { name: 'pglite', include: integration, env: { TEST_DB: 'pglite' } } },
  ];
  if (env.TEST_DATABASE_URL) {
    projects.push({ extends: true, test: { name: 'postgres', include: integration, env: { TEST_DB: 'postgres' } } });
  }
  return projects;
}

export interface TestDatabase {
  kind: TestDbKind;
  config: DbConfig;
  /** Removes the database (PostgreSQL) made for this test file. */
  drop(): Promise<void>;
}

/** A fresh, empty database for one test file: in-memory PGlite, or a new PostgreSQL database. */
export async function createTestDatabase(env: NodeJS.ProcessEnv = process.env): Promise<TestDatabase> {
  const kind: TestDbKind = env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  if (kind === 'pglite') return { kind, config: { kind: 'pglite', dataDir: undefined }, drop: async () => undefined };

  const adminUrl = env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `coinsight_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    config: { kind: 'postgres', url: url.toString(), poolSize: 5 },
    drop: () => withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

async function withAdmin<T>(url: string, body: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await body(client);
  } finally {
    await client.end();
  }
}
