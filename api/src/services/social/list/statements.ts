import { LIST_COUNT_CAP, RANGE_FILTERS, SOCIAL_PLATFORMS, SORT_COLUMNS } from '@coinsight/contracts';
import type { Database } from '@coinsight/db';
import { sql, type AliasedExpression, type ExpressionBuilder, type Kysely, type QueryCreator, type RawBuilder } from 'kysely';
import { POST_COLUMNS } from '../post-shapes.js';
import { bitmapHolds } from './choose.js';
import { rangeInterval, type CounterRange, type ListFacts } from './facts.js';
import { placesChecked, type SampledPost } from './sample.js';
import { authorRangeOf, type CountDriver } from './walk-length.js';

// The statements of the list strategies (list/choose.ts), each built from the facts alone.
type Source = QueryCreator<Database>;
/**
 * A page's posts as its statement picks them: the id, and the time, which every index the pick
 * reads includes; joined on both, the page's rows are read from their months of posts alone
 * (docs/performance.md, "Time partitions").
 */
export type PageIds = AliasedExpression<{ id: number; created_at: Date }, 'page'>;

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The posts that pass every filter but the platform and the counter ranges. */
function passingOthers(db: Source, f: ListFacts) {
  let q = db.selectFrom('posts');
  // The handle's authors, read first: a list of ids the planner weighs on the author column's
  // statistics and checks on each entry of a sort's index, which includes the author.
  if (f.authorIds) q = q.where(sql<boolean>`posts.author_id = any(${f.authorIds}::int8[])`);
  // Part of a handle, any case: authors are few next to posts, so they are matched first.
  else if (f.username) {
    const handle = handleOf(f.platform, f.username);
    q = q.where('posts.author_id', 'in', (eb) => eb.selectFrom('authors').select('authors.id').where(handle));
  }
  // Containment, which the GIN index on symbols answers (an `= any(symbols)` test it could not use).
  if (f.coin) q = q.where('posts.symbols', '@>', sql<string[]>`array[${f.coin}]::text[]`);
  if (f.startDate) q = q.where('posts.created_at', '>=', f.startDate);
  if (f.endDate) q = q.where('posts.created_at', '<=', f.endDate);
  if (f.mediaType) q = q.where('posts.media_type', '=', f.mediaType);
  // The places that contain the text, read first: the posts at each are read off the place's index.
  if (f.places) q = q.where(sql<boolean>`lower(posts.location) = any(${f.places}::text[])`);
  else if (f.location) q = q.where(sql`lower(posts.location)`, 'like', likePattern(f.location));
  return q;
}

/** The platform's authors whose handle contains `username`, any case: the one test of a handle, in a statement or read first. */
const handleOf = (platform: ListFacts['platform'], username: string) => (eb: ExpressionBuilder<Database, 'authors'>) =>
  eb.and([eb('authors.platform', '=', platform), eb(sql<string>`lower(authors.username)`, 'like', likePattern(username))]);

/** The most authors a handle's filter names by id; more match a handle too short to narrow much, matched in the statement. */
export const AUTHOR_IDS_CAP = 2_000;

/** The ids of the platform's authors whose handle contains `username`, up to AUTHOR_IDS_CAP + 1. */
export const authorsMatching = (db: Source, platform: ListFacts['platform'], username: string) =>
  db
    .selectFrom('authors')
    .select('authors.id')
    .where(handleOf(platform, username))
    .limit(AUTHOR_IDS_CAP + 1);

/** The most places a location's filter names; more match a text too short to narrow much, matched in the statement. */
export const PLACES_CAP = 1_000;

/** The places of Instagram's shared posts that contain `location`, any case, up to PLACES_CAP + 1. */
export const placesMatching = (db: Source, location: string) =>
  db
    .selectFrom('instagram_places')
    .select('instagram_places.place')
    .where('instagram_places.place', 'like', likePattern(location))
    .limit(PLACES_CAP + 1);

/** The posts that pass every filter. */
export const matching = (db: Source, f: ListFacts) =>
  f.ranges.reduce(
    (q, range) => q.where(`posts.${range.counter}`, range.op, range.value),
    passingOthers(db, f).where('posts.platform', '=', f.platform),
  );

/**
 * The same matches as the planner should weigh them: each counter range on the platform's own
 * counter (`case when platform = … then counter end`, null elsewhere), which has statistics of
 * its own (migration 2026-11-27T1300_platform_counter_statistics), and the platform test left
 * out, since that expression implies it. The table-wide distribution of a counter other
 * platforms lack misled the estimate by 40%.
 */
