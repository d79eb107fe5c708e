import { describe, expect, it } from 'vitest';
import { chooseSearchCount, chooseSearchRows, walkRowsFor, WALK_MIN_SHARE, type SearchFacts } from './choose.js';

const facts = (tsquery: string | null, share: number | null, more: Partial<SearchFacts['parts']> = {}): SearchFacts => ({
  parts: { tsquery, symbols: [], hashtags: [], ...more },
  share,
});

describe('the search planner: facts → strategies', () => {
  const table: [string, SearchFacts, 'walk-count' | 'index-count', 'newest' | 'ranked-walked' | 'ranked-indexed'][] = [
    ['no text at all', facts(null, null), 'index-count', 'newest'],
    ['a common coin, no words', facts(null, 0.2, { symbols: ['BTC'] }), 'walk-count', 'newest'],
    ['a rare hashtag, no words', facts(null, 0.001, { hashtags: ['defi'] }), 'index-count', 'newest'],
    ['a common word', facts("'bitcoin'", 0.12), 'walk-count', 'ranked-walked'],
    ['a word just common enough', facts("'etf'", WALK_MIN_SHARE), 'walk-count', 'ranked-walked'],
    ['a word just too rare', facts("'etf'", WALK_MIN_SHARE * 0.99), 'index-count', 'ranked-indexed'],
    ['a word the statistics cannot tell', facts("'takeaway'", null), 'index-count', 'ranked-indexed'],
    ["an account's own posts (no statistics)", facts("'bitcoin'", null), 'index-count', 'ranked-indexed'],
  ];
  it.each(table)('%s', (_name, f, count, rows) => {
    expect(chooseSearchCount(f, undefined)).toBe(count);
    expect(chooseSearchRows(f, undefined)).toBe(rows);
  });

  it('a walk that did not settle the count, or fell short of candidates, hands over to the indexes', () => {
    expect(chooseSearchCount(facts("'bitcoin'", 0.12), { settled: false })).toBe('index-count');
    expect(chooseSearchRows(facts("'bitcoin'", 0.12), { short: true })).toBe('ranked-indexed');
  });

  it('a walk reads the rows the share predicts, with half again as margin', () => {
    expect(walkRowsFor(facts("'bitcoin'", 0.1), 1_001)).toBe(15_015);
    expect(walkRowsFor(facts("'bitcoin'", 0.5), 200)).toBe(600);
    expect(walkRowsFor(facts("'etf'", 0.01), 200)).toBeNull();
  });
});
