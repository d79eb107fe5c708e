import { workerData } from 'piscina';
import { analyzePost, type PostAnalysis } from './analyze.js';
import { createSymbolMatcher, type AssetRef } from './symbol-matcher.js';

// A thread of the analysis pool (analysis-pool.ts): the matcher is built once per thread from
// the assets the pool was started with.
const matcher = createSymbolMatcher((workerData as { assets: AssetRef[] }).assets);

export default function analyzeTexts(texts: readonly string[]): PostAnalysis[] {
  return texts.map((text) => analyzePost(text, matcher));
}