export const weighable = (db: Source, f: ListFacts) =>
  f.ranges.reduce(
    (q, range) => q.where(sql`(case when platform = ${sql.lit(f.platform)} then ${sql.ref(range.counter)} end)`, range.op, range.value),
    passingOthers(db, f),
  );

/** The page's ids walking the sort's (platform, column, id) index, filtered on the way. */
export const walkedIds = (db: Source, f: ListFacts) =>
  matching(db, f)
    .select(['posts.id', 'posts.created_at'])
    .orderBy(`posts.${f.sortBy}`, f.sortOrder)
    .orderBy('posts.id', f.sortOrder)
    .limit(f.limit)
    .offset(f.offset);

/**
 * `walk-sort-index`'s page: the sort's index walked in its order and each entry checked on the way
 * against the filters, which that index includes (the time, the author, every counter; on
 * Instagram's own indexes the media type and the place), so no row is read until the page's.
 * OFFSET 0 keeps the walk a query of its own, so its plan is the same whatever the values, and the
 * statement runs on generic plans (list/choose.ts, FIXED_PLAN_STRATEGIES): planning it per call
 * over the months' indexes cost more than running it (a Twitter page "likes at least 100": 2–3 ms
 * of planning, 1.4 ms of execution at 1,000,000 posts). Planned around the filters, PostgreSQL
 * also weighs a handle's authors as independent of the rest and misjudges the matches: "239
 * authors and replies at least 25" at 284 posts where 3,345 match, so it read 36,000 entries of
 * the replies index to sort them (7.1 ms) where the walk by time meets the page in about 7,600
 * (2.1 ms). A range on the sort's counter and, sorted by time, the dates bound the walk itself. A
 * coin is in none of these indexes: with one, the planner's own plan is kept, planned per call.
 * It is `instagram-walk`'s page too, Instagram's media type and "location contains" alone: the
 * planner, which cannot weigh "contains", took "image in Austin" for 656 posts where there are
 * 3,434 and read them all off the trigram index to sort them (page 8 in 23.8 ms, walked in 2.7).
 */
export function walkSortIndexIds(db: Source, f: ListFacts) {
  if (f.coin) return walkedIds(db, f);
  return checkedSortWalk(db, f).orderBy('w.key', f.sortOrder).orderBy('w.id', f.sortOrder).limit(f.limit).offset(f.offset);
}

/**
 * The matches up to LIST_COUNT_CAP + 1 in the page's order, off the sort's index walked as
 * `walk-sort-index` walks it: the count's `sort` driver (list/walk-length.ts), whose capped page is
 * the list's page past the cap too when it lies within them. Not with a coin, which no sort index holds.
 */
export const orderedMatches = (db: Source, f: ListFacts) =>
  checkedSortWalk(db, f)
    .select((f.sortBy === 'created_at' ? sql<number>`(extract(epoch from w.key) * 1000)::numeric` : sql<number>`w.key::numeric`).as('key'))
    .orderBy('w.key', f.sortOrder)
    .orderBy('w.id', f.sortOrder)
    .limit(LIST_COUNT_CAP + 1);

/** The sort's index walked with every filter checked on each entry, in no order yet: `walk-sort-index`'s walk and the `sort` driver's. */
function checkedSortWalk(db: Source, f: ListFacts) {
  const instagram = f.platform === 'instagram';
  const checked = rangeCounters(f).filter((counter) => counter !== f.sortBy);
  const columns: WalkColumn[] = ['author_id', ...checked, ...(instagram ? (['media_type', 'location'] as const) : [])];
  let walk = sortIndexWalk(db, f, columns).where(withinRanges(f, checked));
  if (!f.username || (f.authorIds && bitmapHolds(f.authorIds))) walk = walk.where(authorInAny(f));
  else if (f.authorIds) walk = walk.where(sql<boolean>`w.author_id = any(${f.authorIds}::int8[])`);
  else {
    const handle = handleOf(f.platform, f.username);
    walk = walk.where('w.author_id', 'in', (eb) => eb.selectFrom('authors').select('authors.id').where(handle));
  }
  if (instagram) walk = walk.where(mediaTypeAny(f));
  if (instagram && (!f.location || placesChecked(f))) walk = walk.where(placeInAny(f));
  else if (f.location) walk = walk.where(sql`lower(w.location)`, 'like', likePattern(f.location));
  return walk;
}

