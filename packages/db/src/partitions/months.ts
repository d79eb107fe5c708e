import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from '../schema/index.js';

// posts is partitioned by month of created_at, with no default partition (migration
// 2026-11-30T0100_posts_partitioned): a row whose month has no partition fails, so every writer
// creates the months a batch needs first. posts_ensure_months (SQL, in that migration) creates
// the missing ones one maker at a time, concurrent importers alike, with the parent's
// extended statistics. Creating a partition locks posts against reads for that moment, so it is
// run in a transaction of its own, before the batch's, and only when a month is new.

/** The distinct UTC months (their first instant, ISO) that these times fall in. */
export function monthsOf(times: Iterable<Date>): string[] {
  const months = new Set<string>();
  for (const t of times) months.add(new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 1)).toISOString());
  return [...months].sort();
}

/** Creates the partitions of posts these times need (outside any transaction of the caller's). */
export async function ensurePostMonths(db: Kysely<Database>, times: Iterable<Date>): Promise<void> {
  const months = monthsOf(times);
  if (months.length > 0) await sql`select posts_ensure_months(${months}::timestamptz[])`.execute(db);
}

/** ensurePostMonths on a client of the pool, for the COPY path. */
export async function ensurePostMonthsOn(client: pg.ClientBase, times: Iterable<Date>): Promise<void> {
  const months = monthsOf(times);
  if (months.length > 0) await client.query('select posts_ensure_months($1::timestamptz[])', [months]);
}
