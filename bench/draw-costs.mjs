// The realistic mode's REST and /v1/data draws (lib/realistic.mjs) timed one at a time in process, through the
// service functions and without the read cache: what each kind of request costs the database and
// the service on a miss, and which draws cost most. `pnpm bench` says where throughput stops; this
// says which requests take it. Uses the database `pnpm bench` seeded (seeding it when needed);
// build first (pnpm build, or one pnpm bench).
//
//   node bench/draw-costs.mjs [--posts 200000] [--url postgres://…/coinsight_bench] [--draws 200] [--seed 21] [--only REGEX]
import { createFactCache } from '../api/dist/services/read-cache.js';
import { parseArgs } from 'node:util';
import { listQuerySchema, searchQuerySchema, v1DataQuerySchema } from '../packages/contracts/dist/index.js';
import { createDb } from '../packages/db/dist/index.js';
import { listPosts, postsFeed, searchPosts } from '../api/dist/services/social/index.js';
import { ensureSeeded } from './lib/data.mjs';
import { drawer } from './lib/realistic.mjs';

const print = (line) => process.stdout.write(`${line}\n`);
const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '1000000' },
    url: { type: 'string', default: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/coinsight_bench' },
    draws: { type: 'string', default: '200' },
    seed: { type: 'string', default: '21' },
    only: { type: 'string' },
  },
});
const seeded = await ensureSeeded({ kind: 'postgres', url: values.url }, Number(values.posts), 'PostgreSQL');
const handle = await createDb({ kind: 'postgres', url: values.url, poolSize: 4 });
const generic = await createDb({ kind: 'postgres', url: values.url, poolSize: 4, genericPlans: true });
const deps = { db: handle.db, readDb: handle.db, genericDb: generic.db, facts: createFactCache(), now: () => new Date() };
// The shared dataset (the default): the caller's id matters only for dataset=mine.
const caller = { userId: 'bench' };
const ctx = { newest: seeded.newest.getTime(), postsByPlatform: seeded.postsByPlatform };

/** A drawn REST path, answered by the service function its route calls (no HTTP, no cache). */
function serve(path) {
  const url = new URL(path, 'http://bench');
  const query = Object.fromEntries(url.searchParams);
  if (url.pathname === '/api/social/search') return searchPosts(deps, searchQuerySchema.parse(query), caller);
  // The draws name tickers, which the route resolves to themselves.
  if (url.pathname === '/v1/data') return postsFeed(deps, v1DataQuerySchema.parse(query), caller);
  const platform = url.pathname.split('/').pop();
  return listPosts(deps, { platform, query: listQuerySchema(platform).parse(query) }, caller);
}

const STREAMS = ['list', 'filter-username', 'filter-dates', 'filter-counters', 'filter-instagram', 'filter-combined', 'search', 'v1-data'];
const at = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const f = (ms) => ms.toFixed(1);

print(`Draws timed one at a time in process, no read cache, ${seeded.posts.toLocaleString('en-US')} posts, seed ${values.seed}.`);
print('');
print('| Stream | draws | median ms | p95 ms | p99 ms | max ms | share of the time in the slowest 5% |');
print('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
const slowest = [];
for (const stream of STREAMS.filter((name) => !values.only || new RegExp(values.only).test(name))) {
  const next = drawer({ stream, seed: Number(values.seed), ctx });
  const timings = [];
  for (let i = 0; i < Number(values.draws); i++) {
    const path = next();
    const t0 = performance.now();
    await serve(path);
    timings.push({ ms: performance.now() - t0, path });
  }
  const sorted = timings.map((t) => t.ms).sort((a, b) => a - b);
  const total = sorted.reduce((s, x) => s + x, 0);
  const tail = sorted.slice(Math.floor(sorted.length * 0.95)).reduce((s, x) => s + x, 0);
  print(
    `| ${stream} | ${sorted.length} | ${f(at(sorted, 0.5))} | ${f(at(sorted, 0.95))} | ${f(at(sorted, 0.99))} | ${f(sorted.at(-1))} | ${((tail / total) * 100).toFixed(0)}% |`,
  );
  slowest.push(
    ...timings
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3)
      .map((t) => ({ stream, ...t })),
  );
}
print('');
print('The three costliest draws of each stream:');
print('');
for (const t of slowest) print(`- ${t.stream}, ${f(t.ms)} ms: \`${decodeURIComponent(t.path)}\``);
await handle.close();
await generic.close();