/**
 * The counters a sort walk checks on each entry, whether filtered or not (an unfiltered one
 * between -FAR and FAR, always true), so that its text is the same for every filter set: every
 * platform's range counters on the shared walk indexes, Instagram's own on its partial ones.
 */
const rangeCounters = (f: ListFacts): readonly Counter[] => (f.platform === 'instagram' ? RANGE_FILTERS.instagram : ALL_RANGE_COUNTERS);

const ALL_RANGE_COUNTERS: readonly Counter[] = [...new Set(Object.values(RANGE_FILTERS).flat())].sort();

/** Columns a fenced walk carries out of its index for its checks (each index includes those its walks read). */
type WalkColumn = 'author_id' | 'media_type' | 'location' | Counter;

/** A counter a list sorts by or filters on. */
type Counter = CounterRange['counter'] | 'retweets';

/**
 * The fenced walks' common part: the sort's index walked in its order as a query of its own
 * (OFFSET 0, so the checks on `w` are made entry by entry, not planned around), carrying the id,
 * the time, the sort's value as `key` and `columns`. Sorted by time the dates bound the walk, and
 * so does a range on the sort's counter; sorted by a counter the dates are checked on each entry.
 * Written the same whatever the values (`inDates` between infinities, a range as one interval), so
 * that one generic plan per connection serves them all.
 */
function sortIndexWalk(db: Source, f: ListFacts, columns: readonly WalkColumn[]) {
  const byTime = f.sortBy === 'created_at';
  const ordered = db
    .selectFrom('posts')
    .select(['posts.id', 'posts.created_at', `posts.${f.sortBy} as key`])
    .select(columns.map((column) => `posts.${column}` as const))
    .where(onPlatform(f))
    .$if(byTime, (q) => q.where(inDates('posts.created_at', f)))
    .$if(!byTime, (q) => q.where(within(`posts.${f.sortBy}`, interval(f, f.sortBy as Counter))))
    .orderBy(`posts.${f.sortBy}`, f.sortOrder)
    .orderBy('posts.id', f.sortOrder)
    .offset(0);
  return db
    .selectFrom(ordered.as('w'))
    .select(['w.id', 'w.created_at'])
    .$if(!byTime, (q) => q.where(inDates('w.created_at', f)));
}

/**
 * The platform's posts: Instagram's spelled out, so that a generic plan can read its own partial
 * indexes, which include the media type and the place; the others' a parameter, one text for all.
 */
const onPlatform = (f: ListFacts) =>
  f.platform === 'instagram' ? sql<boolean>`posts.platform = 'instagram'` : sql<boolean>`posts.platform = ${f.platform}`;

/** The counters the ranges filter, each once, in a fixed order: what a walk checks (`withinRanges`). */
const filteredCounters = (f: ListFacts): Counter[] => [...new Set(f.ranges.map((range) => range.counter))].sort();

/** Past any counter: the bound of a range's open side (counters are whole, never null, below 2^53). */
const FAR = Number.MAX_SAFE_INTEGER;

/** A counter's ranges as one closed interval, from -FAR to FAR on a side none bounds. */
function interval(f: ListFacts, counter: Counter): { lo: number; hi: number } {
  const { lo, hi } = rangeInterval(f.ranges, counter);
  return { lo: Math.max(-FAR, lo), hi: Math.min(FAR, hi) };
}

const within = (column: string, { lo, hi }: { lo: number; hi: number }) =>
  sql<boolean>`${sql.ref(column)} between ${lo}::int8 and ${hi}::int8`;

/** Each of `counters` of a walk's entry (`w`) within its ranges' interval: the same text whichever side is open. */
const withinRanges = (f: ListFacts, counters: readonly Counter[]) =>
  sql<boolean>`${sql.join([sql`true`, ...counters.map((counter) => within(`w.${counter}`, interval(f, counter)))], sql` and `)}`;

/** The dates as a closed interval on `column`, infinite on a side the filter leaves open. */
const inDates = (column: string, f: ListFacts) =>
  sql<boolean>`${sql.ref(column)} between ${f.startDate ?? '-infinity'}::timestamptz and ${f.endDate ?? 'infinity'}::timestamptz`;

/**
 * A walk's entry (`w`) by an author of the handle's bitmap, or any entry without a handle: one
 * text for both, the flag deciding (the bitmap's test is never reached without a handle).
 */
function authorInAny(f: ListFacts) {
  const bitmap = f.authorIds ? authorBitmap(f.authorIds) : undefined;
  return sql<boolean>`(${!bitmap}::bool or ${authorIn(bitmap ?? { low: 0, high: -1, bits: Buffer.alloc(0) })})`;
}

