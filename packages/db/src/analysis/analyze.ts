import { extractCashtags, extractHashtags } from './extract.js';
import { SENTIMENT_MODEL, sentimentScore, type SentimentModel } from './sentiment.js';
import type { SymbolMatcher } from './symbol-matcher.js';

/** What ingest derives from a post's text and stores beside it. */
export interface PostAnalysis {
  sentiment: number;
  sentimentModel: SentimentModel;
  hashtags: string[];
  symbols: string[];
}

export function analyzePost(text: string, matcher: SymbolMatcher): PostAnalysis {
  const hashtags = extractHashtags(text);
  return {
    sentiment: sentimentScore(text, SENTIMENT_MODEL),
    sentimentModel: SENTIMENT_MODEL,
    hashtags,
    symbols: matcher.symbolsIn(text, hashtags, extractCashtags(text)),
  };
}
