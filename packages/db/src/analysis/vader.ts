import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BOOSTERS, B_DECR, C_INCR, IDIOMS, NEGATE, N_SCALAR, PUNC_LIST } from './vader-words.js';

// The vader-sentiment package's scorer (VADER, Hutto & Gilbert 2014, as ported to JavaScript),
// with a lexicon that can be extended: the package keeps its lexicon sealed inside its bundle.
// With the package's own lexicon it gives the package's scores exactly, and with any lexicon the
// scores of vader-reference.ts, the step-for-step port (vader.test.ts checks both). It computes
// the same numbers in the same order, but reads each token once: the port lower-cased words
// again at every look-up and built a map of 34 punctuated spellings for every word of a post to
// strip punctuation off tokens, which was most of the importer's analysis time
// (docs/performance.md, "Ingest").

// Punctuation runs stripped off a token's ends.
const PUNC_SET = new Set(PUNC_LIST);

export type Lexicon = ReadonlyMap<string, number>;

/** The lexicon vader-sentiment ships (7,500 words, emoticons and slang with mean human ratings, -4..4). */
export function loadVaderLexicon(): Map<string, number> {
  const path = createRequire(import.meta.url).resolve('vader-sentiment/vader_lexicon.txt');
  const lexicon = new Map<string, number>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const [word, valence] = line.split('\t');
    if (word && valence) lexicon.set(word, Number(valence));
  }
  return lexicon;
}

export interface VaderOptions {
  /**
   * The JavaScript port matches negations case-sensitively, so "Not bullish" at the start of a
   * sentence is not negated; the original (Python) VADER lower-cases first. Default: as the port.
   */
  negationIgnoresCase?: boolean;
}

/** ASCII punctuation, the characters the port strips off tokens: !"#$%&'()*+,-./:;<=>?@[\]^_`{|}~ */
const isPunctuation = (code: number) =>
  (code >= 33 && code <= 47) || (code >= 58 && code <= 64) || (code >= 91 && code <= 96) || (code >= 123 && code <= 126);

/**
 * A token as the port reads it: a token made of a punctuation run from PUNC_LIST and a word of two
 * characters or more without punctuation, in either order, is the word ('great!!' → 'great');
 * any other token stays as written ('$ETH', 'well...', "don't").
 */
function stripToken(token: string): string {
  const n = token.length;
  let lead = 0;
  while (lead < n && isPunctuation(token.charCodeAt(lead))) lead++;
  let trail = n;
  while (trail > lead && isPunctuation(token.charCodeAt(trail - 1))) trail--;
  if (lead === 0 && trail === n) return token;
  // Punctuation on one side only, the rest of two characters or more and free of punctuation.
  if (lead > 0 && trail === n) {
    if (n - lead > 1 && !hasPunctuation(token, lead, n) && PUNC_SET.has(token.slice(0, lead))) return token.slice(lead);
  } else if (lead === 0 && trail > 1 && !hasPunctuation(token, 0, trail) && PUNC_SET.has(token.slice(trail))) {
    return token.slice(0, trail);
  }
  return token;
}

function hasPunctuation(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (isPunctuation(text.charCodeAt(i))) return true;
  return false;
}

/** /^[^a-z]*[A-Z]+[^a-z]*$/: an ASCII capital and no ASCII small letter. */
function isUpper(word: string): boolean {
  let upper = false;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c >= 97 && c <= 122) return false;
    if (c >= 65 && c <= 90) upper = true;
  }
  return upper;
}

/** One post's tokens as written, lower-cased, and whether each is in capitals. */
interface Tokens {
  words: string[];
  lower: string[];
  upper: boolean[];
}

function tokenize(text: string): Tokens {
  const words: string[] = [];
  for (const raw of text.split(/\s/)) if (raw.length > 1) words.push(stripToken(raw));
  return { words, lower: words.map((w) => w.toLowerCase()), upper: words.map(isUpper) };
}

type Negated = (t: Tokens, k: number) => boolean;
const negatedAsWritten: Negated = ({ words }, k) => {
  const word = words[k];
  return word !== undefined && (NEGATE.has(word) || word.includes("n't"));
};
const negatedAnyCase: Negated = ({ lower }, k) => {
  const word = lower[k];
  return word !== undefined && (NEGATE.has(word) || word.includes("n't"));
};