/**
 * The matches up to LIST_COUNT_CAP + 1, each with the page's sort value as `key`, read by walking
 * the `driver`'s index (list/walk-length.ts, `countDriver`) and checking every other filter on each
 * entry, which that index includes: a fenced walk (OFFSET 0), so its plan is the same whatever the
 * values and the statement runs on generic plans. The planner's own plan of the same matches was
 * planned per call over every month's indexes: 1.35 ms of planning for 1.55 of execution on the
 * combined filters' counts at 1,000,000 posts (docs/performance.md, "A count's driver").
 *
 * Its text depends on the driver and on which counters are filtered, not on the values, on which
 * side of a range is open, on whether there are dates or a handle, or on the sort (the capped
 * page's `sortValue` and `inPageOrder`): the dates are checked between infinities, the handle's
 * bitmap (`authorBitmap`: a list of ids is searched entry by entry on a generic plan) behind a
 * flag. So a generic plan made on a connection serves many filter sets: written per filter set,
 * the texts numbered 849 in a 30-second run and 46% of the counts prepared a plan of their own.
 */
export function drivenMatches(db: Source, f: ListFacts, driver: Exclude<CountDriver, 'sort'>) {
  return drivenWalk(db, f, driver).limit(LIST_COUNT_CAP + 1);
}

/**
 * The page's ids among every match, read off the `driver`'s index as a count is (`drivenMatches`)
 * and sorted: `sort-matches` past the cap on generic plans, where the planner's own plan of the
 * same matches was planned per call over every month's indexes.
 */
export const drivenSortedIds = (db: Source, f: ListFacts, driver: Exclude<CountDriver, 'sort'>) =>
  db
    .selectFrom(drivenWalk(db, f, driver).as('m'))
    .select(['m.id', 'm.created_at'])
    .orderBy(inPageOrder(f, 'm.key'))
    .orderBy(inPageOrder(f, 'm.id'))
    .limit(f.limit)
    .offset(f.offset)
    .as('page');

/** Every match off the driver's index, each with the page's sort value as `key`, in no order. */
function drivenWalk(db: Source, f: ListFacts, driver: Exclude<CountDriver, 'sort'>) {
  // The dates bound the walks of the author and time indexes. Not the place index's: with them, a
  // generic plan, weighing the places as many, walked a month's time index and tested each entry's
  // place instead; the dates are checked on each entry.
  const byTime = driver === 'author' || driver === 'created_at';
  const byAuthor = driver === 'author' || authorRangeOf(driver) !== undefined;
  const bound = authorRangeOf(driver) ?? (byTime || driver === 'place' ? undefined : (driver as Counter));
  const instagram = f.platform === 'instagram';
  const carried = carriedCounters(f, driver);
  const entries = db
    .selectFrom('posts')
    .select(['posts.id', 'posts.created_at', 'posts.author_id'])
    // The author index's entries are every platform's, so the platform is checked on each.
    .$if(driver === 'author', (q) => q.select('posts.platform'))
    .select(carried.map((column) => `posts.${column}` as const))
    .$if(instagram, (q) => q.select(['posts.media_type', 'posts.location']))
    .where(driverEntries(f, driver))
    .$if(byTime, (q) => q.where(inDates('posts.created_at', f)))
    .$if(bound !== undefined, (q) => q.where(within(`posts.${bound}`, interval(f, bound!))))
    .offset(0);
  return db
    .selectFrom(entries.as('w'))
    .select(['w.id', 'w.created_at', sortValue('w', f, carried).as('key')])
    .$if(driver === 'author', (q) => q.where(sql<boolean>`w.platform = ${f.platform}`))
    .$if(!byTime, (q) => q.where(inDates('w.created_at', f)))
    .where(
      withinRanges(
        f,
        filteredCounters(f).filter((counter) => counter !== bound),
      ),
    )
    .$if(!byAuthor, (q) => q.where(authorInAny(f)))
    .$if(instagram, (q) => q.where(mediaTypeAny(f)))
    .$if(instagram && driver !== 'place', (q) => q.where(placeInAny(f)));
}

/**
 * A post of `platform` as the author-range indexes' predicate says it: of none of the others
 * (migration 2026-12-01T0200_posts_author_ranges). Said as an equality it would let a generic plan,
 * which guesses ten authors and a range holding 0.5% of the posts, read the platform's counter
 * index instead, its range for every author (9 ms, where the author-range index counts in 2.3).
 */
