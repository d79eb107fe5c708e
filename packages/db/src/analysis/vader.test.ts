import vader from 'vader-sentiment';
import { describe, expect, it } from 'vitest';
import { generateDemoPosts } from '../seed/posts/generate.js';
import { withCryptoWords } from './crypto-lexicon.js';
import { readLabelledPosts } from './labelled-posts.js';
import { createReferenceVader } from './vader-reference.js';
import { BOOSTERS, IDIOMS, NEGATE, PUNC_LIST } from './vader-words.js';
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
  '!great great! !!great great!!! ?!?great ..great great.. -great- "great" \'great\' great:) (great) !a',
  'good.bad !good!bad!! ;;good ?!?!good good!?!?!',
  'x\u00a0good\u2003BAD\tnice\nawful',
];

// A seeded generator (mulberry32), so a failure names texts that come back on every run.
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ (t + Math.imul(t ^ (t >>> 14), 71 | t));
    return ((t ^ (t >>> 9)) >>> 0) / 4294967296;
  };
}

/**
 * Texts made to reach every branch of the scorer: rated words, boosters, negations, idioms and
 * "but"/"least" in every case, punctuation runs of the strip list and others on either side or
 * both, repeated marks, odd whitespace.
 */
function fuzzTexts(count: number, lexicon: ReadonlyMap<string, number>): string[] {
  const next = random(20261129);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  const rated = [...lexicon.keys()].filter((_, i) => i % 7 === 0);
  const idiomWords = [...IDIOMS.keys()].flatMap((k) => k.split(' '));
  const vocabulary = [
    ...rated,
    ...BOOSTERS.keys(),
    ...NEGATE,
    ...idiomWords,
    ...[
      'but',
      'BUT',
      'But',
      'least',
      'at',
      'very',
      'never',
      'so',
      'this',
      'kind',
      'of',
      'sort',
      'a',
      'I',
      'the',
      'btc',
      'ETH',
      '$SOL',
      '#defi',
    ],
  ];
  const marks = [...PUNC_LIST, '', '', '', '...', '!!!!', ')', '(', '$', '#', '@', '~', '?!'];
  const spaces = [' ', ' ', ' ', '  ', '\t', '\n', '\u00a0', ' - '];
  const cased = (w: string) => {
    const r = next();
    return r < 0.6
      ? w
      : r < 0.8
        ? w.toUpperCase()
        : r < 0.9
          ? w.charAt(0).toUpperCase() + w.slice(1)
          : w.replace(/./g, (c) => (next() < 0.5 ? c.toUpperCase() : c));
  };
  const texts: string[] = [];
  for (let t = 0; t < count; t++) {
    const words = 1 + Math.floor(next() * 24);
    let text = '';
    for (let w = 0; w < words; w++) {
      const r = next();
      const word = cased(pick(vocabulary));
      const token = r < 0.55 ? word : r < 0.75 ? word + pick(marks) : r < 0.9 ? pick(marks) + word : pick(marks) + word + pick(marks);
      text += (w === 0 ? '' : pick(spaces)) + token;
    }
    texts.push(text);
  }
  return texts;
}

const demoTexts = Array.from(generateDemoPosts({ count: 2_000, now: new Date('2026-11-22T12:00:00Z') }), (p) => p.text);

describe('the VADER scorer', () => {
  it('with the package lexicon, scores exactly as the vader-sentiment package does', () => {
    const scorer = createVader(loadVaderLexicon());
    const texts = [...tricky, ...readLabelledPosts().map((p) => p.text), ...demoTexts];
    const differing = texts.filter((t) => scorer(t) !== vader.SentimentIntensityAnalyzer.polarity_scores(t).compound);
    expect(differing).toEqual([]);
  });

  it('scores exactly as the step-for-step port, with either lexicon and either negation option', () => {
    const packageLexicon = loadVaderLexicon();
    const cryptoLexicon = withCryptoWords(loadVaderLexicon());
    const texts = [...tricky, ...readLabelledPosts().map((p) => p.text), ...demoTexts, ...fuzzTexts(4_000, cryptoLexicon)];
    for (const lexicon of [packageLexicon, cryptoLexicon]) {
      for (const negationIgnoresCase of [false, true]) {
        const fast = createVader(lexicon, { negationIgnoresCase });
        const reference = createReferenceVader(lexicon, { negationIgnoresCase });
        const differing = texts.filter((t) => Math.abs(fast(t) - reference(t)) > 1e-12).slice(0, 5);
        expect(differing).toEqual([]);
      }
    }
    // The fuzzed texts reach the rated words, not only neutral ones.
    const scorer = createVader(cryptoLexicon);
    expect(fuzzTexts(1_000, cryptoLexicon).filter((t) => scorer(t) !== 0).length).toBeGreaterThan(700);
  });
});
