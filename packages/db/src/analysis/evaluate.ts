import { SENTIMENT_LABELS, type LabelledPost, type SentimentLabel } from './labelled-posts.js';
import { sentimentScore, type SentimentModel } from './sentiment.js';

/** The label a reader sees for a score: the web's colour thresholds (0.7 green, 0.4 yellow). */
export function labelOf(score: number): SentimentLabel {
  if (score >= 0.7) return 'Positive';
  if (score >= 0.4) return 'Neutral';
  return 'Negative';
}

export interface Evaluation {
  posts: number;
  accuracy: number;
  macroF1: number;
  /** confusion[actual][predicted], rows and columns in SENTIMENT_LABELS order. */
  confusion: number[][];
  f1: Record<SentimentLabel, number>;
}

export function evaluate(posts: readonly LabelledPost[], model: SentimentModel): Evaluation {
  const confusion = SENTIMENT_LABELS.map(() => SENTIMENT_LABELS.map(() => 0));
  for (const post of posts) {
    const row = confusion[SENTIMENT_LABELS.indexOf(post.label)];
    const col = SENTIMENT_LABELS.indexOf(labelOf(sentimentScore(post.text, model)));
    if (row) row[col] = (row[col] ?? 0) + 1;
  }
  const cell = (a: number, p: number) => confusion[a]?.[p] ?? 0;
  const f1Of = (k: number) => {
    const tp = cell(k, k);
    const predicted = SENTIMENT_LABELS.reduce((s, _, a) => s + cell(a, k), 0);
    const actual = SENTIMENT_LABELS.reduce((s, _, p) => s + cell(k, p), 0);
    const precision = predicted > 0 ? tp / predicted : 0;
    const recall = actual > 0 ? tp / actual : 0;
    return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  };
  const f1: Record<SentimentLabel, number> = { Positive: f1Of(0), Neutral: f1Of(1), Negative: f1Of(2) };
  const correct = SENTIMENT_LABELS.reduce((s, _, k) => s + cell(k, k), 0);
  return {
    posts: posts.length,
    accuracy: posts.length > 0 ? correct / posts.length : 0,
    macroF1: SENTIMENT_LABELS.reduce((s, l) => s + f1[l], 0) / SENTIMENT_LABELS.length,
    confusion,
    f1,
  };
}
