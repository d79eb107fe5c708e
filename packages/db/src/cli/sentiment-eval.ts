import { evaluate, type Evaluation } from '../analysis/evaluate.js';
import { readLabelledPosts, SENTIMENT_LABELS, type LabelledPost } from '../analysis/labelled-posts.js';
import { SENTIMENT_MODELS } from '../analysis/sentiment.js';

// Prints accuracy, macro-F1 and the confusion matrix of every sentiment model on the
// hand-labelled posts, for the whole set and for each half (see labelled-posts.ts).
const posts = readLabelledPosts();
// The table is the program's output, so it goes to stdout.
const print = (line: string) => process.stdout.write(`${line}\n`);
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const sets: [string, LabelledPost[]][] = [
  ['all', posts],
  ['tuning half', posts.filter((p) => p.split === 'tuning')],
  ['held-out half', posts.filter((p) => p.split === 'held-out')],
];

for (const [name, set] of sets) {
  const results: [string, Evaluation][] = SENTIMENT_MODELS.map((model) => [model, evaluate(set, model)]);
  print(`\n${name}: ${set.length} posts`);
  print(`| model | accuracy | macro-F1 | F1 ${SENTIMENT_LABELS.join(' / ')} |`);
  print('| --- | ---: | ---: | ---: |');
  for (const [model, e] of results) {
    print(`| ${model} | ${pct(e.accuracy)} | ${e.macroF1.toFixed(3)} | ${SENTIMENT_LABELS.map((l) => e.f1[l].toFixed(2)).join(' / ')} |`);
  }
  for (const [model, e] of results) {
    print(`\n${model}, rows actual, columns predicted:`);
    print(`| | ${SENTIMENT_LABELS.join(' | ')} |`);
    print('| --- | ---: | ---: | ---: |');
    SENTIMENT_LABELS.forEach((label, k) => print(`| ${label} | ${(e.confusion[k] ?? []).join(' | ')} |`));
  }
}
