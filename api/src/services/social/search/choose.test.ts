import { describe, expect, it } from 'vitest';
import { chooseSearchCount, chooseSearchRows, postingsPlanOf, type SearchFacts } from './choose.js';
import type { SearchParts } from '../term-frequency.js';

const parts = (tsquery: string | null, more: Partial<SearchParts> = {}): SearchParts => ({ tsquery, symbols: [], hashtags: [], ...more });
// Shares as PostgreSQL's statistics might give them; a term they do not hold is rarer than any.
const SHARES: Record<string, number> = { bitcoin: 0.12, $BTC: 0.2, etf: 0.03, stake: 0.02, reward: 0.04, '#defi': 0.01 };
const frequency = (term: string) => SHARES[term];
const shared = (p: SearchParts): SearchFacts => ({ parts: p, postings: postingsPlanOf(p, frequency), shared: true });

describe('the search planner: facts → strategies', () => {
  const table: [
    string,
    SearchFacts,
    'term-count' | 'postings-count' | 'rollup-count' | 'index-count',
    'newest-postings' | 'ranked-postings' | 'newest-window' | 'newest' | 'ranked-indexed',
  ][] = [
    ['no text at all', shared(parts(null)), 'rollup-count', 'newest-window'],
    ["no text, an account's own posts", { parts: parts(null), postings: null, shared: false }, 'index-count', 'newest'],
    ['a coin, no words', shared(parts(null, { symbols: ['BTC'] })), 'term-count', 'newest-postings'],
    ['a hashtag, no words', shared(parts(null, { hashtags: ['defi'] })), 'term-count', 'newest-postings'],
    ['a word', shared(parts("'bitcoin'")), 'term-count', 'ranked-postings'],
    ['words joined by AND', shared(parts("'stake' & 'reward'")), 'postings-count', 'ranked-postings'],
    ['a coin and a hashtag', shared(parts(null, { symbols: ['BTC'], hashtags: ['defi'] })), 'postings-count', 'newest-postings'],
    ['a word and a coin', shared(parts("'bitcoin'", { symbols: ['BTC'] })), 'postings-count', 'ranked-postings'],
    ['OR', shared(parts("'bitcoin' | 'ether'")), 'index-count', 'ranked-indexed'],
    ['a phrase', shared(parts("'bitcoin' <-> 'etf'")), 'index-count', 'ranked-indexed'],
    ['a negation', shared(parts("'ralli' & !'bitcoin'")), 'index-count', 'ranked-indexed'],
    ['a prefix', shared(parts("'bitco':*")), 'index-count', 'ranked-indexed'],
    ["an account's own posts (no postings)", { parts: parts("'bitcoin'"), postings: null, shared: false }, 'index-count', 'ranked-indexed'],
  ];
  it.each(table)('%s', (_name, f, count, rows) => {
    expect(chooseSearchCount(f)).toBe(count);
    expect(chooseSearchRows(f)).toBe(rows);
  });

  it('the rarest term drives the read; the postings hold the rank only when the one word drives it', () => {
    expect(postingsPlanOf(parts("'bitcoin'"), frequency)).toEqual({ terms: ['bitcoin'], rankFromPostings: true });
    expect(postingsPlanOf(parts("'stake' & 'reward'"), frequency)).toEqual({ terms: ['stake', 'reward'], rankFromPostings: false });
    expect(postingsPlanOf(parts("'bitcoin'", { symbols: ['BTC'] }), frequency)).toEqual({
      terms: ['bitcoin', '$BTC'],
      rankFromPostings: true,
    });
    expect(postingsPlanOf(parts("'bitcoin'", { hashtags: ['defi'] }), frequency)).toEqual({
      terms: ['#defi', 'bitcoin'],
      rankFromPostings: false,
    });
    expect(postingsPlanOf(parts("'etf' & 'quantum'"), frequency)).toEqual({ terms: ['quantum', 'etf'], rankFromPostings: false });
    expect(postingsPlanOf(parts(null, { symbols: ['BTC'], hashtags: ['defi'] }), frequency)).toEqual({
      terms: ['#defi', '$BTC'],
      rankFromPostings: true,
    });
  });

  it('a lexeme the tsquery text escapes (a quote, a backslash) is left to the indexes', () => {
    expect(postingsPlanOf(parts("'it''s'"), frequency)).toBeNull();
    expect(postingsPlanOf(parts("'a\\\\b'"), frequency)).toBeNull();
  });
});
