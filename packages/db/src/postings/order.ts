import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../schema/index.js';

// A walk of a term's postings reads its hour rows in key order (postings/terms.ts), but each row
// lies in the heap where the import of its hour put it: among every other term's rows of that hour,
// about four buffers a row at 1,000,000 posts. A term with few posts in common with another is
// walked over every hour of the window (docs/performance.md, "Postings in key order").

/**
 * Rewrites one UTC day's postings (`day`, 'YYYY-MM-DD') in key order: deleted and inserted again
 * sorted by (platform, term, hour), so each term's rows of the day lie side by side. The day's
 * terms come from its term counts (every postings row has one; their key does not lead with the
 * day, so those are read whole: 27 MB at 1,000,000 posts), and each term's rows of the day are
 * then read by key and locked in key order, as the importer locks them. The postings are the same
 * after; readers see them before or after, never half.
 */
const ORDER_DAY = `
  with moved as (
    delete from search_postings sp
    using search_term_days d
    where d.day = $1::date and sp.platform = d.platform and sp.term = d.term
      and sp.hour >= $1::date::timestamp at time zone 'UTC'
      and sp.hour < ($1::date + 1)::timestamp at time zone 'UTC'
    returning sp.platform, sp.term, sp.hour, sp.ids, sp.times, sp.ranks, sp.bands
  )
  insert into search_postings (platform, term, hour, ids, times, ranks, bands)
  select platform, term, hour, ids, times, ranks, bands from moved
  order by platform, term, hour
`;

/** Puts one UTC day's postings rows in key order; returns how many rows it rewrote. */
export async function orderPostingsDay(db: Kysely<Database>, day: string): Promise<number> {
  const result = await db.executeQuery(CompiledQuery.raw(ORDER_DAY, [day]));
  return Number(result.numAffectedRows ?? 0);
}