const notOtherPlatform = (platform: ListFacts['platform']) =>
  sql<boolean>`posts.platform not in (${sql.join(SOCIAL_PLATFORMS.filter((other) => other !== platform).map((other) => sql.lit(other)))})`;

/**
 * The condition a driver's walk is bounded by, besides the dates or its range. Instagram's own
 * partial indexes (which include the media type and the place) and the author-range indexes need
 * the platform spelled out for a generic plan to read them; the place index holds posts with a
 * place alone.
 */
function driverEntries(f: ListFacts, driver: Exclude<CountDriver, 'sort'>) {
  const authors = sql<boolean>`posts.author_id = any(${f.authorIds ?? []}::int8[])`;
  if (driver === 'author') return authors;
  if (authorRangeOf(driver)) return sql<boolean>`${notOtherPlatform(f.platform)} and ${authors}`;
  if (driver === 'place')
    return sql<boolean>`posts.platform = 'instagram' and posts.location is not null and lower(posts.location) = any(${f.places ?? []}::text[])`;
  return onPlatform(f);
}

/**
 * The counters a count's walk carries: every sort's on the shared walk indexes, the platform's own
 * on its partial ones (Instagram's, and the author-range indexes).
 */
const carriedCounters = (f: ListFacts, driver?: CountDriver): readonly Counter[] =>
  f.platform === 'instagram' || (driver && authorRangeOf(driver)) ? boxCounters(f.platform) : SORT_COUNTERS;

/** A walk's entry (`w`) of the media type, or any entry without one: one text for both. */
const mediaTypeAny = (f: ListFacts) => sql<boolean>`(${!f.mediaType}::bool or w.media_type = ${f.mediaType ?? ''})`;

/** A walk's entry (`w`) at one of the location's places (at most PLACES_CHECKED, list/sample.ts), or any entry without one. */
const placeInAny = (f: ListFacts) => sql<boolean>`(${!f.places}::bool or lower(w.location) = any(${f.places ?? []}::text[]))`;

/** The page's ids: every match read through the filters' indexes, then sorted. */
export const sortedIds = (db: Source, f: ListFacts) =>
  db
    // OFFSET 0 keeps the matches a query of its own, planned without the order: through the filters' indexes.
    .selectFrom(
      matching(db, f)
        .select(['posts.id', 'posts.created_at', `posts.${f.sortBy} as key`])
        .offset(0)
        .as('m'),
    )
    .select(['m.id', 'm.created_at'])
    .orderBy('m.key', f.sortOrder)
    .orderBy('m.id', f.sortOrder)
    .limit(f.limit)
    .offset(f.offset);

/** A platform's sortable counters, in its table's order: the dimensions of its counter box (migration 2026-11-30T0500_posts_counter_boxes). */
export const boxCounters = (platform: ListFacts['platform']): readonly CounterRange['counter'][] =>
  SORT_COLUMNS[platform].filter((column): column is CounterRange['counter'] => column !== 'created_at');

/** Whether the database has the counter boxes: a server without the cube extension has none. */
export const counterBoxesExist = (db: Source) =>
  db.selectNoFrom(sql<boolean>`to_regclass('posts_twitter_counters_box_idx') is not null`.as('ok')).executeTakeFirstOrThrow();

/**
 * `counter-box`'s page: each post of the platform a point of its counters (`boxCounters`) in the
 * platform's GiST index, the counter ranges a box. The box's points are read nearest first along
 * the sort's coordinate (`~>`: 2k - 1 is the k-th counter, negated to read it largest first) up to
 * the page's last row. That walk does not order equal values by id, so the rows of the last value
 * read are read again, all of them, from the box pinned to that value; with the rows before it they
 * are sorted by the value and the id. Both reads are in proportion to the page and the posts tying
 * with its last one, not to the matches or the platform (docs/performance.md, "The counter box").
 * The box is exact on whole counters (float8 holds every integer up to 2^53).
 */
