// The realistic mode's REST and /v1/data draws (lib/realistic.mjs) timed one at a time in process, through the
// service functions and without the read cache: what each kind of request costs the database and
// the service on a miss, and which draws cost most. `pnpm bench` says where throughput stops; this
// says which requests take it. Uses the database `pnpm bench` seeded (seeding it when needed);
// build first (pnpm build, or one pnpm bench).
//
//   node bench/draw-costs.mjs [--posts 200000] [--url postgres://…/coinsight_bench] [--draws 200] [--seed 21] [--only REGEX] [--statements] [--plans] [--dump FILE]
//
// --plans reads each list draw in its two halves, planned (the measurements the choice asked for)
// then read by its strategy, and reports each strategy's share of the time in both.
// --dump FILE (with --plans) writes each list draw as JSON: its platform and query, strategy, the
// count's driver and outcome, and both halves' times, to compare two builds draw by draw.
// --statements also times each statement a draw sends (pg's Client.query, wrapped here), grouped by
// its kind: which of a draw's statements take its time, and how many a draw sends.
import { createRequire } from 'node:module';
import { createFactCache } from '../api/dist/services/read-cache.js';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { LIST_COUNT_CAP, listQuerySchema, searchQuerySchema, v1DataQuerySchema } from '../packages/contracts/dist/index.js';
import { createDb } from '../packages/db/dist/index.js';
import { listPosts, postsFeed, searchPosts } from '../api/dist/services/social/index.js';
import { planListPage, readPlannedPage } from '../api/dist/services/social/list/read-page.js';
import { surelyPastCap } from '../api/dist/services/social/list/choose.js';
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
    statements: { type: 'boolean', default: false },
    plans: { type: 'boolean', default: false },
    dump: { type: 'string' },
  },
});
const statements = values.statements ? timeStatements() : undefined;
const plans = values.plans ? timePlans() : undefined;
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
  if (plans) return plans.read(platform, listQuerySchema(platform).parse(query));
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
    statements?.draw();
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
if (statements) statements.report();
if (plans) plans.report();
await handle.close();
await generic.close();

/**
 * Wraps pg's Client.query to time every statement by kind: its first words with literals and
 * identifiers' numbers dropped, which names the statement a strategy sends (an EXPLAIN, a capped
 * count, a page), from the first draw on. Reported per draw: how many of each, and their share of the statements' time.
 */
function timeStatements() {
  const pg = createRequire(new URL('../packages/db/package.json', import.meta.url))('pg');
  const kinds = new Map();
  let draws = 0;
  const kindOf = (text) =>
    text
      .replace(/\s+/g, ' ')
      .replace(/\$\d+|'[^']*'|\b\d+\b/g, '?')
      .slice(0, 90);
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function timed(config, ...rest) {
    const text = typeof config === 'string' ? config : config?.text;
    const result = query.call(this, config, ...rest);
    if (draws === 0 || typeof text !== 'string' || typeof result?.then !== 'function') return result;
    const t0 = performance.now();
    const settle = () => {
      const kind = kindOf(text);
      const seen = kinds.get(kind) ?? { n: 0, ms: 0 };
      kinds.set(kind, { n: seen.n + 1, ms: seen.ms + performance.now() - t0 });
    };
    result.then(settle, settle);
    return result;
  };
  return {
    draw: () => draws++,
    report() {
      const all = [...kinds.entries()].sort((a, b) => b[1].ms - a[1].ms);
      const total = all.reduce((s, [, k]) => s + k.ms, 0);
      print('');
      print(
        `Statements over ${draws} draws: ${(all.reduce((s, [, k]) => s + k.n, 0) / draws).toFixed(2)} a draw, ${f(total / draws)} ms a draw.`,
      );
      print('');
      print('| Statement | per draw | ms each | share |');
      print('| --- | ---: | ---: | ---: |');
      for (const [kind, k] of all.slice(0, 15))
        print(
          `| \`${kind.replace(/\|/g, '\\|')}\` | ${(k.n / draws).toFixed(2)} | ${f(k.ms / k.n)} | ${((k.ms / total) * 100).toFixed(0)}% |`,
        );
    },
  };
}

/**
 * A list draw planned (`planListPage`: the measurements its choice asked for) and then read by its
 * strategy (`readPlannedPage`), each half timed, grouped by strategy; and how often the capped
 * count ran and came back past the cap, where a page of many matches pays for a count it cannot use.
 */
function timePlans() {
  const by = new Map();
  const dumped = [];
  return {
    async read(platform, query) {
      const t0 = performance.now();
      const { read, strategy } = await planListPage(deps, { scope: { dataset: 'shared' }, platform, query });
      const t1 = performance.now();
      const page = await readPlannedPage(read, strategy);
      const { counted, sampled } = read.measured;
      const outcome =
        counted === undefined
          ? 'no count'
          : counted <= LIST_COUNT_CAP
            ? 'within the cap'
            : surelyPastCap(sampled)
              ? 'past, sampled'
              : 'past, counted';
      const key = `${strategy} | ${outcome}`;
      const s = by.get(key) ?? { n: 0, plan: 0, run: 0 };
      s.n += 1;
      s.plan += t1 - t0;
      s.run += performance.now() - t1;
      by.set(key, s);
      dumped.push({ platform, query, strategy, outcome, driver: read.driver, counted, plan: t1 - t0, run: performance.now() - t1 });
      return page;
    },
    report() {
      const all = [...by.entries()].sort((a, b) => b[1].plan + b[1].run - (a[1].plan + a[1].run));
      const total = all.reduce((sum, [, s]) => sum + s.plan + s.run, 0);
      print('');
      print('| Strategy | the count | draws | plan ms each | read ms each | share of the time |');
      print('| --- | --- | ---: | ---: | ---: | ---: |');
      if (values.dump) fs.writeFileSync(values.dump, JSON.stringify(dumped));
      for (const [key, s] of all)
        print(`| ${key} | ${s.n} | ${f(s.plan / s.n)} | ${f(s.run / s.n)} | ${(((s.plan + s.run) / total) * 100).toFixed(0)}% |`);
    },
  };
}
