import {
  SEARCH_COUNT_CAP,
  SOCIAL_PLATFORMS,
  MAX_SEARCH_OFFSET,
  type PlatformMatches,
  type SearchQuery,
  type SearchResults,
  type SocialPlatform,
} from '@coinsight/contracts';
import { fixedPlanPoolFor, postingsPoolFor, postsSourceFor, type DatasetScope } from '../dataset.js';
import type { SocialDeps } from '../deps.js';
import { postRowsInOrder } from '../post-rows.js';
import { toSearchResult, type PostRowOut } from '../post-shapes.js';
import { parseSearchTerms } from '../search-terms.js';
import { termFrequencyOf, type SearchParts } from '../term-frequency.js';
import { websearchQueryText } from '../tsquery.js';
import {
  chooseSearchCount,
  chooseSearchRows,
  postingsPlanOf,
  RELEVANCE_CANDIDATES,
  type PostingsPlan,
  type SearchFacts,
} from './choose.js';
import { postingsCounts, postingsPage, type PostingsScope } from './postings.js';
import { windowCounts, windowPage } from './window.js';
import * as statements from './statements.js';

/** A search's input: whose posts, and the parsed query. */
export interface SearchInput {
  scope: DatasetScope;
  query: SearchQuery;
}

/** The parts a search box's text requires: its words as a tsquery's text, its coins and hashtags. */
async function partsOf(deps: SocialDeps, q: string | undefined): Promise<SearchParts> {
  const terms = parseSearchTerms(q);
  return {
    tsquery: terms.text ? await websearchQueryText(deps, terms.text) : null,
    symbols: terms.symbols,
    hashtags: terms.hashtags,
  };
}

/** The facts the search planner (search/choose.ts) decides on: the postings hold the shared posts alone. */
export async function searchFactsOf(deps: SocialDeps, { scope, query }: SearchInput): Promise<SearchFacts> {
  const parts = await partsOf(deps, query.q);
  if (scope.dataset !== 'shared') return { parts, postings: null, shared: false };
  return { parts, postings: postingsPlanOf(parts, await termFrequencyOf(deps)), shared: true };
}

/**
 * How a search reads: through the postings (shared posts, plain terms), the rollups and the time
 * index (shared posts, no term), or the indexes of its source.
 */
type Reader =
  | { kind: 'postings'; s: PostingsScope; plan: PostingsPlan }
  | { kind: 'window'; s: PostingsScope }
  | { kind: 'indexes'; s: statements.SearchScope; facts: SearchFacts };

function readerOf(deps: SocialDeps, { scope, query }: SearchInput, facts: SearchFacts): Reader {
  const window = { startDate: query.startDate, endDate: query.endDate, parts: facts.parts };
  const count = chooseSearchCount(facts);
  if (count === 'rollup-count') return { kind: 'window', s: { ...window, db: fixedPlanPoolFor(deps, scope) } };
  return count !== 'index-count' && facts.postings
    ? { kind: 'postings', s: { ...window, db: postingsPoolFor(deps, scope, facts.postings.terms, query.startDate) }, plan: facts.postings }
    : { kind: 'indexes', s: { ...window, db: postsSourceFor(deps, scope) }, facts };
}

/**
 * Searches posts in a date range: the rows of [offset, offset + limit) in the search's fixed
 * order (see rankedThenNewest), and each platform's matches counted up to SEARCH_COUNT_CAP.
 */
export async function readSearch(deps: SocialDeps, input: SearchInput): Promise<SearchResults> {
  const { query } = input;
  const facts = await searchFactsOf(deps, input);
  const reader = readerOf(deps, input, facts);
  const platforms = query.platform ? [query.platform] : SOCIAL_PLATFORMS;
  const end = query.offset + query.limit;
  const [data, counted] = await pageAndCounts(reader, facts, platforms, { from: query.offset, to: end });
  const counts = capped(counted);
  const searched = counts.filter((c) => platforms.includes(c.platform));
  const total = searched.reduce((sum, c) => sum + c.matches, 0);
  const totalCapped = searched.some((c) => c.capped);
  const more = end < total || (totalCapped && end < SEARCH_COUNT_CAP);
  return {
    data: data.map(toSearchResult),
    total,
    totalCapped,
    platforms: counts,
    nextOffset: more && end <= MAX_SEARCH_OFFSET ? end : null,
  };
}

