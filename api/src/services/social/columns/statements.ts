import { POST_COUNTERS, type Database, type PostRow } from '@coinsight/db';
import { sql, type Kysely, type Transaction } from 'kysely';

/** A post's filtered fields as the statements read them. */
export interface PostFields extends Pick<PostRow, (typeof POST_COUNTERS)[number]> {
  id: number;
  platform: string;
  us: number;
  author_id: number;
  media_type: string | null;
  place: string | null;
}

const FIELDS = sql.raw(
  `p.id, p.platform, (extract(epoch from p.created_at) * 1000000)::float8 as us, p.author_id,
   ${POST_COUNTERS.map((c) => `p.${c}`).join(', ')}, p.media_type, lower(p.location) as place`,
);

/** Rows a load reads per statement. */
export const LOAD_CHUNK = 20_000;

/**
 * A load's snapshot: its oldest running transaction (every change from before it is visible or
 * gone) and the newest reload mark it sees, which the load reflects: without it, a mark left
 * while an older transaction ran would have every load after it reload again.
 */
export async function snapshotOf(trx: Transaction<Database>): Promise<{ xmin: string; mark: string }> {
  const { rows } = await sql<{ xmin: string; mark: string }>`
    select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
           coalesce((select max(xid) from post_changes where post_id is null), '0'::xid8)::text as mark
  `.execute(trx);
  return rows[0]!;
}

/** The next chunk of every post in (platform, created_at, id) order after `after`, off the (platform, created_at, id) index. */
export async function loadChunk(trx: Transaction<Database>, after: { platform: string; us: number; id: number } | undefined) {
  const past = after
    ? sql`where (p.platform, p.created_at, p.id) > (${after.platform}, timestamptz 'epoch' + ${after.us}::int8 * interval '1 microsecond', ${after.id}::int8)`
    : sql``;
  const { rows } = await sql<PostFields>`
    select ${FIELDS} from posts p ${past} order by p.platform, p.created_at, p.id limit ${LOAD_CHUNK}
  `.execute(trx);
  return rows;
}

/** The most changes a poll applies one by one; past them the copy reloads. */
export const CHANGES_CAP = 20_000;

/**
 * What changed from transaction `xmin` on, as this statement's snapshot shows it, and that
 * snapshot's own xmin; a reload mark newer than `mark` asks for a reload. The journal alone, in
 * the statement every page waits for; the changed posts are read by `postsNamed`, only when any.
 */
export async function changesSince(db: Kysely<Database>, xmin: string, mark: string) {
  const { rows } = await sql<{ xmin: string; reload: boolean; changed: number[] }>`
    select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
           exists (select 1 from post_changes where xid >= ${xmin}::xid8 and xid > ${mark}::xid8 and post_id is null) as reload,
           array(select distinct post_id from post_changes where xid >= ${xmin}::xid8 and post_id is not null limit ${CHANGES_CAP + 1}) as changed
  `.execute(db);
  const head = rows[0]!;
  return { xmin: head.xmin, reload: head.reload || head.changed.length > CHANGES_CAP, changed: head.changed.map(Number) };
}

/**
 * The named posts as they now are: the ones a poll found changed. Read after the journal, so a
 * post written again since is read newer than its entry, never older; a post gone has no row.
 */
export async function postsNamed(db: Kysely<Database>, ids: readonly number[]) {
  const { rows } = await sql<PostFields>`select ${FIELDS} from posts p where p.id = any(${ids}::int8[])`.execute(db);
  return rows;
}

/** How long the journal keeps a change: a copy that has not polled for longer reloads. */
export const CHANGES_KEPT_MINUTES = 10;

export const pruneChanges = (db: Kysely<Database>) =>
  sql`delete from post_changes where at < now() - make_interval(mins => ${CHANGES_KEPT_MINUTES})`.execute(db);
