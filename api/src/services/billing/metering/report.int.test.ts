import { createDb, type DbHandle } from '@coinsight/db';
import { createTestDatabase, type TestDatabase } from '@coinsight/db/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meterIdentifier, meterIdentifierSql } from './report.js';

// Stripe de-duplicates meter events on their identifier: were the report's SQL and meterIdentifier
// ever to spell it differently, a resend would be a second event and the hour billed twice.

let database: TestDatabase;
let handle: DbHandle;

beforeAll(async () => {
  database = await createTestDatabase(process.env);
  handle = await createDb(database.config);
});

afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

describe('the meter event identifier', () => {
  it('is the same string in SQL as in TypeScript for every row', async () => {
    const rows = [
      { userId: 'u_1', hour: new Date('2026-11-01T00:00:00.000Z') },
      { userId: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', hour: new Date('2026-12-31T23:00:00.000Z') },
      { userId: 'user-with-dashes', hour: new Date('2027-03-28T01:00:00.000Z') },
      { userId: 'ms', hour: new Date('2026-11-15T07:08:09.123Z') },
    ];
    const values = sql.join(rows.map((r) => sql`(${r.userId}::text, ${r.hour}::timestamptz)`));
    const result = await sql<{ user_id: string; identifier: string }>`
      select t.user_id, ${meterIdentifierSql(sql.ref('t.user_id'), sql.ref('t.hour'))} as identifier
      from (values ${values}) as t(user_id, hour)
    `.execute(handle.db);
    expect(result.rows.map((r) => r.identifier)).toEqual(rows.map((r) => meterIdentifier(r.userId, r.hour)));
    expect(result.rows[0]?.identifier).toBe('usage-u_1-2026-11-01T00:00:00.000Z');
  });
});
