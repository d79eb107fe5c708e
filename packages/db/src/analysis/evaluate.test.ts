import { describe, expect, it } from 'vitest';
import { evaluate, labelOf } from './evaluate.js';
import { readLabelledPosts } from './labelled-posts.js';
import { sentimentScore } from './sentiment.js';

const posts = readLabelledPosts();

describe('the labelled crypto posts', () => {
  it('hold at least 200 posts from all four platforms, with every label well represented', () => {
    expect(posts.length).toBeGreaterThanOrEqual(200);
    expect(new Set(posts.map((p) => p.platform)).size).toBe(4);
    for (const label of ['Positive', 'Neutral', 'Negative'] as const)
      expect(posts.filter((p) => p.label === label).length).toBeGreaterThan(50);
  });
});

describe('the crypto sentiment model', () => {
  it('beats plain VADER on macro-F1, on the whole set and on the held-out half', () => {
    const heldOut = posts.filter((p) => p.split === 'held-out');
    expect(evaluate(posts, 'vader-crypto-1').macroF1).toBeGreaterThan(evaluate(posts, 'vader').macroF1);
    expect(evaluate(heldOut, 'vader-crypto-1').macroF1).toBeGreaterThan(evaluate(heldOut, 'vader').macroF1);
  });

  it('reads the words of the field', () => {
    expect(labelOf(sentimentScore('$BTC looking bullish, new ATH incoming'))).toBe('Positive');
    expect(labelOf(sentimentScore('Got rekt, my alts are dumping'))).toBe('Negative');
    expect(labelOf(sentimentScore('Not bullish on $ETH at all'))).toBe('Negative');
    expect(labelOf(sentimentScore('Dev rugged the pool. Another rug.'))).toBe('Negative');
    expect(labelOf(sentimentScore('$SOL trading sideways around the same range. Waiting for a breakout.'))).toBe('Neutral');
  });

  it('keeps plain VADER available under its own name, for rows stored before', () => {
    expect(sentimentScore('Got rekt, my alts are dumping', 'vader')).toBeGreaterThan(sentimentScore('Got rekt, my alts are dumping'));
  });
});
