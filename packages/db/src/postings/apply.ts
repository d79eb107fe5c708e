import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema/index.js';
import { addPostingsSql, ALL_POSTINGS_SQL, ALL_TERM_DAYS_SQL, removePostingsSql } from './terms.js';

type Executor = Kysely<Database> | Transaction<Database>;

// The ids travel as one array parameter, unnested where the statements of terms.ts take a query of ids.
const ADD = addPostingsSql('select unnest($1::int8[])');
const REMOVE = removePostingsSql('select unnest($1::int8[])');

/** Adds the postings of posts just inserted (or rewritten after removePostings), in the transaction that wrote them. */
export async function addPostings(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.executeQuery(CompiledQuery.raw(ADD, [ids]));
}

/** Takes stored posts out of their terms' postings; run before rewriting them, in the same transaction. */
export async function removePostings(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.executeQuery(CompiledQuery.raw(REMOVE, [ids]));
}

/** Recomputes every posting, and the terms' days, from the posts (in the caller's transaction, after the posts are locked). */
export async function rebuildPostings(db: Executor): Promise<void> {
  await sql`delete from search_postings`.execute(db);
  await sql`delete from search_term_days`.execute(db);
  await sql.raw(ALL_POSTINGS_SQL).execute(db);
  await sql.raw(ALL_TERM_DAYS_SQL).execute(db);
}
