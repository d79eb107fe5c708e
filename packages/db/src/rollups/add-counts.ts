// The rollup tables' counters, and the one way both write paths (apply.ts, ingest/copy-batch.ts)
// add to them: insert the row, or add to the counters of the row already there.

/** The counters of platform_hourly_stats, in column order. */
export const PLATFORM_HOUR_COUNTS = ['posts', 'likes', 'comments', 'shares', 'views', 'replies', 'retweets', 'sentiment_sum'] as const;

/** The counters of topic_hourly_stats and topic_daily_stats. */
export const TOPIC_COUNTS = ['mentions', 'sentiment_sum', 'engagement'] as const;

/**
 * A post's engagement as the topic rollups add it up: its interactions (likes, comments, shares,
 * replies, retweets), not its views, which count reach rather than anyone acting on it.
 */
export const ENGAGEMENT_SQL = '(likes + comments + shares + replies + retweets)';

/** The counters of author_daily_stats: platform_hourly_stats's, per author and day. */
export const AUTHOR_DAY_COUNTS = PLATFORM_HOUR_COUNTS;

/** The counters of author_topic_stats. */
export const AUTHOR_TOPIC_COUNTS = ['mentions', 'sentiment_sum'] as const;

/**
 * `on conflict (key…) do update set c = table.c + excluded.c, …`: SQL text from the fixed table,
 * key and counter names above (never from input).
 */
export function addOnConflict(table: string, key: readonly string[], counts: readonly string[]): string {
  const add = counts.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ');
  return `on conflict (${key.join(', ')}) do update set ${add}`;
}
