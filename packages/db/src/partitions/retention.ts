import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema/index.js';

/** A month's partition of posts, as posts_ensure_months names it (posts_YYYY_MM), with its range. */
export interface PostMonth {
  name: string;
  from: Date;
  to: Date;
}

const MONTH_NAME = /^posts_(\d{4})_(\d{2})$/;

/** The partitions of posts, oldest first. */
export async function postMonths(db: Kysely<Database>): Promise<PostMonth[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'posts'::regclass
  `.execute(db);
  return rows
    .flatMap(({ name }) => {
      const match = MONTH_NAME.exec(name);
      if (!match) return [];
      const [year, month] = [Number(match[1]), Number(match[2]) - 1];
      return [{ name, from: new Date(Date.UTC(year, month, 1)), to: new Date(Date.UTC(year, month + 1, 1)) }];
    })
    .sort((a, b) => a.from.getTime() - b.from.getTime());
}

/**
 * Retention (docs/operations.md, POSTS_RETENTION_DAYS): the months of posts wholly before
 * `horizon` are detached and dropped, each in a transaction with its posts' keys, search
 * postings and their day counts (an hour's postings hold that hour's posts, and a month holds whole hours), and
 * a row in post_changes that has every in-memory copy of posts reload. The
 * rollups and authors stay: they are the history the analytics read; posts_retention says where
 * the posts now start, so the lists' totals summed from the rollups count what they list.
 * Returns the months dropped.
 */
export async function dropPostMonthsBefore(db: Kysely<Database>, horizon: Date): Promise<PostMonth[]> {
  const gone = (await postMonths(db)).filter((m) => m.to.getTime() <= horizon.getTime());
  for (const month of gone) {
    await db.transaction().execute(async (trx) => {
      const table = sql.table(month.name);
      await sql`alter table posts detach partition ${table}`.execute(trx);
      await sql`delete from post_keys where id in (select id from ${table})`.execute(trx);
      await trx.deleteFrom('search_postings').where('hour', '>=', month.from).where('hour', '<', month.to).execute();
      // The postings' day counts are UTC days, and a month starts on one.
      await trx
        .deleteFrom('search_term_days')
        .where('day', '>=', sql<string>`(${month.from}::timestamptz at time zone 'UTC')::date`)
        .where('day', '<', sql<string>`(${month.to}::timestamptz at time zone 'UTC')::date`)
        .execute();
      await sql`drop table ${table}`.execute(trx);
      // A detached month's posts leave no trace a journal trigger sees: every copy reloads.
      await trx.insertInto('post_changes').values({ post_id: null }).execute();
      await trx
        .insertInto('posts_retention')
        .values({ kept_from: month.to })
        .onConflict((oc) =>
          oc.column('one').doUpdateSet((eb) => ({ kept_from: eb.fn('greatest', ['posts_retention.kept_from', 'excluded.kept_from']) })),
        )
        .execute();
    });
  }
  return gone;
}

/** The horizon `days` before `now`; undefined (keep everything) when days is undefined. */
export const retentionHorizon = (now: Date, days: number | undefined): Date | undefined =>
  days === undefined ? undefined : new Date(now.getTime() - days * 86_400_000);
