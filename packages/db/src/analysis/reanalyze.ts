import { sql, type Kysely } from 'kysely';
import { rebuildRollups } from '../rollups/rebuild.js';
import type { Database } from '../schema/index.js';
import { analyzePost } from './analyze.js';
import { loadSymbolMatcher } from './load-symbol-matcher.js';
import { SENTIMENT_MODEL } from './sentiment.js';

export interface ReanalyzeReport {
  scanned: number;
  changed: number;
}

export interface ReanalyzeOptions {
  batchSize?: number;
  /** Only posts scored by another sentiment model than the current one: the upgrade after a model change. */
  outdatedOnly?: boolean;
  onProgress?: (scanned: number) => void;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * Runs the analysis again over the stored posts (every post after the asset list changed; with
 * `outdatedOnly`, those an older sentiment model scored), rewrites the posts whose sentiment,
 * model, hashtags or symbols differ, then rebuilds the rollups from the result if any did.
 * Walks the table in id order, a batch at a time.
 */
export async function reanalyzePosts(db: Kysely<Database>, options: ReanalyzeOptions = {}): Promise<ReanalyzeReport> {
  const batchSize = options.batchSize ?? 2_000;
  const matcher = await loadSymbolMatcher(db);
  const report: ReanalyzeReport = { scanned: 0, changed: 0 };
  for (let after = 0; ;) {
    let query = db
      .selectFrom('posts')
      .select(['id', 'text', 'hashtags', 'symbols', 'sentiment', 'sentiment_model'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(batchSize);
    if (options.outdatedOnly) query = query.where('sentiment_model', '<>', SENTIMENT_MODEL);
    const rows = await query.execute();
    const last = rows.at(-1);
    if (!last) break;
    after = last.id;
    report.scanned += rows.length;
    const changed = rows
      .map((row) => ({ id: row.id, before: row, after: analyzePost(row.text, matcher) }))
      .filter(
        ({ before, after: a }) =>
          !sameList(before.hashtags, a.hashtags) ||
          !sameList(before.symbols, a.symbols) ||
          Math.abs(before.sentiment - a.sentiment) >= 1e-6 ||
          before.sentiment_model !== a.sentimentModel,
      );
    if (changed.length > 0) {
      await sql`
        update posts set hashtags = string_to_array(u.hashtags, ' '), symbols = string_to_array(u.symbols, ' '), sentiment = u.sentiment,
          sentiment_model = u.sentiment_model
        from unnest(${changed.map((c) => c.id)}::int8[], ${changed.map((c) => c.after.hashtags.join(' '))}::text[],
                    ${changed.map((c) => c.after.symbols.join(' '))}::text[], ${changed.map((c) => c.after.sentiment)}::float4[],
                    ${changed.map((c) => c.after.sentimentModel)}::text[])
          as u(id, hashtags, symbols, sentiment, sentiment_model)
        where posts.id = u.id
      `.execute(db);
      report.changed += changed.length;
    }
    options.onProgress?.(report.scanned);
  }
  if (report.changed > 0) await rebuildRollups(db);
  return report;
}
