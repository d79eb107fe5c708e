import {
  SEARCH_COUNT_CAP,
  SOCIAL_PLATFORMS,
  MAX_SEARCH_OFFSET,
  type PlatformMatches,
  type SearchQuery,
  type SearchResults,
  type SocialPlatform,
} from '@coinsight/contracts';
import { postsSourceFor, type DatasetScope } from '../dataset.js';
import type { SocialDeps } from '../deps.js';
import { toSearchResult, type PostRowOut } from '../post-shapes.js';
import { parseSearchTerms } from '../search-terms.js';
import { matchingShare, type SearchParts } from '../term-frequency.js';
import { websearchQueryText } from '../tsquery.js';
import { chooseSearchCount, chooseSearchRows, RELEVANCE_CANDIDATES, walkRowsFor, type SearchFacts } from './choose.js';
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
    tsquery: terms.text ? await websearchQueryText(deps.readDb, terms.text) : null,
    symbols: terms.symbols,
    hashtags: terms.hashtags,
  };
}

/** The facts the search planner (search/choose.ts) decides on: the statistics describe the shared posts alone. */
export async function searchFactsOf(deps: SocialDeps, { scope, query }: SearchInput): Promise<SearchFacts> {
  const parts = await partsOf(deps, query.q);
  return { parts, share: scope.dataset === 'shared' ? await matchingShare(deps.readDb, parts, deps.now().getTime()) : null };
}

/**
 * Searches posts in a date range: the rows of [offset, offset + limit) in the search's fixed
 * order (see rankedThenNewest), and each platform's matches counted up to SEARCH_COUNT_CAP.
 */
export async function readSearch(deps: SocialDeps, input: SearchInput): Promise<SearchResults> {
  const { scope, query } = input;
  const f = await searchFactsOf(deps, input);
  const s: statements.SearchScope = {
    db: postsSourceFor(deps, scope),
    startDate: query.startDate,
    endDate: query.endDate,
    parts: f.parts,
  };
  const platforms = query.platform ? [query.platform] : SOCIAL_PLATFORMS;
  const end = query.offset + query.limit;
  const [rows, counts] = await Promise.all([
    chooseSearchRows(f, undefined) === 'newest'
      ? newestAcross(s, platforms, 0, query.offset, end)
      : rankedThenNewest(s, f, platforms, query.offset, end),
    Promise.all(SOCIAL_PLATFORMS.map((platform) => countOf(s, f, platform))),
  ]);
  const searched = counts.filter((c) => platforms.includes(c.platform));
  const total = searched.reduce((sum, c) => sum + c.matches, 0);
  const totalCapped = searched.some((c) => c.capped);
  const more = end < total || (totalCapped && end < SEARCH_COUNT_CAP);
  return {
    data: rows.map(toSearchResult),
    total,
    totalCapped,
    platforms: counts,
    nextOffset: more && end <= MAX_SEARCH_OFFSET ? end : null,
  };
}

/**
 * A platform's matches up to SEARCH_COUNT_CAP. A walk settles the count when it passes the cap,
 * or when the window holds fewer rows than the walk was allowed (it read all of it, as for a
 * common word in a day's window); otherwise the match is rarer here than the statistics say,
 * and the planner counts it.
 */
async function countOf(s: statements.SearchScope, f: SearchFacts, platform: SocialPlatform): Promise<PlatformMatches> {
  let matches: number | undefined;
  if (chooseSearchCount(f, undefined) === 'walk-count') {
    const rows = walkRowsFor(f, SEARCH_COUNT_CAP + 1)!;
    const walked = await statements.walkedCount(s, platform, rows);
    if (walked.n > SEARCH_COUNT_CAP || walked.windowRows < rows) matches = walked.n;
  }
  matches ??= await statements.indexCount(s, platform);
  return { platform, matches: Math.min(matches, SEARCH_COUNT_CAP), capped: matches > SEARCH_COUNT_CAP };
}

/**
 * A platform's RELEVANCE_CANDIDATES newest matches, read narrow. Walked, fewer than wanted are
 * all the window has if the walk read the whole window (a day's, say); otherwise the walk may
 * have stopped short of older matches, and the indexes answer.
 */
async function candidatesOf(s: statements.SearchScope, f: SearchFacts, platform: SocialPlatform): Promise<statements.Candidate[]> {
  if (chooseSearchRows(f, undefined) === 'ranked-walked') {
    const rows = walkRowsFor(f, RELEVANCE_CANDIDATES)!;
    const walked = await statements.walkedCandidates(s, platform, rows);
    if (walked.length === RELEVANCE_CANDIDATES || (await statements.windowRows(s, platform, rows)) < rows) return walked;
  }
  return statements.indexedCandidates(s, platform);
}

const newest = (a: PostRowOut, b: PostRowOut) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id;

/** Rows [from, to) of the platforms' matches merged newest first, each platform's first `skip` left out. */
async function newestAcross(s: statements.SearchScope, platforms: readonly SocialPlatform[], skip: number, from: number, to: number) {
  const perPlatform = await Promise.all(platforms.map((platform) => statements.newestMatches(s, platform, skip, to)));
  return perPlatform.flat().sort(newest).slice(from, to);
}

/**
 * Rows [from, to) of: each platform's RELEVANCE_CANDIDATES newest matches by relevance (ranking
 * every match of a word as common as "bitcoin" would read most of the table), then the older
 * matches newest first. That order is fixed, so `offset` pages through it without repeats or gaps.
 */
async function rankedThenNewest(s: statements.SearchScope, f: SearchFacts, platforms: readonly SocialPlatform[], from: number, to: number) {
  const candidates = await Promise.all(platforms.map((platform) => candidatesOf(s, f, platform)));
  const ranked = candidates.flat().sort((a, b) => b.rank - a.rank || b.created_at.getTime() - a.created_at.getTime() || b.id - a.id);
  const pageIds = ranked.slice(from, to).map((c) => c.id);
  const rowsById = await statements.rowsById(s, pageIds);
  const head = pageIds.flatMap((id) => rowsById.get(id) ?? []);
  const withMore = platforms.filter((_, i) => candidates[i]?.length === RELEVANCE_CANDIDATES);
  if (to <= ranked.length || withMore.length === 0) return head;
  const tail = await newestAcross(s, withMore, RELEVANCE_CANDIDATES, Math.max(0, from - ranked.length), to - ranked.length);
  return [...head, ...tail];
}