export function counterBoxIds(db: Source, f: ListFacts): PageIds {
  const counters = boxCounters(f.platform);
  const axis = counters.indexOf(f.sortBy as CounterRange['counter']);
  const point = sql`cube(array[${sql.join(counters.map((c) => sql.ref(`posts.${c}`)))}]::float8[])`;
  const along = sql`${point} ~> ${sql.lit((2 * axis + 1) * (f.sortOrder === 'asc' ? 1 : -1))}`;
  const corner = (op: CounterRange['op'], none: number, pinned?: RawBuilder<unknown>) =>
    sql`array[${sql.join(
      counters.map((counter, i) => {
        if (i === axis && pinned) return pinned;
        const values = f.ranges.filter((range) => range.counter === counter && range.op === op).map((range) => range.value);
        return sql`${op === '>=' ? Math.max(none, ...values) : Math.min(none, ...values)}::float8`;
      }),
    )}]`;
  const within = (pinned?: RawBuilder<unknown>) =>
    sql`posts.platform = ${sql.lit(f.platform)} and ${point} <@ cube(${corner('>=', -Number.MAX_VALUE, pinned)}, ${corner('<=', Number.MAX_VALUE, pinned)})`;
  const column = sql.ref(`posts.${f.sortBy}`);
  // The last value read: its distance, negated back when read largest first.
  const last = sql`(select ${sql.raw(f.sortOrder === 'asc' ? '' : '-')}max(d) from nearest)`;
  const order = sql.raw(f.sortOrder);
  return sql<{ id: number; created_at: Date }>`(
    with nearest as materialized (
      select posts.id, posts.created_at, ${column} as v, ${along} as d from posts where ${within()}
      order by ${along} limit ${f.offset + f.limit}
    )
    select ties.id, ties.created_at from (
      select nearest.id, nearest.created_at, nearest.v from nearest where nearest.d < (select max(d) from nearest)
      union all
      select posts.id, posts.created_at, ${column} from posts where ${within(last)} and ${last} is not null
    ) ties
    order by ties.v ${order}, ties.id ${order} limit ${f.limit} offset ${f.offset}
  )`.as('page');
}

/** Author ids as a bitmap for `get_bit`: bit `id - low` is set for each id (bits numbered from each byte's lowest). */
export interface AuthorBitmap {
  low: number;
  high: number;
  bits: Buffer;
}

export function authorBitmap(ids: readonly number[]): AuthorBitmap {
  const low = Math.min(...ids);
  const high = Math.max(...ids);
  const bits = Buffer.alloc(((high - low) >> 3) + 1);
  for (const id of ids) bits[(id - low) >> 3]! |= 1 << ((id - low) & 7);
  return { low, high, bits };
}

/** A walk's entry (`w`) whose author is in the bitmap: within its bounds, then its bit. */
const authorIn = ({ low, high, bits }: AuthorBitmap) =>
  sql<boolean>`w.author_id between ${low} and ${high} and get_bit(${bits}::bytea, (w.author_id - ${low})::int4) = 1`;

/**
 * A handle's page, with dates or none, past LIST_COUNT_CAP matches: the sort's (platform, column,
 * id) index, which includes the author and the time, is walked in its order (OFFSET 0 keeps the
 * walk a query of its own) and each entry's author tested in a bitmap of the handle's authors.
 * The statement fixes its plan, so it runs on generic plans: a list of ids would be searched
 * entry by entry there (measured: 2.9 ms for page 4 of "alpha" on Twitter, where the bitmap takes
 * 0.7 ms), and planning the same walk per call with the ids spelled out cost 1.5–2 ms of the 2.3.
 * A window bounds the walk by time; sorted by a counter, it is checked on each entry. Past the cap
 * the matches are at least 1,001 of the platform's posts, so the walk is bounded.
 */
export function handleWalkIds(db: Source, f: ListFacts, bitmap: AuthorBitmap) {
  return sortIndexWalk(db, f, ['author_id'])
    .where(authorIn(bitmap))
    .orderBy('w.key', f.sortOrder)
    .orderBy('w.id', f.sortOrder)
    .limit(f.limit)
    .offset(f.offset);
}

/**
 * The platform's posts in the hourly rollups, within the query's dates when it has any, and from
 * where retention left the posts (posts_retention; the rollups keep the hours before as history).
 */
export function rollupTotal(db: Source, f: Pick<ListFacts, 'platform' | 'startDate' | 'endDate'>) {
  let q = db
    .selectFrom('platform_hourly_stats')
    .select(sql<number>`coalesce(sum(posts), 0)::int8`.as('n'))
    .where('platform', '=', f.platform)
    .where('hour', '>=', sql<Date>`coalesce((select kept_from from posts_retention), '-infinity')`);
  if (f.startDate) q = q.where('hour', '>=', f.startDate);
  // An hour ending at or before the last millisecond of the range: it starts at or before it.
  if (f.endDate) q = q.where('hour', '<=', f.endDate);
  return q;
}
export type Total = ReturnType<typeof rollupTotal>;

