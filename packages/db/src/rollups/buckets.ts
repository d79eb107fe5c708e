import { sql } from 'kysely';

// Hour buckets with date_bin from a UTC origin, days in UTC: the same buckets delta.ts computes
// in JavaScript, whatever the server's TimeZone setting. Shared by the rebuild and the drift check,
// so both count a post in the same rows.
export const HOUR = sql`date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00:00+00')`;
export const DAY = sql`(created_at at time zone 'UTC')::date`;
/** Each post once per topic it names: `$SYMBOL` for a symbol, `#tag` for a hashtag. */
export const TOPICS = sql`cross join lateral (
  select '$' || s as topic from unnest(symbols) s
  union all
  select '#' || h from unnest(hashtags) h
) t`;
