import { sql, type Kysely } from 'kysely';

// Each posting's likes band beside its id, time and rank (docs/performance.md, "Likes bands in the
// postings"): a /v1/data page with a likes floor reads a posting's band instead of its post. Frozen
// in time: the bounds are written out here, as postings/terms.ts (LIKES_BANDS) has them today, and
// each stored posting takes its post's band as the post is now.
const BANDS = `'{1,2,5,10,20,50,100,200,500,1000,2000,5000,10000,20000,50000,100000,200000,500000,1000000}'::int4[]`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table search_postings add column bands int2[]`.execute(db);
  await sql`
    update search_postings sp set bands = coalesce((
      select array_agg(coalesce(width_bucket(p.likes, ${sql.raw(BANDS)}), 0)::int2 order by u.n)
      from unnest(sp.ids, sp.times) with ordinality u(id, t, n)
      left join posts p on p.id = u.id and p.created_at = u.t
    ), '{}')
  `.execute(db);
  await sql`alter table search_postings alter column bands set not null`.execute(db);
  // The update wrote every row anew wherever there was room: written again in key order, as the
  // daily postings-order job keeps them (docs/performance.md, "Postings in key order"), and without
  // the old versions (1,000,000 posts: 84 s for the update, 9 s for this, 1.9 GB back to 1.0).
  await sql`cluster search_postings using search_postings_pkey`.execute(db);
  await sql`analyze search_postings`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table search_postings drop column bands`.execute(db);
}
