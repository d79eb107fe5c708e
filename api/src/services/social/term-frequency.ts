import { sql } from 'kysely';
import type { Db } from '@coinsight/db';
import type { SocialDeps } from './deps.js';

/** What a search requires of a post: its tsquery's text (or none), coins and hashtags. */
export interface SearchParts {
  tsquery: string | null;
  symbols: readonly string[];
  hashtags: readonly string[];
}

type Frequencies = Record<'search' | 'symbols' | 'hashtags', Map<string, number>>;

/**
 * The share of posts holding each common element of `search` (lexemes), `symbols` and `hashtags`,
 * from PostgreSQL's own statistics (pg_stats' most_common_elems, which ANALYZE keeps for tsvector
 * and array columns), kept with the app's facts (read again after FACT_TTL_MS: ANALYZE changes them).
 * posts is partitioned by month (docs/performance.md, "Time partitions") and autovacuum analyzes
 * the months, not the parent: each month's shares are weighed by its rows (an element too rare
 * in a month to be listed counts as none there).
 */
function frequenciesOf(db: Db): Promise<Frequencies> {
  return sql<{ column: 'search' | 'symbols' | 'hashtags'; element: string; frequency: number }>`
    with months as (
      select c.relname, c.reltuples from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = to_regclass('posts') and c.reltuples > 0
    )
    select s.attname as column, u.element, sum(u.frequency * m.reltuples) / (select sum(reltuples) from months) as frequency
    from months m
    join pg_stats s on s.schemaname = current_schema() and s.tablename = m.relname and not s.inherited
    cross join lateral unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as u(element, frequency)
    where s.attname in ('search', 'symbols', 'hashtags')
    group by s.attname, u.element
  `
    .execute(db)
    .then(({ rows }) => {
      const result: Frequencies = { search: new Map(), symbols: new Map(), hashtags: new Map() };
      for (const row of rows) result[row.column].set(row.element, Number(row.frequency));
      return result;
    });
}

/**
 * A search postings term's share of posts ('bitcoin', '$BTC', '#defi', as search/choose.ts names
 * them) by the same statistics; undefined for one too rare to be among their common elements.
 */
export async function termFrequencyOf(deps: Pick<SocialDeps, 'readDb' | 'facts'>): Promise<(term: string) => number | undefined> {
  const frequencies = await deps.facts.get('term-frequencies', () => frequenciesOf(deps.readDb));
  return (term) =>
    term.startsWith('$')
      ? frequencies.symbols.get(term.slice(1))
      : term.startsWith('#')
        ? frequencies.hashtags.get(term.slice(1))
        : frequencies.search.get(term);
}
