import { LIST_COUNT_CAP, type ListQuery, type PostPage, type SocialPlatform } from '@coinsight/contracts';
import type { Database } from '@coinsight/db';
import type { QueryCreator } from 'kysely';
import { readKey } from '../../read-cache.js';
import { fixedPlanPoolFor, postsSource, postsSourceFor, type DatasetScope } from '../dataset.js';
import type { SocialDeps } from '../deps.js';
import { toPlatformPost } from '../post-shapes.js';
import {
  bitmapHolds,
  chooseList,
  onGenericPlans,
  handleAlone,
  isWeighed,
  sampleable,
  SURE_BLOCKS,
  surelyPastCap,
  type ListMeasure,
  type ListMeasured,
  type ListStrategy,
} from './choose.js';
import { columnQueryOf } from './columns-query.js';
import { listFactsOf, matchesKey, type ListFacts } from './facts.js';
import { containsNothing, resolveContains } from './resolve.js';
import * as statements from './statements.js';
import { COUNTER_SAMPLE_ROWS, sampleChecks, type CounterSample } from './sample.js';
import { boxLength, countDriver, sampledMatches, walkLength, type CountDriver } from './walk-length.js';

type Source = QueryCreator<Database>;

/** A list read's input: whose posts, which platform, the parsed query. */
export interface ListInput<P extends SocialPlatform> {
  scope: DatasetScope;
  platform: P;
  query: ListQuery<P>;
}

export interface ListRead {
  deps: SocialDeps;
  /** Where the measurements and the strategies whose plans depend on their values run: planned per call. */
  db: Source;
  /** Where the strategies of FIXED_PLAN_STRATEGIES run: on generic plans (dataset.ts, fixedPlanPoolFor). */
  fixed: Source;
  f: ListFacts;
  measured: ListMeasured;
  /** The page's rows, read with the count when the matches were no more than the cap (`countMatches`). */
  sorted?: statements.PageRow[];
  /** The count's driver once the sample has picked one (`countDriverOf`). */
  driver?: CountDriver;
}

/**
 * One page of a platform's posts with the total that matches: the planner (list/choose.ts) picks
 * a named strategy from the query's facts, asking for a measurement (a capped count, the
 * planner's estimate, the platform's size) when the choice depends on one; the strategy's
 * statement then reads the page. Sorting is always completed by id in the same direction, so
 * equal values never shuffle between pages; each (platform, column, id) index answers that order.
 */
export async function readListPage<P extends SocialPlatform>(deps: SocialDeps, input: ListInput<P>): Promise<PostPage<P>> {
  const { read, strategy } = await planListPage(deps, input);
  return (await readPlannedPage(read, strategy)) as PostPage<P>;
}

/** The strategy of a list page, with the measurements taken to choose it. */
export async function planListPage<P extends SocialPlatform>(deps: SocialDeps, { scope, platform, query }: ListInput<P>) {
  const db = postsSourceFor(deps, scope);
  const f = await resolveContains(db, listFactsOf(scope, platform, query), deps.reads);
  const read: ListRead = {
    deps,
    db,
    fixed: postsSource(fixedPlanPoolFor(deps, scope), scope),
    f,
    // No author's handle or no place matches: nothing to count.
    measured: containsNothing(f) ? { counted: 0 } : { columns: !!deps.columns?.answers(f) },
  };
  return { read, strategy: await plan(read) };
}

/** The strategy the planner picks once it has measured what it asks for. */
async function plan(read: ListRead): Promise<ListStrategy> {
  for (;;) {
    const decision = chooseList(read.f, read.measured);
    if ('strategy' in decision) return decision.strategy;
    await measure(read, decision.measure);
  }
}

async function measure(read: ListRead, what: ListMeasure): Promise<void> {
  const { db, f, measured } = read;
  if (what === 'sample') takeSample(read);
  else if (what === 'count') measured.counted = await countMatches(read);
  else if (what === 'estimate') measured.planned = await estimate(read);
  else if (what === 'walkLength') measured.walkLength = estimateWalk(read);
  else if (what === 'boxLength') measured.boxLength = await estimateBox(read);
  else
    measured.platformTotal = Number(
      (await platformTotal(read))?.n ?? (await statements.rollupTotal(db, { platform: f.platform }).executeTakeFirst())?.n ?? 0,
    );
}

