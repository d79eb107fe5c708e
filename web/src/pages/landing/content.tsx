import {
  formatUsd,
  FREE_CALLS_PER_MONTH,
  MAX_BUDGET_CENTS,
  MICROS_PER_CENT,
  MIN_BUDGET_CENTS,
  PLANS,
  PRICE_MICROS_PER_1000_CALLS,
} from '@coinsight/contracts';
import { Link } from 'react-router';
import type { FaqItem } from '../../components/Faq';
import { formatCount } from '../../lib/formatNumber';

const price = formatUsd(PRICE_MICROS_PER_1000_CALLS);
const included = formatCount(FREE_CALLS_PER_MONTH);
const freeRate = formatCount(PLANS.free.requestsPerMinute);
const proRate = formatCount(PLANS.pro.requestsPerMinute);

export interface Highlight {
  title: string;
  text: string;
}

export const features: readonly Highlight[] = [
  {
    title: 'Real-time prices',
    text: 'Current price, 24-hour change and volume for every tracked asset, updated on a fixed schedule from the market feed.',
  },
  {
    title: 'Social mentions',
    text: 'Posts from Twitter, Instagram, Facebook and LinkedIn, matched to the coins they mention by ticker and hashtag.',
  },
  {
    title: 'Market sentiment',
    text: 'Every post is scored with VADER as it is stored; averages per coin, platform and hour are built from exact sums.',
  },
  { title: 'Price alerts', text: 'Pick a symbol, a price and a condition, and get an email when the market crosses it.' },
  {
    title: 'One schema, one search',
    text: 'Every platform’s posts share one schema with full-text search, filters and pagination that never repeats a row.',
  },
  {
    title: 'Limits that hold',
    text: `${freeRate} requests a minute free, ${proRate} on Pro. Past a limit the API answers 429 with the seconds to wait.`,
  },
];

export const useCases: readonly Highlight[] = [
  { title: 'Crypto trend tracking', text: 'Follow how often a coin is mentioned and how the tone moves, hour by hour, next to its price.' },
  { title: 'Market research', text: 'Compare communities across platforms and periods before a launch, a listing or an investment memo.' },
  { title: 'Social media management', text: 'See which posts about your project draw likes, comments and shares, and on which platform.' },
  { title: 'Data analysis', text: 'Pull prices, mentions and sentiment into notebooks and dashboards through one authenticated API.' },
  { title: 'AI/ML training', text: 'Use posts with their engagement and sentiment scores as features or a baseline for your own models.' },
  { title: 'Monitoring and alerts', text: 'Get an email when a price crosses your threshold, and watch the service status on every page.' },
];

export interface Step {
  title: string;
  text: string;
  link: { to: string; label: string };
}

export const steps: readonly Step[] = [
  {
    title: 'Get your API key',
    text: 'Sign up for free and create a key in your settings. It is shown once; Coinsight keeps only a hash of it.',
    link: { to: '/signup', label: 'Create an account' },
  },
  {
    title: 'Make your first call',
    text: 'Send the key as a Bearer token in the Authorization header, for example to /v1/crypto/prices?symbols=BTC,ETH.',
    link: { to: '/api', label: 'See the endpoints' },
  },
  {
    title: 'Check the docs',
    text: 'Guides for getting started, analysing social data and setting up alerts, with the error and rate-limit rules.',
    link: { to: '/docs', label: 'Read the documentation' },
  },
];

export const faq: readonly FaqItem[] = [
  {
    question: 'Which social platforms are supported?',
    answer: (
      <p>
        Twitter, Instagram, Facebook and LinkedIn. Posts from all four are stored in one schema and searched together, and each platform has
        its own data page and endpoint with the filters that suit it.
      </p>
    ),
  },
  {
    question: 'How much does it cost?',
    answer: (
      <p>
        The Free plan gives {included} API calls a month at no charge. On Pro every call is billed at {price} per 1,000, metered per call
        and pay-as-you-go. The <Link to="/pricing">pricing page</Link> lists every limit. To keep spending under control, set a monthly
        budget from {formatUsd(MIN_BUDGET_CENTS * MICROS_PER_CENT)} to {formatUsd(MAX_BUDGET_CENTS * MICROS_PER_CENT)} in the billing tab of
        your settings: we email you at 80% and at 100% of it, and with its hard cap on, calls past it are refused (HTTP 402) instead of
        billed.
      </p>
    ),
  },
  {
    question: 'How many requests can I make?',
    answer: (
      <p>
        Up to {freeRate} requests a minute on the free tier and {proRate} on Pro. A request past the limit gets a 429 answer with a
        Retry-After header saying how long to wait. We publish only limits we enforce, not throughput figures we have not measured.
      </p>
    ),
  },
  {
    question: 'How is sentiment calculated?',
    answer: (
      <p>
        With VADER, a lexicon- and rule-based model built for social media. Its score from -1 to 1 is mapped onto 0 to 1, so 0.5 is neutral;
        0.7 and above shows green, 0.4 and above yellow, lower red.{' '}
        <Link to="/blog/how-we-score-sentiment-with-vader">How we score sentiment</Link> explains the method and its limits.
      </p>
    ),
  },
  {
    question: 'How do I get help?',
    answer: (
      <p>
        Write to the team through the <Link to="/contact">contact form</Link>: choose Technical Support and we answer by email. The footer
        of every page shows whether the API is up right now.
      </p>
    ),
  },
];
