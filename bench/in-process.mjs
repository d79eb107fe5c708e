// The social queries timed in process, one at a time, through the service functions the REST
// paths and tRPC procedures call: what a request costs the database and the service alone, without
// HTTP, sessions or concurrency (`pnpm bench` measures those from outside). Uses the database
// `pnpm bench` seeded, seeding it first when needed. Build first (pnpm build, or one pnpm bench).
//
//   node bench/in-process.mjs [--posts 1000000] [--url postgres://…/coinsight_bench] [--seconds 8] [--runs 60]
import { createFactCache } from '../api/dist/services/read-cache.js';
import { parseArgs } from 'node:util';
import { listQuerySchema, searchQuerySchema } from '../packages/contracts/dist/index.js';
import { createDb } from '../packages/db/dist/index.js';
import {
  listPosts,
  platformSummaries,
  quickStats,
  searchPosts,
  socialTimeline,
  trendingTopics,
} from '../api/dist/services/social/index.js';
import { ensureSeeded } from './lib/data.mjs';

const print = (line) => process.stdout.write(`${line}\n`);

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '1000000' },
    url: { type: 'string', default: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/coinsight_bench' },
    seconds: { type: 'string', default: '8' },
    runs: { type: 'string', default: '60' },
  },
});
const seeded = await ensureSeeded({ kind: 'postgres', url: values.url }, Number(values.posts), 'PostgreSQL');
const handle = await createDb({ kind: 'postgres', url: values.url, poolSize: 4 });
// The services' shape: (deps, input, caller); social reads take the reads' pool and the clock (no read cache here).
const deps = { db: handle.db, readDb: handle.db, facts: createFactCache(), now: () => new Date() };
const caller = { userId: 'bench' };

// Windows end at the newest seeded post, so they select the same share however old the seed is.
const now = seeded.newest;
const daysAgo = (n) => new Date(now.getTime() - n * 86_400_000).toISOString();
// The shared dataset (the default): the caller's id matters only for dataset=mine.
const list = (platform, query) => () => listPosts(deps, { platform, query: listQuerySchema(platform).parse(query) }, caller);
const search = (query) => () => searchPosts(deps, searchQuerySchema.parse(query), caller);

const cases = [
  ['list', 'twitter, newest first, page 1', list('twitter', {})],
  ['list', 'twitter, newest first, page 400 (offset 9,975)', list('twitter', { page: 400 })],
  ['list', 'twitter, by likes desc', list('twitter', { sortBy: 'likes' })],
  ['list', 'twitter, by views asc, page 100', list('twitter', { sortBy: 'views', sortOrder: 'asc', page: 100 })],
  ['list', 'twitter, minViews 1000 + maxLikes 500', list('twitter', { minViews: 1000, maxLikes: 500 })],
  ['list', 'twitter, username contains "whale"', list('twitter', { username: 'whale' })],
  ['list', 'instagram, video in "lisbon", by likes', list('instagram', { mediaType: 'video', location: 'lisbon', sortBy: 'likes' })],
  ['list', 'facebook, last 7 days, by shares desc', list('facebook', { startDate: daysAgo(7), sortBy: 'shares' })],
  ['list', 'linkedin, minLikes 100, by comments, page 5', list('linkedin', { minLikes: 100, sortBy: 'comments', page: 5 })],
  ['search', 'no text, all platforms, 7 days', search({ startDate: daysAgo(7), endDate: now.toISOString() })],
  ['search', '"bitcoin", all platforms, 30 days', search({ q: 'bitcoin', startDate: daysAgo(30), endDate: now.toISOString() })],
  ['search', '"$ETH", twitter, 7 days', search({ q: '$ETH', platform: 'twitter', startDate: daysAgo(7), endDate: now.toISOString() })],
  ['search', '"#defi rally", all platforms, 90 days', search({ q: '#defi rally', startDate: daysAgo(90), endDate: now.toISOString() })],
  ['search', '"exploit", all platforms, 90 days', search({ q: 'exploit', startDate: daysAgo(90), endDate: now.toISOString() })],
  ['analytics', 'summaries 24h', () => platformSummaries(deps, { period: '24h' })],
  ['analytics', 'summaries 90d', () => platformSummaries(deps, { period: '90d' })],
  ['analytics', 'trending 7d, all platforms', () => trendingTopics(deps, { period: '7d', limit: 10 })],
  ['analytics', 'trending 90d, all platforms', () => trendingTopics(deps, { period: '90d', limit: 10 })],
  ['analytics', 'trending 30d, twitter', () => trendingTopics(deps, { period: '30d', platform: 'twitter', limit: 10 })],
  ['analytics', 'timeline 24h (hourly)', () => socialTimeline(deps, { period: '24h' })],
  ['analytics', 'timeline 90d (daily)', () => socialTimeline(deps, { period: '90d' })],
  ['analytics', 'quick stats (all time)', () => quickStats(deps, {})],
];

const budgetMs = Number(values.seconds) * 1000;
const maxRuns = Number(values.runs);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const results = [];
for (const [kind, name, run] of cases) {
  await run();
  await run();
  const times = [];
  const started = performance.now();
  while (times.length < maxRuns && performance.now() - started < budgetMs) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  results.push({ kind, name, runs: times.length, median: percentile(times, 50), p95: percentile(times, 95) });
  print(
    `${kind.padEnd(9)} ${name.padEnd(48)} median ${percentile(times, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms  (${times.length} runs)`,
  );
}

print('\n| Kind | Query | Median (ms) | p95 (ms) | Runs |\n| --- | --- | ---: | ---: | ---: |');
for (const r of results) print(`| ${r.kind} | ${r.name} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.runs} |`);

await handle.close();