/**
 * The matches counted up to the cap, with the page sorted from them in the same statement
 * (statements.ts, `cappedPage`): when the cap holds, that page is the answer (`sort-matches`,
 * `handle-sort`, `past-the-end`) and is kept on the read. That a shared filter set's matches passed
 * the cap is kept in the fact cache (docs/performance.md, "Facts of a filter set"): every page and
 * sort of the same filters then skips the count. Matches only grow until retention drops a month;
 * a count that fell below the cap since then reads as past it for at most the fact's lifetime,
 * which changes the page's plan (a walk instead of a sort, the same rows) and flags its total as
 * an estimate.
 */
async function countMatches(read: ListRead): Promise<number> {
  const { deps, db, fixed, f } = read;
  const key = matchesKey(f);
  if (key && deps.facts.known(`list-past-cap:${key}`)) return LIST_COUNT_CAP + 1;
  // The driver the sample picks, or for a handle alone the author index whatever its values,
  // walked on generic plans; with neither, the planner's plan.
  const driver = countDriverOf(read) ?? (handleAlone(f) ? 'author' : undefined);
  const rows = await statements.cappedPage(driver ? fixed : db, f, driver);
  const counted = Number(rows[0]?.n ?? 0);
  const page = () => rows.filter((row) => row.id !== null) as statements.PageRow[];
  if (counted <= LIST_COUNT_CAP) read.sorted = page();
  else {
    if (key) deps.facts.remember(`list-past-cap:${key}`, { pastCap: true });
    // Walked in the page's order, the first cap + 1 matches hold the page when it ends within them.
    if (driver === 'sort' && f.offset + f.limit <= LIST_COUNT_CAP + 1) {
      read.sorted = page();
      read.measured.paged = true;
    }
  }
  return counted;
}

/** The count's driver, chosen on the platform's sample (list/walk-length.ts), or undefined without one or for a filter set it cannot check. */
function countDriverOf(read: ListRead): CountDriver | undefined {
  // Weighed once a read (the count, then a sort past the cap); a sample read since may yet offer one.
  return (read.driver ??= chooseDriver(read));
}

function chooseDriver({ deps, f, measured }: ListRead): CountDriver | undefined {
  if (!sampleable(f)) return undefined;
  const sample = deps.facts.known<CounterSample>(sampleKey(f.platform));
  if (!sample || sample.fraction <= 0) return undefined;
  // Ids too far apart for a bitmap are tested only as an author index's own condition.
  return countDriver(sample, f, measured.sampled, !!f.authorIds && !bitmapHolds(f.authorIds));
}

/**
 * The matches on the platform's sample, before any count (docs/performance.md, "Counted on the
 * sample"): when they are surely past the cap, they are the count (past it) and the estimate, so a
 * page of many matches sends neither the capped count nor the planner's `EXPLAIN`. Without a sample
 * at hand it is read in the background and the count runs.
 */
function takeSample(read: ListRead): void {
  const { deps, f, measured } = read;
  const sample = deps.facts.known<CounterSample>(sampleKey(f.platform));
  if (!sample) void loadCounterSample(deps, { platform: f.platform }).catch(() => undefined);
  measured.sampled = sample ? sampledMatches(sample, f) : null;
  if (!surelyPastCap(measured.sampled)) return;
  measured.counted = LIST_COUNT_CAP + 1;
  measured.planned = Number(measured.sampled.matches.toPrecision(2));
}

/**
 * The estimate of the matches past the cap (at least LIST_COUNT_CAP + 1): the sample's, when it
 * checked the filters and found them on at least SURE_BLOCKS table pages (`sampledMatches`, to two
 * significant figures), which weighs them together where the planner takes them as independent
 * and costs no statement; else the planner's, kept in
 * the fact cache for a shared filter set: like the terms' statistics, it changes with ANALYZE.
 */