/** Index-only entries read in the time of one heap row (measured: 6,394 entries in 1.3 ms, 6,435 rows in 28 ms). */
const HEAP_ROW_COST = 20;

/**
 * A window's page sorted by a counter. Walking the sort's index meets a match every
 * platform/window posts, each a heap row: about (offset + limit) × platform / window rows.
 * Reading the window off the time index, which includes the counters, and sorting it reads the
 * window's entries alone, about HEAP_ROW_COST of them in the time of one heap row. The window's
 * count decides in the statement itself (each branch runs only when its gate holds): a day's
 * Twitter page 6 by replies, walked, read 13,500 rows; sorted, 6,394 entries in 1.3 ms
 * (1,000,000 posts). window² ≥ reach, as window ≥ ⌈√reach⌉ (counts are whole): the window is
 * counted once in each gate.
 */
export function gatedIds(db: Source, f: ListFacts, windowCount: Total, platformTotal: number): PageIds {
  const reach = HEAP_ROW_COST * (f.offset + f.limit) * platformTotal;
  const walks = sql<boolean>`(${windowCount}) >= ${Math.ceil(Math.sqrt(reach))}`;
  return db
    .selectFrom(walkedIds(db, f).as('w'))
    .select(['w.id', 'w.created_at'])
    .where(walks)
    .unionAll(
      db
        .selectFrom(sortedIds(db, f).as('s'))
        .select(['s.id', 's.created_at'])
        .where(sql<boolean>`not ${walks}`),
    )
    .as('page');
}

