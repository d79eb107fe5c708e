import type { BlogArticle } from './article.js';

export const sentimentWithVader: BlogArticle = {
  slug: 'how-we-score-sentiment-with-vader',
  title: 'How Coinsight scores sentiment with VADER',
  excerpt:
    'Every post gets a sentiment score between 0 and 1 the moment it is stored. What the score means, how VADER computes it, why the colours change at 0.7 and 0.4, and where the method falls short.',
  imagePath: '/blog/sentiment-vader.svg',
  imageAlt: 'A gauge from red through yellow to green with its needle in the green zone',
  author: 'Coinsight Data Team',
  category: 'Data Science',
  featured: true,
  publishedOn: '2026-11-03',
  body: `Every post Coinsight stores carries a sentiment score: a number from 0 to 1, where 0.5 is neutral, values towards 1 are positive and values towards 0 negative. The market pages colour it green, yellow or red, and the sentiment endpoint averages it per symbol. This article explains where the number comes from.

## The method: VADER

VADER (Valence Aware Dictionary and sEntiment Reasoner) is a lexicon- and rule-based sentiment model published by C.J. Hutto and Eric Gilbert in 2014 and built for short social-media text. Its dictionary gives several thousand words, emoticons and slang terms a valence between -4 and +4, rated by human judges. A handful of rules then adjust those valences the way readers do:

- Capitals and exclamation marks intensify: "GREAT!!!" scores higher than "great".
- Degree words scale their neighbour: "extremely good" beats "good", "slightly good" trails it.
- Negation flips and dampens: "not good" is negative, but less strongly than "bad".
- "But" shifts the weight to what follows it: in "the fees are high but the app is excellent", the second half counts more.

The valences of a text are added up and squashed into a compound score between -1 and +1 with x / sqrt(x² + 15).

## From compound score to 0..1

A score from -1 to +1 is awkward to average with other metrics and to colour, so we map it linearly onto 0..1: score = (compound + 1) / 2. A neutral post lands on 0.5.

The colours follow fixed thresholds: green from 0.7 up, yellow from 0.4 up, red below. On VADER's own scale, green means a compound score of 0.4 or more, which is clearly positive text, and red means a compound score below -0.2. The yellow band is deliberately wide, because most posts about prices are factual rather than emotional.

## Scored once, stored, aggregated

The score is computed when a post is imported and stored with it, never recomputed on a request. That keeps reads cheap and makes every answer reproducible: the same post always has the same score.

Aggregates are built from sums, not from averages of averages. The hourly and daily rollups keep the sum of the scores and the number of posts, and an average over any window is the total sum divided by the total count. A quiet hour with two posts therefore weighs less than a busy hour with two thousand.

## Why VADER and not a large model

- It is fast: scoring a post takes microseconds on one CPU core, so imports never wait on a GPU or a remote service.
- It is deterministic and explainable: you can trace a score back to the words and rules that produced it.
- It needs no training data of our own, which we would have to label and keep balanced.

## Where it falls short

A dictionary cannot see sarcasm ("great, another 20% dip") and it does not know most crypto slang: words such as HODL, rekt or moon carry no valence and add nothing to the score. Posts made mostly of tickers, links and hashtags come out neutral. Treat the score as a measure of tone across many posts, not as a verdict on one, and compare a coin with its own history rather than with another coin whose community writes differently.`,
};
