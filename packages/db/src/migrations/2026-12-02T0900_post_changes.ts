import { sql, type Kysely } from 'kysely';

// The journal of writes to `posts` that the servers' in-memory copies of the filtered columns
// follow (api/src/services/social/columns, docs/performance.md "The filter columns"). Statement
// triggers fill it, so every writer of posts (the importer's COPY and statement paths, the seed,
// an edit, a test's insert) is journalled in the same transaction as its write; a truncate, or
// retention dropping a month (partitions/retention.ts), writes a row without a post: every copy
// reloads. Each row carries its transaction's id: a reader takes what its snapshot shows from its
// last snapshot's oldest running transaction on, so a transaction that commits late is never
// skipped (docs/performance.md). Servers delete rows older than a few minutes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table post_changes (
      xid xid8 not null default pg_current_xact_id(),
      post_id bigint,
      at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index post_changes_xid_idx on post_changes (xid)`.execute(db);
  await sql`create index post_changes_at_idx on post_changes (at)`.execute(db);
  await sql`
    create function journal_post_changes() returns trigger language plpgsql as $$
    begin
      insert into post_changes (post_id) select id from changed;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create function journal_posts_reload() returns trigger language plpgsql as $$
    begin
      insert into post_changes (post_id) values (null);
      return null;
    end
    $$
  `.execute(db);
  // A trigger with a transition table names one event.
  for (const [event, table] of [
    ['insert', 'new'],
    ['update', 'new'],
    ['delete', 'old'],
  ] as const)
    await sql
      .raw(
        `create trigger posts_journal_${event} after ${event} on posts
         referencing ${table} table as changed for each statement execute function journal_post_changes()`,
      )
      .execute(db);
  await sql`create trigger posts_journal_truncate after truncate on posts for each statement execute function journal_posts_reload()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'update', 'delete', 'truncate']) await sql.raw(`drop trigger posts_journal_${event} on posts`).execute(db);
  await sql`drop function journal_posts_reload()`.execute(db);
  await sql`drop function journal_post_changes()`.execute(db);
  await sql`drop table post_changes`.execute(db);
}
