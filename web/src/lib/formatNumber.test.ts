import { describe, expect, it } from 'vitest';
import { formatSentiment, SENTIMENT_SCALE } from './formatNumber';

describe('formatSentiment: the one way sentiment is shown (docs/social-data.md, "Sentiment scale")', () => {
  it('writes the 0..1 score the API and exports carry, to two decimals', () => {
    expect(formatSentiment(0)).toBe('0.00');
    expect(formatSentiment(0.5)).toBe('0.50');
    expect(formatSentiment(0.7231)).toBe('0.72');
    expect(formatSentiment(0.699)).toBe('0.70');
    expect(formatSentiment(1)).toBe('1.00');
    // Never the 0..100 score badges and reports used to show.
    expect(formatSentiment(0.82)).not.toBe('82');
    expect(SENTIMENT_SCALE).toBe('0 negative, 0.5 neutral, 1 positive');
  });
});
