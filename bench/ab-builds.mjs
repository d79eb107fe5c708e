// Two builds of the app side by side on the same realistic draws (lib/realistic.mjs), in one
// process: each draw is served by the search, /v1/data or list service function of build A and of
// build B in turn (which first alternates), without the read cache (each build keeps its fact
// cache, as an instance does), and their answers compared. Reports
// wall time per call, and the CPU each build's database backends spent (one connection for each of
// its two pools, read from /proc/<pid>/stat: the server must be on this machine) and the Node CPU of its calls. On a
// shared, noisy machine the CPU a call costs is steadier than its time. Each root must be built
// (packages and api dist); both read the same database.
//
//   node bench/ab-builds.mjs --a /path/to/old/checkout [--b .] [--stream search|v1-data|filter-…] [--draws 300] [--seed 21] [--url …]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { drawer } from './lib/realistic.mjs';

const print = (line) => process.stdout.write(`${line}\n`);

const { values } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string', default: '.' },
    stream: { type: 'string', default: 'search' },
    draws: { type: 'string', default: '300' },
    seed: { type: 'string', default: '21' },
    warm: { type: 'string', default: '100' },
    url: { type: 'string', default: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/coinsight_bench' },
  },
});
if (!values.a) throw new Error('--a names the other build (a checkout with its dist built)');
const LISTS = ['filter-username', 'filter-dates', 'filter-counters', 'filter-instagram', 'filter-combined', 'list'];
if (!['search', 'v1-data', ...LISTS].includes(values.stream)) throw new Error(`--stream is search, v1-data or one of ${LISTS.join(', ')}`);

/** The backend's CPU so far, in ms (utime + stime, in ticks of 10 ms). */
const backendCpu = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const backendsCpu = (pids) => pids.reduce((sum, pid) => sum + backendCpu(pid), 0);

async function load(root) {
  const at = (file) => path.resolve(root, file);
  const { createFactCache } = await import(at('api/dist/services/read-cache.js'));
  const contracts = await import(at('packages/contracts/dist/index.js'));
  const { createDb } = await import(at('packages/db/dist/index.js'));
  const social = await import(at('api/dist/services/social/index.js'));
  // One connection per pool, so the backends' CPU is this build's alone: the pool planned per call
  // and the one on generic plans, as the app has them (docs/performance.md, "Generic plans").
  const handle = await createDb({ kind: 'postgres', url: values.url, poolSize: 1 });
  const generic = await createDb({ kind: 'postgres', url: values.url, poolSize: 1, genericPlans: true });
  const pidOf = async (db) => (await db.selectNoFrom((eb) => eb.fn('pg_backend_pid', []).as('pid')).execute())[0].pid;
  const pids = [await pidOf(handle.db), await pidOf(generic.db)];
  const deps = { db: handle.db, readDb: handle.db, genericDb: generic.db, facts: createFactCache(), now: () => new Date() };
  const caller = { userId: 'bench' };
  const serve = (drawn) => {
    const url = new URL(drawn, 'http://bench');
    const query = Object.fromEntries(url.searchParams);
    if (LISTS.includes(values.stream)) {
      const platform = url.pathname.split('/').at(-1);
      return social.listPosts(deps, { platform, query: contracts.listQuerySchema(platform).parse(query) }, caller);
    }
    return values.stream === 'search'
      ? social.searchPosts(deps, contracts.searchQuerySchema.parse(query), caller)
      : social.postsFeed(deps, contracts.v1DataQuerySchema.parse(query), caller);
  };
  return { root, handle, generic, pids, serve, wall: [], node: 0 };
}

const builds = [await load(values.a), await load(values.b)];
// Each backend reads the whole table once (the draws' context): a backend that has run such a
// statement spent 20–25% less CPU on the same later calls than one that has not (two copies of one
// build, 1 December 2026), so both must have, or the one that did wins whatever it serves.
const sized = async (db) => ({
  newest: (
    await db
      .selectFrom('posts')
      .select((eb) => eb.fn.max('created_at').as('newest'))
      .execute()
  )[0].newest,
  byPlatform: await db
    .selectFrom('posts')
    .select(['platform', (eb) => eb.fn.countAll().as('n')])
    .groupBy('platform')
    .execute(),
});
const [{ newest, byPlatform }] = [
  await sized(builds[0].handle.db),
  await sized(builds[0].generic.db),
  await sized(builds[1].handle.db),
  await sized(builds[1].generic.db),
];
const ctx = { newest: new Date(newest).getTime(), postsByPlatform: Object.fromEntries(byPlatform.map((r) => [r.platform, Number(r.n)])) };
const next = drawer({ stream: values.stream, seed: Number(values.seed), ctx });
const draws = Array.from({ length: Number(values.draws) }, () => next());
// Warmed on draws of another seed, as a running instance is: its samples and facts of the
// platforms read, so that what is timed is a call, not the first loads of each build's facts.
const warming = drawer({ stream: values.stream, seed: Number(values.seed) + 1_000, ctx });
for (let i = 0; i < Number(values.warm); i++) {
  const drawn = warming();
  for (const build of builds) await build.serve(drawn);
}
// Reads a warm-up started in the background (a platform's sample) finish before the timing starts.
await new Promise((resolve) => setTimeout(resolve, 3_000));

const answer = (r) =>
  JSON.stringify({
    ids: r.data.map((d) => d._id),
    total: r.total ?? r.pagination?.total,
    estimate: r.pagination?.totalIsEstimate,
    capped: r.totalCapped,
    platforms: r.platforms,
    next: r.nextOffset ?? r.next,
  });
const cpuBefore = builds.map((b) => backendsCpu(b.pids));
let differing = 0;
// Answers whose rows differ, not only their totals (two estimates of one total may differ).
let rowsDiffering = 0;
const rows = (text) => JSON.stringify(JSON.parse(text).ids);
for (const [i, drawn] of draws.entries()) {
  const answers = [];
  for (const build of i % 2 ? builds : [...builds].reverse()) {
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    answers.push(answer(await build.serve(drawn)));
    build.wall.push(performance.now() - t0);
    const used = process.cpuUsage(cpu);
    build.node += (used.user + used.system) / 1000;
  }
  if (answers[0] !== answers[1]) {
    differing += 1;
    if (rows(answers[0]) !== rows(answers[1])) rowsDiffering += 1;
    if (differing <= 3) print(`differs: ${decodeURIComponent(drawn)}`);
  }
}
const at = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
print(`${values.stream}, ${draws.length} draws, seed ${values.seed}: answers differing ${differing}, their rows ${rowsDiffering}`);
for (const [k, build] of builds.entries()) {
  const wall = [...build.wall].sort((x, y) => x - y);
  const db = (backendsCpu(build.pids) - cpuBefore[k]) / wall.length;
  print(
    `${k ? 'B' : 'A'} ${build.root}: median ${at(wall, 0.5).toFixed(2)} ms, p95 ${at(wall, 0.95).toFixed(1)}, p99 ${at(wall, 0.99).toFixed(1)}; ` +
      `per call: database CPU ${db.toFixed(2)} ms, Node CPU ${(build.node / wall.length).toFixed(2)} ms`,
  );
}
for (const build of builds) await Promise.all([build.handle.close(), build.generic.close()]);