async function estimate({ deps, db, f, measured }: ListRead): Promise<number> {
  // From enough table pages only: a narrow window's matches can fall on one or two of them.
  if (measured.sampled && measured.sampled.blocks >= SURE_BLOCKS)
    return Math.max(Number(measured.sampled.matches.toPrecision(2)), LIST_COUNT_CAP + 1);
  const plan = async () => {
    const matches = isWeighed(f) ? statements.weighable(db, f) : statements.matching(db, f);
    return { n: Math.max(await statements.plannedRows(matches.select('posts.id')), LIST_COUNT_CAP + 1) };
  };
  const key = matchesKey(f);
  return (key ? await deps.facts.get(`list-estimate:${key}`, plan) : await plan()).n;
}

/**
 * The walk's length on the platform's sample (list/walk-length.ts), or null while there is none:
 * a missing or expired sample is read in the background (about COUNTER_SAMPLE_ROWS rows, one
 * statement), so no request waits on it, and kept in the fact cache for its lifetime.
 */
function estimateWalk({ deps, f, measured }: ListRead): number | null {
  if (!sampleChecks(f) || !measured.platformTotal) return null;
  const sample = deps.facts.known<CounterSample>(sampleKey(f.platform));
  if (sample) return walkLength(sample, f);
  // A failed read leaves the old rule in place; the next page asks again.
  void loadCounterSample(deps, { platform: f.platform }).catch(() => undefined);
  return null;
}

/**
 * The rows the counter box reads for the page, on the platform's sample as the walk's length is;
 * null while there is no sample, or where the database has no counter boxes (checked once per fact lifetime).
 */
async function estimateBox({ deps, f }: ListRead): Promise<number | null> {
  const sample = deps.facts.known<CounterSample>(sampleKey(f.platform));
  if (!sample) return null;
  const boxes = await deps.facts.get('list-counter-boxes', () => statements.counterBoxesExist(deps.readDb));
  return boxes.ok ? boxLength(sample, f) : null;
}

/** The fact cache's key of a platform's sample. */
const sampleKey = (platform: SocialPlatform) => `list-counter-sample:${platform}`;

/** The platform's sample, read once per fact lifetime (concurrent asks share one read), sized on its post count (rollups). */
export function loadCounterSample(deps: SocialDeps, { platform }: { platform: SocialPlatform }): Promise<CounterSample> {
  return deps.facts.get(sampleKey(platform), async () => {
    const platformTotal = Number((await statements.rollupTotal(deps.readDb, { platform }).executeTakeFirst())?.n ?? 0);
    const percent = Math.min(100, (100 * COUNTER_SAMPLE_ROWS) / Math.max(platformTotal, 1));
    const posts = await statements.counterSample(deps.readDb, platform, Number(percent.toPrecision(3)));
    return { fraction: posts.length / Math.max(platformTotal, 1), posts, sorted: new Map() };
  });
}

/** The platform's post count from the rollups, held in the read cache (undefined without one). */
const platformTotal = ({ deps, db, f }: ListRead) =>
  deps.reads?.get(readKey('platform-total', f.platform), async () => ({
    n: Number((await statements.rollupTotal(db, { platform: f.platform }).executeTakeFirst())?.n ?? 0),
  }));

