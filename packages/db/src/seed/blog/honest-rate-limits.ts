import type { BlogArticle } from './article.js';

export const honestRateLimits: BlogArticle = {
  slug: 'rate-limits-and-pricing-we-can-keep',
  title: 'Rate limits and pricing we can actually keep',
  excerpt:
    'Per-minute limits, a monthly free quota and a price per 1,000 calls: the numbers behind every Coinsight plan, how they are counted, and why money never touches a floating-point number.',
  imagePath: '/blog/rate-limits.svg',
  imageAlt: 'A meter with evenly spaced ticks next to a stack of coins',
  author: 'Coinsight Product Team',
  category: 'Product',
  featured: false,
  publishedOn: '2026-10-27',
  body: `API pricing pages are full of numbers that cannot all be true at once: thousands of queries per second next to a free tier of a few hundred per minute, uptime with two nines after the decimal point and no status page. We would rather publish fewer numbers and keep every one of them. These are the ones that govern Coinsight.

## The limits

- Free: up to 100 requests per minute and 1,000 API calls per calendar month, at no charge and without a card.
- Pro: up to 1,000 requests per minute, every call billed pay-as-you-go.
- Pay-as-you-go price: $0.15 per 1,000 calls.

The same constants are read by the pricing page and by the code that enforces them, so the page cannot promise one number while the API counts another.

## How a limit is counted

A per-minute limit counts the requests of the last minute. When a request would go past it, the API answers 429 Too Many Requests with a Retry-After header saying how many seconds to wait. A client that waits that long and retries succeeds; a client that retries at once only adds to its count.

When Coinsight runs on more than one server, the counters live in Redis, so the 101st free-tier request in a minute is refused whichever server receives it. If Redis stops answering, each server falls back to its own counters instead of refusing every request or hanging on a connection that will not come back; limits loosen for that time rather than the API going down.

The monthly quota is counted atomically. Ten concurrent calls with one call left in the month produce exactly one success and nine refusals, never two successes.

## Money in whole numbers

Prices are stored as integers in micro-dollars, millionths of a dollar. $0.15 per 1,000 calls is 150 micro-dollars per call, exactly. Costs are products and sums of integers, so the cost of two batches of calls always equals the cost of the calls together, and no bill is ever off by a fraction of a cent that a floating-point number made up. Amounts are shown in US dollars with two decimals.

## What we do not promise

We do not publish an uptime percentage or a response-time figure that we have not measured over a period long enough to mean something. Instead, the health endpoint at /api/health reports whether the API and its database are up right now, and the footer of every page shows its answer. When we have a measured track record, we will publish it with the measurement behind it.`,
};