function neverCheck(valence: number, t: Tokens, start: number, i: number, negated: Negated): number {
  const { words } = t;
  if (start === 0 && negated(t, i - 1)) return valence * N_SCALAR;
  if (start === 1) {
    if (words[i - 2] === 'never' && (words[i - 1] === 'so' || words[i - 1] === 'this')) return valence * 1.5;
    if (negated(t, i - 2)) return valence * N_SCALAR;
  }
  if (start === 2) {
    if (
      (words[i - 3] === 'never' && (words[i - 2] === 'so' || words[i - 2] === 'this')) ||
      words[i - 1] === 'so' ||
      words[i - 1] === 'this'
    ) {
      return valence * 1.25;
    }
    if (negated(t, i - 3)) return valence * N_SCALAR;
  }
  return valence;
}

// The words of the idioms and of the two-word boosters: a run of tokens holding any other word
// cannot spell one, so idiomsCheck skips building its strings (most posts have none of these words).
const PHRASE_WORDS = new Set([...IDIOMS.keys(), ...BOOSTERS.keys()].filter((k) => k.includes(' ')).flatMap((k) => k.split(' ')));

function idiomsCheck(valence: number, words: readonly string[], i: number): number {
  const near = (from: number, to: number) => {
    for (let k = Math.max(0, from); k <= Math.min(words.length - 1, to); k++) if (PHRASE_WORDS.has(words[k] ?? '')) return true;
    return false;
  };
  if (!near(i - 3, i + 2)) return valence;
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

/** The valence of the word at i, moved by the boosters, negations and idioms before it; 0 if it is not in the lexicon. */
function wordValence(lexicon: Lexicon, leastRated: boolean, negated: Negated, t: Tokens, i: number, capDiff: boolean): number {
  const { lower, upper } = t;
  let valence = lexicon.get(lower[i] ?? '');
  if (valence === undefined) return 0;
  if (capDiff && upper[i]) valence += valence > 0 ? C_INCR : -C_INCR;
  for (let start = 0; start < 3; start++) {
    const k = i - (start + 1);
    if (i > start && !lexicon.has(lower[k] ?? '')) {
      // The booster before, signed as the word and stronger in capitals; fainter two and three words back.
      let s = BOOSTERS.get(lower[k] ?? '') ?? 0;
      if (s !== 0) {
        if (valence < 0) s = -s;
        if (capDiff && upper[k]) s += valence > 0 ? C_INCR : -C_INCR;
        if (start === 1) s *= 0.95;
        else if (start === 2) s *= 0.9;
      }
      valence = neverCheck(valence + s, t, start, i, negated);
      if (start === 2) valence = idiomsCheck(valence, t.words, i);
    }
  }
  // "least" negates, except in "at least" and "very least".
  if (lower[i - 1] === 'least' && !leastRated) {
    const prev2 = lower[i - 2];
    if (i <= 1 || (prev2 !== 'at' && prev2 !== 'very')) valence *= N_SCALAR;
  }
  return valence;
}

/** VADER's compound score, -1..1, with the given lexicon. */
export function createVader(lexicon: Lexicon, options: VaderOptions = {}): (text: string) => number {
  const negated = options.negationIgnoresCase ? negatedAnyCase : negatedAsWritten;
  const leastRated = lexicon.has('least');
  return (text) => {
    const t = tokenize(text);
    const { words, lower, upper } = t;
    const n = words.length;
    if (n === 0) return 0;
    let capitals = 0;
    for (const u of upper) if (u) capitals++;
    const capDiff = capitals > 0 && capitals < n;
    const sentiments = new Array<number>(n);
    for (let i = 0; i < n; i++) {
      const word = lower[i] ?? '';
      sentiments[i] =
        (word === 'kind' && lower[i + 1] === 'of') || BOOSTERS.has(word) ? 0 : wordValence(lexicon, leastRated, negated, t, i, capDiff);
    }
    let but = words.indexOf('but');
    if (but === -1) but = words.indexOf('BUT');
    if (but !== -1) {
      for (let i = 0; i < n; i++) {
        if (i < but) sentiments[i] = (sentiments[i] ?? 0) * 0.5;
        else if (i > but) sentiments[i] = (sentiments[i] ?? 0) * 1.5;
      }
    }
    let sum = 0;
    for (let i = 0; i < n; i++) sum += sentiments[i] ?? 0;
    let exclamations = 0;
    let questions = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 33) exclamations++;
      else if (c === 63) questions++;
    }
    const emphasis = Math.min(4, exclamations) * 0.292 + (questions > 1 ? (questions <= 3 ? questions * 0.18 : 0.96) : 0);
    if (sum > 0) sum += emphasis;
    else if (sum < 0) sum -= emphasis;
    const compound = Math.max(-1, Math.min(1, sum / Math.sqrt(sum * sum + 15)));
    return Number.parseFloat(compound.toFixed(4));
  };
}
