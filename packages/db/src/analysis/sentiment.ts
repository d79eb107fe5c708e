import vader from 'vader-sentiment';

/**
 * VADER's compound score mapped from -1..1 to 0..1, so 0.5 is neutral and the spec's colour
 * thresholds (0.7 green, 0.4 yellow) read as "clearly positive" and "not clearly negative".
 * VADER is built for social-media text: it weighs capitals, punctuation, negation and slang.
 */
export function sentimentScore(text: string): number {
  const { compound } = vader.SentimentIntensityAnalyzer.polarity_scores(text);
  return Math.round(((compound + 1) / 2) * 10_000) / 10_000;
}
