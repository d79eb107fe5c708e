import { readFileSync } from 'node:fs';
import type { SocialPlatform } from '@coinsight/contracts';

export const SENTIMENT_LABELS = ['Positive', 'Neutral', 'Negative'] as const;
export type SentimentLabel = (typeof SENTIMENT_LABELS)[number];

export interface LabelledPost {
  platform: SocialPlatform;
  text: string;
  label: SentimentLabel;
  /** 'tuning': looked at while writing the lexicon; 'held-out': scored only, never inspected post by post. */
  split: 'tuning' | 'held-out';
}

const isLabel = (value: unknown): value is SentimentLabel => SENTIMENT_LABELS.some((l) => l === value);
const PLATFORMS = ['twitter', 'instagram', 'facebook', 'linkedin'] as const;
const isPlatform = (value: unknown): value is LabelledPost['platform'] => PLATFORMS.some((p) => p === value);

/**
 * The hand-labelled crypto posts in labelled-posts.jsonl (one per line: platform,
 * text, label). Every other post is held out, so the split never depends on who reads it.
 */
export function readLabelledPosts(): LabelledPost[] {
  const lines = readFileSync(new URL('../../src/analysis/labelled-posts.jsonl', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim());
  return lines.map((line, i) => {
    const record: unknown = JSON.parse(line);
    if (typeof record !== 'object' || record === null || !('text' in record) || !('label' in record) || !('platform' in record)) {
      throw new Error(`labelled-posts.jsonl line ${i + 1}: needs platform, text and label`);
    }
    const { text, label, platform } = record;
    if (typeof text !== 'string' || !isLabel(label) || !isPlatform(platform))
      throw new Error(`labelled-posts.jsonl line ${i + 1}: bad field`);
    return { platform, text, label, split: i % 2 === 0 ? 'tuning' : 'held-out' };
  });
}
