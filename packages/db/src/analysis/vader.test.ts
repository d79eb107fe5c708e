import vader from 'vader-sentiment';
import { describe, expect, it } from 'vitest';
import { generateDemoPosts } from '../seed/posts/generate.js';
import { readLabelledPosts } from './labelled-posts.js';
import { createVader, loadVaderLexicon } from './vader.js';

const tricky = [
  'This is GREAT!!!',
  'not bad at all',
  'I do not love this but it is okay',
  'kind of good, sort of nice',
  'at least it is not terrible; least good; very least fine',
  'never so happy, never this sad',
  'yeah right, great',
  'ETH is the bomb!! :) <3',
  'VERY good and AWFUL',
  'What a HORRIBLE day?? really bad????',
  "isn't it wonderful? can't complain, won't cry",
  'Hardly amazing. BUT still okay',
  'constructor toString hasOwnProperty __proto__',
  '',
];

describe('the VADER port', () => {
  it('with the package lexicon, scores exactly as the vader-sentiment package does', () => {
    const port = createVader(loadVaderLexicon());
    const texts = [
      ...tricky,
      ...readLabelledPosts().map((p) => p.text),
      ...Array.from(generateDemoPosts({ count: 2_000, now: new Date('2026-11-22T12:00:00Z') }), (p) => p.text),
    ];
    const differing = texts.filter((t) => port(t) !== vader.SentimentIntensityAnalyzer.polarity_scores(t).compound);
    expect(differing).toEqual([]);
  });
});
