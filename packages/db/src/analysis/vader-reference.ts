// The step-for-step port of the vader-sentiment package's scorer that vader.ts replaced: kept
// only as vader.test.ts's reference, which the faster scorer must match to the last digit with
// any lexicon and option (the package's own lexicon is sealed inside its bundle, so the package
// alone cannot check the crypto lexicon). Not used by ingest or the api.

import type { Lexicon, VaderOptions } from './vader.js';
import { BOOSTERS, B_DECR, C_INCR, IDIOMS, NEGATE, N_SCALAR, PUNC_LIST } from './vader-words.js';

const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;

const isUpper = (word: string) => /^[^a-z]*[A-Z]+[^a-z]*$/.test(word);
const negatedAsWritten = (word: string | undefined) => word !== undefined && (NEGATE.has(word) || word.includes("n't"));
const negatedAnyCase = (word: string | undefined) => negatedAsWritten(word?.toLowerCase());

function tokens(text: string): string[] {
  const stripped = new Map<string, string>();
  for (const word of text.replace(PUNCTUATION, '').split(/\s/)) {
    if (word.length <= 1) continue;
    for (const p of PUNC_LIST) {
      stripped.set(p + word, word);
      stripped.set(word + p, word);
    }
  }
  return text
    .split(/\s/)
    .filter((t) => t.length > 1)
    .map((t) => stripped.get(t) ?? t);
}

function scalar(word: string, valence: number, capDiff: boolean): number {
  let s = BOOSTERS.get(word.toLowerCase()) ?? 0;
  if (s === 0) return 0;
  if (valence < 0) s = -s;
  if (capDiff && isUpper(word)) s += valence > 0 ? C_INCR : -C_INCR;
  return s;
}

function neverCheck(
  valence: number,
  words: readonly string[],
  start: number,
  i: number,
  negated: (word: string | undefined) => boolean,
): number {
  if (start === 0 && negated(words[i - 1])) return valence * N_SCALAR;
  if (start === 1) {
    if (words[i - 2] === 'never' && (words[i - 1] === 'so' || words[i - 1] === 'this')) return valence * 1.5;
    if (negated(words[i - 2])) return valence * N_SCALAR;
  }
  if (start === 2) {
    if (
      (words[i - 3] === 'never' && (words[i - 2] === 'so' || words[i - 2] === 'this')) ||
      words[i - 1] === 'so' ||
      words[i - 1] === 'this'
    ) {
      return valence * 1.25;
    }
    if (negated(words[i - 3])) return valence * N_SCALAR;
  }
  return valence;
}

function idiomsCheck(valence: number, words: readonly string[], i: number): number {
  // Template strings of possibly missing words, as the original: "undefined x" matches nothing.
  const w = (k: number) => String(words[k]);
  const threeTwo = `${w(i - 3)} ${w(i - 2)}`;
  const twoOne = `${w(i - 2)} ${w(i - 1)}`;
  for (const seq of [`${w(i - 1)} ${w(i)}`, `${w(i - 2)} ${w(i - 1)} ${w(i)}`, twoOne, `${w(i - 3)} ${w(i - 2)} ${w(i - 1)}`, threeTwo]) {
    const idiom = IDIOMS.get(seq);
    if (idiom !== undefined) {
      valence = idiom;
      break;
    }
  }
  if (words.length - 1 > i) valence = IDIOMS.get(`${w(i)} ${w(i + 1)}`) ?? valence;
  if (words.length - 1 > i + 1) valence = IDIOMS.get(`${w(i)} ${w(i + 1)} ${w(i + 2)}`) ?? valence;
  if (BOOSTERS.has(threeTwo) || BOOSTERS.has(twoOne)) valence += B_DECR;
  return valence;
}

function wordValence(
  lexicon: Lexicon,
  negated: (word: string | undefined) => boolean,
  words: readonly string[],
  i: number,
  capDiff: boolean,
): number {
  const word = words[i] ?? '';
  let valence = lexicon.get(word.toLowerCase());
  if (valence === undefined) return 0;
  if (capDiff && isUpper(word)) valence += valence > 0 ? C_INCR : -C_INCR;
  for (let start = 0; start < 3; start++) {
    const before = words[i - (start + 1)];
    if (i > start && before !== undefined && !lexicon.has(before.toLowerCase())) {
      let s = scalar(before, valence, capDiff);
      if (start === 1 && s !== 0) s *= 0.95;
      else if (start === 2 && s !== 0) s *= 0.9;
      valence = neverCheck(valence + s, words, start, i, negated);
      if (start === 2) valence = idiomsCheck(valence, words, i);
    }
  }
  // "least" negates, except in "at least" and "very least".
  const prev = words[i - 1]?.toLowerCase();
  if (prev === 'least' && !lexicon.has('least')) {
    const prev2 = words[i - 2]?.toLowerCase();
    if (i <= 1 || (prev2 !== 'at' && prev2 !== 'very')) valence *= N_SCALAR;
  }
  return valence;
}

/** VADER's compound score, -1..1, with the given lexicon. */
export function createReferenceVader(lexicon: Lexicon, options: VaderOptions = {}): (text: string) => number {
  const negated = options.negationIgnoresCase ? negatedAnyCase : negatedAsWritten;
  return (text) => {
    const words = tokens(text);
    const upper = words.filter(isUpper).length;
    const capDiff = upper > 0 && upper < words.length;
    const sentiments = words.map((word, i) =>
      (word.toLowerCase() === 'kind' && words[i + 1]?.toLowerCase() === 'of') || BOOSTERS.has(word.toLowerCase())
        ? 0
        : wordValence(lexicon, negated, words, i, capDiff),
    );
    let but = words.indexOf('but');
    if (but === -1) but = words.indexOf('BUT');
    if (but !== -1) {
      for (let i = 0; i < sentiments.length; i++) {
        if (i < but) sentiments[i] = (sentiments[i] ?? 0) * 0.5;
        else if (i > but) sentiments[i] = (sentiments[i] ?? 0) * 1.5;
      }
    }
    if (sentiments.length === 0) return 0;
    let sum = sentiments.reduce((a, b) => a + b, 0);
    const exclamations = Math.min(4, text.replace(/[^!]/g, '').length);
    const questions = text.replace(/[^?]/g, '').length;
    const emphasis = exclamations * 0.292 + (questions > 1 ? (questions <= 3 ? questions * 0.18 : 0.96) : 0);
    if (sum > 0) sum += emphasis;
    else if (sum < 0) sum -= emphasis;
    const compound = Math.max(-1, Math.min(1, sum / Math.sqrt(sum * sum + 15)));
    return Number.parseFloat(compound.toFixed(4));
  };
}
