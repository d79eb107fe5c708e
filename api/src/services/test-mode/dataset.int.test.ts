import { existsSync } from 'node:fs';
import type { DbHandle } from '@coinsight/db';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestDataset, openTestDataset, TEST_DATASET_FILE } from './dataset.js';

// The api's build writes the test dataset into dist/ (cli/build-test-dataset.ts); a server opens
// that copy. It must hold exactly the rows a build holds, table by table. The dataset is an
// embedded database whatever the live one is: PGlite's project alone.
const skip = process.env.TEST_DB === 'postgres';
const log = pino({ level: 'silent' });

/**
 * Each table of the public schema as one digest of its rows in a fixed order, without the columns
 * that record when a row was written (a default of now()): those are the build's own time.
 */
async function digests(handle: DbHandle): Promise<Record<string, string>> {
  const columns = await sql<{ table: string; columns: string[] }>`
    select c.table_name as table, array_agg(c.column_name::text order by c.ordinal_position) as columns
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.table_name not like 'kysely_%'
      and coalesce(c.column_default, '') not ilike '%now()%' and coalesce(c.column_default, '') not ilike '%current_timestamp%'
    group by 1 order by 1
  `.execute(handle.db);
  const out: Record<string, string> = {};
  for (const { table, columns: names } of columns.rows) {
    const row = await sql<{ digest: string | null }>`
      select md5(string_agg(r::text, '|' order by r::text)) as digest
      from (select ${sql.join(names.map((name) => sql.ref(name)))} from ${sql.table(table)}) r
    `.execute(handle.db);
    out[table] = row.rows[0]?.digest ?? 'empty';
  }
  return out;
}

describe.skipIf(skip)('the built test dataset', () => {
  const open: DbHandle[] = [];
  afterAll(async () => {
    await Promise.all(open.map((handle) => handle.close()));
  });

  it("is the build's file, and holds the same rows as a dataset built afresh", async () => {
    expect(existsSync(TEST_DATASET_FILE), `${TEST_DATASET_FILE}: run the api's build`).toBe(true);
    const opened = await openTestDataset(log);
    open.push(opened);
    const built = await buildTestDataset(log);
    open.push(built);
    const [fromFile, afresh] = await Promise.all([digests(opened), digests(built)]);
    expect(Object.keys(fromFile).length).toBeGreaterThan(20);
    expect(fromFile.posts).not.toBe('empty');
    expect(fromFile).toEqual(afresh);
  }, 300_000);
});