/**
 * The page's rows and each platform's matches up to SEARCH_COUNT_CAP + 1: off the postings, or off
 * the time index and the rollups, in one statement (search/postings.ts, search/window.ts; a second,
 * the count alone, when the page is empty), or through the indexes (`index-count`, one statement a platform, beside the rows' own).
 */
async function pageAndCounts(
  reader: Reader,
  facts: SearchFacts,
  platforms: readonly SocialPlatform[],
  range: { from: number; to: number },
): Promise<[PostRowOut[], Map<SocialPlatform, number>]> {
  if (reader.kind === 'postings') {
    const page = await postingsPage(reader.s, reader.plan, platforms, range);
    return [page.rows, page.counts ?? (await postingsCounts(reader.s, reader.plan, SOCIAL_PLATFORMS))];
  }
  if (reader.kind === 'window') {
    const page = await windowPage(reader.s, platforms, range);
    return [page.rows, page.counts ?? (await windowCounts(reader.s))];
  }
  const rows =
    chooseSearchRows(facts) === 'newest'
      ? newestAcross(reader.s, platforms, 0, range.from, range.to)
      : rankedThenNewest(reader.s, platforms, range.from, range.to);
  const counts = Promise.all(
    SOCIAL_PLATFORMS.map(async (platform) => [platform, await statements.indexCount(reader.s, platform)] as const),
  );
  return Promise.all([rows, counts.then((pairs) => new Map(pairs))]);
}

/** Each platform's matches, counted up to SEARCH_COUNT_CAP + 1, as the answer shows them. */
const capped = (counted: Map<SocialPlatform, number>): PlatformMatches[] =>
  SOCIAL_PLATFORMS.map((platform) => {
    const matches = counted.get(platform) ?? 0;
    return { platform, matches: Math.min(matches, SEARCH_COUNT_CAP), capped: matches > SEARCH_COUNT_CAP };
  });

/** Each platform's matches newest first, [skip, skip + take), read narrow (id, time, rank) through the indexes. */
const newestOf = (
  s: statements.SearchScope,
  platforms: readonly SocialPlatform[],
  skip: number,
  take: number,
): Promise<statements.Candidate[][]> => Promise.all(platforms.map((platform) => statements.newestCandidates(s, platform, skip, take)));

const newest = (a: statements.Candidate, b: statements.Candidate) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id;

/** `newest`: rows [from, to) of the platforms' matches merged newest first, each platform's first `skip` left out. */
async function newestAcross(s: statements.SearchScope, platforms: readonly SocialPlatform[], skip: number, from: number, to: number) {
  const perPlatform = await newestOf(s, platforms, skip, to);
  return postRowsInOrder(s.db, perPlatform.flat().sort(newest).slice(from, to));
}

/**
 * `ranked-indexed`: rows [from, to) of: each platform's RELEVANCE_CANDIDATES newest matches by
 * relevance (ranking every match of a word as common as "bitcoin" would read most of the table),
 * then the older matches newest first. That order is fixed, so `offset` pages through it without
 * repeats or gaps (search/postings.ts reads the same order off the postings in one statement).
 */
async function rankedThenNewest(s: statements.SearchScope, platforms: readonly SocialPlatform[], from: number, to: number) {
  const candidates = await newestOf(s, platforms, 0, RELEVANCE_CANDIDATES);
  const ranked = candidates.flat().sort((a, b) => b.rank - a.rank || newest(a, b));
  const head = await postRowsInOrder(s.db, ranked.slice(from, to));
  const withMore = platforms.filter((_, i) => candidates[i]?.length === RELEVANCE_CANDIDATES);
  if (to <= ranked.length || withMore.length === 0) return head;
  const tail = await newestAcross(s, withMore, RELEVANCE_CANDIDATES, Math.max(0, from - ranked.length), to - ranked.length);
  return [...head, ...tail];
}