/** The page of a planned read (`planListPage`) by its strategy's statement. */
export async function readPlannedPage(read: ListRead, strategy: ListStrategy): Promise<PostPage<SocialPlatform>> {
  const { f, measured } = read;
  const db = onGenericPlans(strategy, f) ? read.fixed : read.db;
  switch (strategy) {
    case 'platform-walk': {
      const known = await platformTotal(read);
      if (!known) return pageTotalledBy(db, f, statements.walkedIds(db, f).as('page'), statements.rollupTotal(db, f));
      return pageOf(f, await statements.pageRows(db, f, statements.walkedIds(db, f).as('page')), known.n);
    }
    case 'window-walk':
      return pageTotalledBy(db, f, statements.walkedIds(db, f).as('page'), statements.rollupTotal(db, f));
    case 'window-gated': {
      const window = statements.rollupTotal(db, f);
      return pageTotalledBy(db, f, statements.gatedIds(db, f, window, measured.platformTotal ?? 0), window);
    }
    case 'past-the-end':
      return pageOf(f, [], measured.counted ?? 0);
    case 'walk-to-cap':
      return countedRows(read, read.sorted ?? []);
    case 'sort-matches':
    case 'handle-sort':
      if (read.sorted) return pageOf(f, read.sorted, measured.counted ?? 0);
      return sortedPage(read, db);
    case 'walk-sort-index':
    case 'instagram-walk':
      return countedPage(read, db, statements.walkSortIndexIds(db, f).as('page'));
    case 'handle-walk':
      return countedPage(read, db, statements.handleWalkIds(db, f, statements.authorBitmap(f.authorIds ?? [])).as('page'));
    case 'counter-box':
      return countedPage(read, db, statements.counterBoxIds(db, f));
    case 'columns':
      return columnsPage(read);
  }
}

/**
 * The page counted and ordered on the server's filter columns, its rows read by key; when the
 * copy had to reload on the way (the journal asked it to), the page is planned on the database.
 */
async function columnsPage(read: ListRead): Promise<PostPage<SocialPlatform>> {
  const { columns } = read.deps;
  const found = columns && (await columns.page(read.f.platform, () => columnQueryOf(read.f, columns)));
  if (!found) {
    read.measured.columns = false;
    return readPlannedPage(read, await plan(read));
  }
  const rows = found.rows.length > 0 ? await statements.pageRows(read.fixed, read.f, statements.keyedIds(found.rows)) : [];
  return pageOf(read.f, rows, found.total);
}

/**
 * Every match sorted into the page: off the index the sample picks, on generic plans (`sort`, a
 * walk in the page's order, is not a sort); else the planner's plan of them.
 */
function sortedPage(read: ListRead, db: Source) {
  const driver = countDriverOf(read);
  if (!driver || driver === 'sort') return countedPage(read, db, statements.sortedIds(db, read.f).as('page'));
  return countedPage(read, read.fixed, statements.drivenSortedIds(read.fixed, read.f, driver));
}

/** A page whose total, a rollup sum, rides along; an empty page carries none, so the sum is then read alone (on `db`, as the page). */
async function pageTotalledBy(db: Source, f: ListFacts, pageIds: statements.PageIds, total: statements.Total) {
  const rows = await statements.pageRows(db, f, pageIds, total);
  const n = rows.length > 0 ? (rows[0] as { total?: number | string }).total : (await total.executeTakeFirst())?.n;
  return pageOf(f, rows, Number(n ?? 0));
}

/**
 * A page of counted matches: the count is the total up to the cap; past it a short last page
 * tells the exact total by its position, and any other page's total is the planner's estimate,
 * flagged `totalIsEstimate`. The rows are read where the page's ids are (`db`, the strategy's pool:
 * named at every call, so a strategy on generic plans cannot read its rows on the other).
 */
async function countedPage(read: ListRead, db: Source, pageIds: statements.PageIds) {
  return countedRows(read, await statements.pageRows(db, read.f, pageIds));
}

/** The page's rows with their total as `countedPage` tells it. */
async function countedRows(read: ListRead, rows: statements.PageRow[]) {
  const { f, measured } = read;
  const counted = measured.counted ?? 0;
  if (counted <= LIST_COUNT_CAP) return pageOf(f, rows, counted);
  if (rows.length > 0 && rows.length < f.limit) return pageOf(f, rows, f.offset + rows.length);
  return pageOf(f, rows, Math.max(measured.planned ?? (await estimate(read)), f.offset + rows.length), true);
}

function pageOf(f: ListFacts, rows: statements.PageRow[], total: number, totalIsEstimate = false): PostPage<SocialPlatform> {
  return {
    data: rows.map((row) => toPlatformPost(f.platform, row)),
    pagination: {
      total,
      page: f.page,
      limit: f.limit,
      pages: Math.ceil(total / f.limit),
      ...(totalIsEstimate ? { totalIsEstimate } : {}),
    },
  } as PostPage<SocialPlatform>;
}
