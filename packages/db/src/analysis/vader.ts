import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// A port of the vader-sentiment package's scorer (VADER, Hutto & Gilbert 2014, as ported to
// JavaScript), step for step, so that a lexicon can be extended: the package keeps its lexicon
// sealed inside its bundle. With the package's own lexicon it gives the package's scores
// exactly (vader.test.ts checks that on every post of the labelled set).

const B_INCR = 0.293;
const B_DECR = -0.293;
const C_INCR = 0.733;
const N_SCALAR = -0.74;
const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;
const PUNC_LIST = ['.', '!', '?', ',', ';', ':', '-', "'", '"', '!!', '!!!', '??', '???', '?!?', '!?!', '?!?!', '!?!?'];
const NEGATE = new Set([
  'aint',
  'arent',
  'cannot',
  'cant',
  'couldnt',
  'darent',
  'didnt',
  'doesnt',
  "ain't",
  "aren't",
  "can't",
  "couldn't",
  "daren't",
  "didn't",
  "doesn't",
  'dont',
  'hadnt',
  'hasnt',
  'havent',
  'isnt',
  'mightnt',
  'mustnt',
  'neither',
  "don't",
  "hadn't",
  "hasn't",
  "haven't",
  "isn't",
  "mightn't",
  "mustn't",
  'neednt',
  "needn't",
  'never',
  'none',
  'nope',
  'nor',
  'not',
  'nothing',
  'nowhere',
  'oughtnt',
  'shant',
  'shouldnt',
  'uhuh',
  'wasnt',
  'werent',
  "oughtn't",
  "shan't",
  "shouldn't",
  'uh-uh',
  "wasn't",
  "weren't",
  'without',
  'wont',
  'wouldnt',
  "won't",
  "wouldn't",
  'rarely',
  'seldom',
  'despite',
]);
const BOOSTERS = new Map<string, number>([
  ...[
    'absolutely',
    'amazingly',
    'awfully',
    'completely',
    'considerably',
    'decidedly',
    'deeply',
    'effing',
    'enormously',
    'entirely',
    'especially',
    'exceptionally',
    'extremely',
    'fabulously',
    'flipping',
    'flippin',
    'fricking',
    'frickin',
    'frigging',
    'friggin',
    'fully',
    'fucking',
    'greatly',
    'hella',
    'highly',
    'hugely',
    'incredibly',
    'intensely',
    'majorly',
    'more',
    'most',
    'particularly',
    'purely',
    'quite',
    'really',
    'remarkably',
    'so',
    'substantially',
    'thoroughly',
    'totally',
    'tremendously',
    'uber',
    'unbelievably',
    'unusually',
    'utterly',
    'very',
  ].map((w): [string, number] => [w, B_INCR]),
  ...[
    'almost',
    'barely',
    'hardly',
    'just enough',
    'kind of',
    'kinda',
    'kindof',
    'kind-of',
    'less',
    'little',
    'marginally',
    'occasionally',
    'partly',
    'scarcely',
    'slightly',
    'somewhat',
    'sort of',
    'sorta',
    'sortof',
    'sort-of',
  ].map((w): [string, number] => [w, B_DECR]),
]);
const IDIOMS = new Map<string, number>([
  ['the shit', 3],
  ['the bomb', 3],
  ['bad ass', 1.5],
  ['yeah right', -2],
  ['cut the mustard', 2],
  ['kiss of death', -1.5],
  ['hand to mouth', -2],
]);

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

const isUpper = (word: string) => /^[^a-z]*[A-Z]+[^a-z]*$/.test(word);
const negatedAsWritten = (word: string | undefined) => word !== undefined && (NEGATE.has(word) || word.includes("n't"));
const negatedAnyCase = (word: string | undefined) => negatedAsWritten(word?.toLowerCase());

export interface VaderOptions {
  /**
   * The JavaScript port matches negations case-sensitively, so "Not bullish" at the start of a
   * sentence is not negated; the original (Python) VADER lower-cases first. Default: as the port.
   */
  negationIgnoresCase?: boolean;
}

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
export function createVader(lexicon: Lexicon, options: VaderOptions = {}): (text: string) => number {
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