/** The matches counted up to LIST_COUNT_CAP + 1 (or another cap: a download's bound + 1). */
export const cappedCount = (db: Source, f: ListFacts, cap = LIST_COUNT_CAP) =>
  db
    .selectFrom(
      matching(db, f)
        .select(sql<number>`1`.as('one'))
        .limit(cap + 1)
        .as('m'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'));

/**
 * The matches read up to LIST_COUNT_CAP + 1 once, counted and, when they are no more than the cap,
 * sorted into the page with its rows, in one statement: the count a list needs first and the
 * `sort-matches` page that follows it when the cap holds, which were two statements each planned
 * over every month's indexes. Every row carries the count `n`; a page past the last match is one
 * row with `n` alone (no post). Past the cap the page is not the list's (the matches were cut at
 * the cap, not sorted whole) and the caller reads it otherwise. With a `driver` the matches are
 * its walk (`drivenMatches`) and the statement runs on generic plans; without one, the planner's
 * plan of them, planned per call.
 */
export const cappedPage = (db: Source, f: ListFacts, driver?: CountDriver) =>
  db
    .with('capped', (qc) =>
      driver === 'sort'
        ? orderedMatches(qc, f)
        : driver
          ? drivenMatches(qc, f, driver)
          : matching(qc, f)
              .select(['posts.id', 'posts.created_at', sortValue('posts', f).as('key')])
              .limit(LIST_COUNT_CAP + 1),
    )
    .selectFrom((qc) =>
      qc
        .selectFrom('capped')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .as('c'),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('capped')
          .select(['capped.id', 'capped.created_at', 'capped.key'])
          .orderBy(inPageOrder(f, 'capped.key'))
          .orderBy(inPageOrder(f, 'capped.id'))
          .limit(f.limit)
          .offset(f.offset)
          .as('page'),
      (join) => join.onTrue(),
    )
    .leftJoin('posts', (join) => join.onRef('posts.id', '=', 'page.id').onRef('posts.created_at', '=', 'page.created_at'))
    .leftJoin('authors', 'authors.id', 'posts.author_id')
    .select(POST_COLUMNS)
    .select('c.n')
    .orderBy(inPageOrder(f, 'page.key'))
    .orderBy(inPageOrder(f, 'page.id'))
    .execute();

/** Every counter a list sorts by, on any platform. */
const SORT_COUNTERS = [...new Set(Object.values(SORT_COLUMNS).flat())].filter((column): column is Counter => column !== 'created_at');

/**
 * A row's value in the page's sort as a number, a time as epoch milliseconds, the column named by a
 * parameter: one text for every sort, so the capped page's generic plan serves them all.
 */
const sortValue = (table: 'posts' | 'w', f: ListFacts, counters: readonly Counter[] = SORT_COUNTERS) =>
  sql<number>`(case ${f.sortBy}::text when 'created_at' then extract(epoch from ${sql.ref(`${table}.created_at`)}) * 1000 ${sql.join(
    counters.map((counter) => sql`when ${sql.lit(counter)} then ${sql.ref(`${table}.${counter}`)}`),
    sql` `,
  )} end)::numeric`;

/** A sort value ascending in the page's order: negated when the page is descending (a parameter, one text for both). */
const inPageOrder = (f: ListFacts, column: string) => sql`${sql.ref(column)} * ${f.sortOrder === 'desc' ? -1 : 1}::int4`;

/** Where a download's last chunk ended: its last row's sort value and id. */
export interface KeysetPosition {
  key: Date | number | string;
  id: number;
}

/**
 * A download's next `f.limit` ids in the list's order (the sort, then id, the same direction),
 * after `after`: the rows a reader paging the table would meet, read by keyset on the sort's
 * (platform, column, id) index rather than by an offset that walks every row before it.
 */
export function keysetIds(db: Source, f: ListFacts, after: KeysetPosition | undefined): PageIds {
  let q = matching(db, f).select(['posts.id', 'posts.created_at']);
  if (after) {
    const op = sql.raw(f.sortOrder === 'desc' ? '<' : '>');
    q = q.where(sql<boolean>`(${sql.ref(`posts.${f.sortBy}`)}, posts.id) ${op} (${after.key}, ${after.id})`);
  }
  return q.orderBy(`posts.${f.sortBy}`, f.sortOrder).orderBy('posts.id', f.sortOrder).limit(f.limit).as('page');
}

/** The page's rows and authors in the page's order, from a query of its ids; a total may ride along as a scalar subquery. */
/** A page's posts named by key (id and created_at in microseconds), as the filter columns order them. */
export const keyedIds = (keys: readonly { id: number; us: number }[]): PageIds =>
  sql<{ id: number; created_at: Date }>`(
    select k.id, timestamptz 'epoch' + k.us * interval '1 microsecond' as created_at
    from unnest(${keys.map((key) => key.id)}::int8[], ${keys.map((key) => key.us)}::int8[]) as k(id, us)
  )`.as('page');

export const pageRows = (db: Source, f: ListFacts, pageIds: PageIds, total?: Total) =>
  db
    .selectFrom(pageIds)
    .innerJoin('posts', (join) => join.onRef('posts.id', '=', 'page.id').onRef('posts.created_at', '=', 'page.created_at'))
    .innerJoin('authors', 'authors.id', 'posts.author_id')
    .select(POST_COLUMNS)
    .$if(!!total, (qb) => qb.select(total!.as('total')))
    .orderBy(`posts.${f.sortBy}`, f.sortOrder)
    .orderBy('posts.id', f.sortOrder)
    .execute();
export type PageRow = Awaited<ReturnType<typeof pageRows>>[number];

/** The planner's estimate of a query's rows, to two significant figures (it is no closer than that). */
export async function plannedRows(query: { explain: (format: 'json') => Promise<unknown[]> }): Promise<number> {
  const [row] = (await query.explain('json')) as { 'QUERY PLAN': unknown }[];
  const plan = row?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }];
  return Number(Number(parsed[0].Plan['Plan Rows']).toPrecision(2));
}

/**
 * About `percent` of the platform's shared posts, sampled by whole pages (TABLESAMPLE SYSTEM: the
 * pages read are the sample, so its cost is the sample's size, not the platform's), with what a
 * walk index holds of each and its page (the partition's oid, then the page's number).
 */
export async function counterSample(db: Kysely<Database>, platform: ListFacts['platform'], percent: number): Promise<SampledPost[]> {
  const { rows } = await sql<{
    id: number | string;
    created_at: Date;
    author_id: number | string;
    likes: number | null;
    comments: number | null;
    shares: number | null;
    views: number | null;
    replies: number | null;
    retweets: number | null;
    block: number | string;
    media_type: string | null;
    place: string | null;
  }>`select id, created_at, author_id, likes, comments, shares, views, replies, retweets, media_type, lower(location) as place,
            (tableoid::int8 << 32) + (ctid::text::point)[0]::int8 as block
     from posts tablesample system (${sql.lit(percent)}) where platform = ${platform}`.execute(db);
  return rows.map((row) => ({
    id: Number(row.id),
    block: Number(row.block),
    createdAt: new Date(row.created_at).getTime(),
    authorId: Number(row.author_id),
    likes: row.likes,
    comments: row.comments,
    shares: row.shares,
    views: row.views,
    replies: row.replies,
    retweets: row.retweets,
    mediaType: row.media_type,
    place: row.place,
  }));
}
