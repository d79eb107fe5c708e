// `pnpm bench`: the read path measured from outside, as a client sees it. Seeds PostgreSQL once
// (reused afterwards), starts the production server pinned to core 0 and autocannon pinned to
// core 1, and measures each case against two baselines run the same way: H, a bare Fastify
// route answering a constant, and P, a plain route running the list's rows query with pg.
// Two modes: realistic (every request drawn from a seeded distribution, lib/realistic.mjs; P
// draws the same list pages) and hot-cache (every connection asks the same request).
// Then the read cases on the embedded database (PGlite), and ingest through `pnpm db:import`.
// See bench/README.md. Fails when a case is broken (first answer not 2xx, connection errors, a 5xx other than
// a shed 503); never on speed: timeouts and 503s are reported, not judged.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const benchDir = path.join(root, 'bench');
const log = (line) => process.stderr.write(`${line}\n`);
const print = (line) => process.stdout.write(`${line}\n`);

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    posts: { type: 'string' },
    seconds: { type: 'string' },
    connections: { type: 'string', default: '50' },
    'embedded-posts': { type: 'string' },
    'ingest-posts': { type: 'string' },
    only: { type: 'string' },
    mode: { type: 'string', default: 'both' },
    seed: { type: 'string', default: '21' },
    'no-embedded': { type: 'boolean', default: false },
    'no-ingest': { type: 'boolean', default: false },
    // An A/B of one server setting (`--ab API_REQUEST_LOG=off`): see abCompare below.
    ab: { type: 'string' },
    rounds: { type: 'string', default: '5' },
  },
});
const quick = args.quick;
const full = !quick;
const whole = (name, value) => {
  if (!/^[1-9]\d{0,9}$/.test(value)) throw new Error(`--${name} must be a whole number above 0`);
  return Number(value);
};
const posts = whole('posts', args.posts ?? (quick ? '20000' : '1000000'));
const seconds = whole('seconds', args.seconds ?? (quick ? '1' : '10'));
const connections = whole('connections', args.connections);
const embeddedPosts = whole('embedded-posts', args['embedded-posts'] ?? String(Math.min(posts, quick ? 20_000 : 50_000)));
const ingestPosts = whole('ingest-posts', args['ingest-posts'] ?? (quick ? '2000' : '20000'));
const warmupSeconds = quick ? 0 : 2;
const only = args.only ? new RegExp(args.only) : null;
if (!['both', 'realistic', 'hot'].includes(args.mode)) throw new Error('--mode must be both, realistic or hot');
const modes = args.mode === 'both' ? ['realistic', 'hot'] : [args.mode];
const seed = whole('seed', args.seed);
const abSetting = args.ab ? /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(args.ab) : null;
if (args.ab && !abSetting) throw new Error('--ab must be NAME=value, e.g. API_REQUEST_LOG=off');
const rounds = whole('rounds', args.rounds);

// The database: BENCH_DATABASE_URL, else a bench database beside TEST_DATABASE_URL's (CI), else
// the local server. The quick run keeps to its own database so it never shrinks a full one.
const defaultName = quick ? 'coinsight_bench_quick' : 'coinsight_bench';
const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
// Imported lazily: the build below may have to make these files first.
let data;
let drawer;

// 1. Build what is stale (contracts, db, api): the server runs from api/dist.
function buildIfNeeded() {
  const newest = (dir) => {
    let latest = 0;
    for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
      if (entry.isFile()) latest = Math.max(latest, statSync(path.join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
    return latest;
  };
  const packages = [
    ['packages/contracts', 'dist/index.js'],
    ['packages/db', 'dist/index.js'],
    ['api', 'dist/server.js'],
  ];
  for (const [dir, output] of packages) {
    const built = path.join(root, dir, output);
    let stale;
    try {
      stale = newest(path.join(root, dir, 'src')) > statSync(built).mtimeMs;
    } catch {
      stale = true;
    }
    if (!stale) continue;
    log(`building ${dir}…`);
    execFileSync(path.join(root, dir, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json'], {
      cwd: path.join(root, dir),
      stdio: 'inherit',
    });
  }
}

// 2. Servers.
const { pinning, spawnNode, startLoadGenerator, stop, waitForHttp } = await import('./lib/processes.mjs');
let nextPort = 40_000 + Math.floor(Math.random() * 10_000);

/** A server on a free port: the machine may be running other benches, so a taken port is skipped. */
async function startServer(kind, env, attempt = 1) {
  const port = nextPort++;
  const script = { app: 'api/dist/server.js', bare: 'bench/baselines/bare.mjs', pg: 'bench/baselines/pg-list.mjs' }[kind];
  // BENCH_APP_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof': where the app's CPU goes under the cases' load.
  const nodeArgs = kind === 'app' ? (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean) : [];
  const child = spawnNode(0, [...nodeArgs, path.join(root, script)], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      JOBS: 'off',
      MARKET_FEED: 'simulated',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(kind === 'app' ? `${base}/api/health` : `${base}/`, child);
  } catch (error) {
    // A server exits at once when its port is taken (EADDRINUSE); anything slower is a real failure.
    if (attempt >= 3 || child.exitCode === null) throw error;
    return startServer(kind, env, attempt + 1);
  }
  return { base, child };
}

// 3. Measuring.
const loader = startLoadGenerator();

async function signIn(base, email, password) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

/** Sessions of the first SESSION_USERS bench users, four sign-ins at a time (argon2 is slow by design). */
async function signInAll(base, account) {
  const emails = account.emails.slice(0, data.SESSION_USERS);
  const tokens = [];
  for (let i = 0; i < emails.length; i += 4)
    tokens.push(...(await Promise.all(emails.slice(i, i + 4).map((email) => signIn(base, email, account.password)))));
  return tokens;
}

/**
 * The request of a case: hot-cache cases send one session (or deal the keys out in turn, see
 * V1_ACCOUNTS in lib/data.mjs); realistic ones draw every path (the first draw is the probe) and
 * deal out every session or key in turn.
 */
function requestOf(c, base, { tokens, account, drawContext }) {
  const headers = {};
  if (c.auth === 'session') headers.authorization = `Bearer ${tokens[0]}`;
  if (c.auth === 'key') headers.authorization = `Bearer ${account.apiKeys[0]}`;
  let body;
  if (c.body === 'credentials') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify({ email: account.email, password: account.password });
  }
  const realistic = c.mode === 'realistic';
  const draw = c.draw && { ...c.draw, seed, ctx: drawContext };
  const credentials = c.auth === 'key' ? account.apiKeys : c.auth === 'session' && realistic ? tokens : undefined;
  const authorizations = credentials?.map((t) => `Bearer ${t}`);
  const path = draw ? drawer(draw)() : c.path;
  return { url: `${base}${path}`, method: c.method, headers, body, authorizations, draw };
}

const SHED_WAIT_MS = 60_000;

/**
 * The case's first answer. A 503 with Retry-After is the server shedding the previous case's load
 * (the health check used to drain is never shed, so it cannot wait for that): ask again after
 * Retry-After, for up to a minute, before judging the case by its answer.
 */
async function firstAnswer(first) {
  const until = Date.now() + SHED_WAIT_MS;
  for (;;) {
    const probe = await fetch(first.url, { method: first.method, headers: first.headers, body: first.body });
    const text = await probe.text();
    const retryAfter = Number(probe.headers.get('retry-after'));
    if (probe.status !== 503 || !(retryAfter > 0) || Date.now() + retryAfter * 1000 > until) return { probe, text };
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
  }
}

/** One case: an answer checked (2xx, or a skip for an optional route not there yet), then the load. */
async function measure(c, request, drainUrl) {
  const { url, method, headers, body } = request;
  const { probe, text } = await firstAnswer({ url, method, headers, body });
  if (probe.status === 404 && c.optional) return { skipped: `${c.path.split('?')[0]} answers 404 (not on this branch yet)` };
  if (!probe.ok) return { failed: `first answer HTTP ${probe.status}: ${text.slice(0, 200)}` };
  const target = { ...request, connections: c.connections };
  if (warmupSeconds > 0) {
    // Realistic draws of another seed: the measured ones must not be what the warm-up just cached.
    const warmDraw = target.draw && { ...target.draw, seed: target.draw.seed + 1 };
    await loader.measure({ ...target, draw: warmDraw, seconds: warmupSeconds });
    await drain(drainUrl);
  }
  const result = await loader.measure({ ...target, seconds });
  await drain(drainUrl);
  return result;
}

/**
 * autocannon stops at the deadline with requests still queued in the server: one more request
 * (the health check, which takes a pool connection like them) waits its turn behind them, so the next case (or the shutdown) starts on an idle server.
 */
async function drain(url) {
  await fetch(url, { signal: AbortSignal.timeout(60_000) }).catch(() => undefined);
}

const results = [];
const record = (c, db, outcome) => {
  const row = { id: c.id, mode: c.mode, group: c.group, name: c.name, db, connections: c.connections, ...outcome };
  results.push(row);
  const figures =
    row.rps !== undefined
      ? `${row.rps2xx.toFixed(0)} 2xx/s, p99 ${row.latency.p99} ms${problems(row) ? `, ${problems(row)}` : ''}`
      : (row.skipped ?? row.failed);
  log(`  ${db.padEnd(10)} ${c.mode.padEnd(9)} ${c.name.padEnd(58)} ${figures}`);
  for (const [status, samples] of Object.entries(row.samples ?? {}))
    if (Number(status) >= 500 && !(Number(status) === 503 && row.shed))
      for (const s of samples) log(`      ${status} ← GET ${s.path}: ${s.body}`);
  return row;
};
/** 5xx answers other than shed load (503 + Retry-After): a server fault, whatever the load. */
const serverFaults = (r) => (r.statuses?.['5xx'] ?? 0) - (r.shed ?? 0);
const problems = (r) =>
  [
    r.errors ? `${r.errors} errors` : '',
    r.timeouts ? `${r.timeouts} timeouts` : '',
    ...Object.entries(r.byStatus ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, n]) => `${n} × ${code}${code === '503' && r.shed ? ` (${r.shed} shed)` : ''}`),
  ]
    .filter(Boolean)
    .join(', ');

async function runCases(cases, db, server, context) {
  for (const c of cases) {
    if (only && !only.test(c.id)) continue;
    record(c, db, await measure(c, requestOf(c, server.base, context), `${server.base}/api/health`));
  }
}

// Where capacity is: a few realistic cases again at offered rates around the rate they reached
// with 50 connections (closed loop, which is saturation). Below it every request should be
// answered, none shed; past it the server may shed (503 + Retry-After) or queue (latency grows).
const CAPACITY_CASES = ['rt-list', 'rt-search'];
const CAPACITY_SHARES = quick ? [0.5, 1, 1.5] : [0.25, 0.5, 0.8, 1, 1.25, 1.5];
// Enough connections that they never cap the offered rate: the rate does.
const SWEEP_CONNECTIONS = 200;

async function sweepCapacity(cases, server, context) {
  for (const id of CAPACITY_CASES) {
    const c = cases.find((x) => x.id === id);
    const saturated = results.find((r) => r.id === id && r.db === 'postgres');
    if (!c || !saturated?.rps2xx) continue;
    for (const share of CAPACITY_SHARES) {
      const rate = Math.max(1, Math.round(saturated.rps2xx * share));
      const step = {
        ...c,
        id: `${id}@${Math.round(share * 100)}`,
        group: 'capacity',
        name: `${c.name}: ${Math.round(share * 100)}% of its 50-connection rate`,
        connections: SWEEP_CONNECTIONS,
      };
      const request = { ...requestOf(c, server.base, context), rate };
      record(step, 'postgres', { offered: rate, ...(await measure(step, request, `${server.base}/api/health`)) });
    }
  }
}

/**
 * `--ab NAME=value`: the selected cases on two app servers at once, A as configured and B with the
 * one setting changed, both pinned to core 0 on the same database, measured in turn (A, B, A, B…,
 * `--rounds` each, `--seconds` a slice), so both sides meet the same machine load; a shared, noisy
 * machine moves both alike. Prints each case's median 2xx/s and p50 per side and B's change.
 */
/** CPU time (user + system) a process has used so far, in ms (Linux: /proc, 100 ticks a second). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function abCompare(cases, a, b, context) {
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const rows = [];
  for (const c of cases) {
    if (only && !only.test(c.id)) continue;
    const sides = { A: [], B: [] };
    for (let round = 0; round < rounds; round += 1) {
      for (const [side, server] of round % 2 === 0
        ? [
            ['A', a],
            ['B', b],
          ]
        : [
            ['B', b],
            ['A', a],
          ]) {
        const cpuBefore = cpuMs(server.child.pid);
        const outcome = await measure(c, requestOf(c, server.base, context), `${server.base}/api/health`);
        if (outcome.rps === undefined) throw new Error(`${c.id} on ${side}: ${outcome.failed ?? outcome.skipped}`);
        // The server's CPU per 1,000 answers: what the machine's other load moves far less than the rate.
        const cpuPer1k = ((cpuMs(server.child.pid) - cpuBefore) / Math.max(1, outcome.rps * seconds)) * 1000;
        sides[side].push({ ...outcome, cpuPer1k });
        log(
          `  ${side} ${c.name.padEnd(58)} ${outcome.rps2xx.toFixed(0)} 2xx/s, p50 ${outcome.latency.p50} ms, ${cpuPer1k.toFixed(0)} CPU ms per 1,000`,
        );
      }
    }
    const rps = (side) => median(sides[side].map((o) => o.rps2xx));
    const p50 = (side) => median(sides[side].map((o) => o.latency.p50));
    const cpu = (side) => median(sides[side].map((o) => o.cpuPer1k));
    const figures = (side) => ({ rps: rps(side), p50: p50(side), cpu: cpu(side), runs: sides[side].map((o) => Math.round(o.rps2xx)) });
    rows.push({ id: c.id, name: c.name, a: figures('A'), b: figures('B') });
  }
  const pct = (x) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
  print(
    `\n**A/B: ${abSetting[1]}=${abSetting[2]} (B) against the default (A)**, ${rounds} slices of ${seconds} s each side, interleaved; medians.\n`,
  );
  print(
    '| Case | A 2xx/s | B 2xx/s | B vs A | A CPU ms/1k | B CPU ms/1k | B vs A | A p50 ms | B p50 ms | A slices 2xx/s | B slices 2xx/s |',
  );
  print('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |');
  for (const r of rows)
    print(
      `| ${r.name} | ${r.a.rps.toFixed(0)} | ${r.b.rps.toFixed(0)} | ${pct(r.b.rps / r.a.rps - 1)} | ${r.a.cpu.toFixed(0)} | ${r.b.cpu.toFixed(0)} | ${pct(r.b.cpu / r.a.cpu - 1)} | ${r.a.p50} | ${r.b.p50} | ${r.a.runs.join(', ')} | ${r.b.runs.join(', ')} |`,
    );
}

async function main() {
  buildIfNeeded();
  data = await import('./lib/data.mjs');
  ({ drawer } = await import('./lib/realistic.mjs'));
  const { allCases, readCases, realisticCases } = await import('./lib/cases.mjs');
  const mainUrl = process.env.BENCH_DATABASE_URL || data.withDatabase(serverUrl, defaultName);
  const started = Date.now();

  const main = await data.ensureSeeded({ kind: 'postgres', url: mainUrl }, posts, 'PostgreSQL');
  // Realistic cases first: they are the headline, and the hot ones' cache starts cold either way.
  const casesOf = (seeded) => [
    ...(modes.includes('realistic') ? realisticCases({ connections }) : []),
    ...(modes.includes('hot') ? allCases({ newest: seeded.newest, full, connections, signInConnections: 4 }) : []),
  ];
  const drawContextOf = (seeded) => ({ newest: seeded.newest.getTime(), postsByPlatform: seeded.postsByPlatform });
  const cases = casesOf(main);
  const drawContext = drawContextOf(main);
  const constant = { connections, method: 'GET', path: '/' };
  log(`\nmeasuring ${modes.join(' and ')} mode, ${seconds} s a case, ${connections} connections, seed ${seed}; ${pinning}`);

  // Baselines first, each alone on core 0 as the app will be. H is the same in both modes; P asks
  // page 1 in the hot-cache mode and the realistic list's draws in the realistic one.
  let server = await startServer('bare', {});
  const h = record(
    { ...constant, id: 'H', mode: 'both', group: 'baseline', name: 'H: bare Fastify, constant' },
    'none',
    await measure(constant, { url: `${server.base}/`, method: 'GET' }, `${server.base}/`),
  );
  await stop(server.child);
  server = await startServer('pg', { DATABASE_URL: mainUrl });
  const p = {};
  if (modes.includes('realistic')) {
    const c = {
      ...constant,
      id: 'P-rt',
      mode: 'realistic',
      group: 'baseline',
      name: 'P: plain pg route, the list draws',
      draw: { stream: 'list', format: 'pg' },
    };
    p.realistic = record(c, 'postgres', await measure(c, requestOf(c, server.base, { drawContext }), `${server.base}/`));
  }
  if (modes.includes('hot')) {
    const c = { ...constant, id: 'P', mode: 'hot', group: 'baseline', name: 'P: plain pg route, list page 1' };
    p.hot = record(c, 'postgres', await measure(c, { url: `${server.base}/`, method: 'GET' }, `${server.base}/`));
  }
  await stop(server.child);

  // One secret for the run: an A/B's second server must accept the sessions signed in on the first.
  const jwtSecret = randomBytes(32).toString('hex');
  const appEnv = (extra) => ({
    JWT_SECRET: jwtSecret,
    MARKET_TICK_SECONDS: String(data.BENCH_TICK_SECONDS),
    ...extra,
  });
  server = await startServer('app', appEnv({ DATABASE_URL: mainUrl }));
  // Tick signals as another instance's tick job would send them (the servers run with JOBS=off).
  let stopTicks = await data.startTickSignals(mainUrl);
  const tokens = await signInAll(server.base, main.account);
  if (abSetting) {
    const b = await startServer('app', appEnv({ DATABASE_URL: mainUrl, [abSetting[1]]: abSetting[2] }));
    await abCompare(cases, server, b, { tokens, account: main.account, drawContext });
    await stopTicks();
    await stop(b.child, 25_000);
    await stop(server.child, 25_000);
    await loader.stop();
    process.exit(0);
  }
  await runCases(cases, 'postgres', server, { tokens, account: main.account, drawContext });
  if (modes.includes('realistic')) await sweepCapacity(cases, server, { tokens, account: main.account, drawContext });
  await stopTicks();
  await stop(server.child, 25_000);

  // The embedded database on the read cases, against PostgreSQL at the same size.
  if (!args['no-embedded']) {
    let sameSize = 'postgres';
    if (embeddedPosts !== posts) {
      const cmpUrl = data.withDatabase(mainUrl, `${new URL(mainUrl).pathname.slice(1)}_${embeddedPosts}`);
      const cmp = await data.ensureSeeded({ kind: 'postgres', url: cmpUrl }, embeddedPosts, `PostgreSQL (${embeddedPosts})`);
      sameSize = `postgres-${embeddedPosts}`;
      server = await startServer('app', appEnv({ DATABASE_URL: cmpUrl }));
      stopTicks = await data.startTickSignals(cmpUrl);
      await runCases(readCases(casesOf(cmp), full), sameSize, server, {
        tokens: await signInAll(server.base, cmp.account),
        account: cmp.account,
        drawContext: drawContextOf(cmp),
      });
      await stopTicks();
      await stop(server.child, 25_000);
    }
    const dataDir = path.join(benchDir, '.data', `embedded-${embeddedPosts}`);
    const lite = await data.ensureSeeded(
      { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
      embeddedPosts,
      `PGlite (${embeddedPosts})`,
    );
    server = await startServer('app', { DATA_DIR: dataDir });
    await runCases(readCases(casesOf(lite), full), 'pglite', server, {
      tokens: await signInAll(server.base, lite.account),
      account: lite.account,
      drawContext: drawContextOf(lite),
    });
    await stop(server.child, 25_000);
    for (const row of results.filter((r) => r.db === 'pglite')) {
      const pgRow = results.find((r) => r.db === sameSize && r.id === row.id);
      if (row.rps !== undefined && pgRow?.rps2xx) row.vsPostgres = row.rps2xx / pgRow.rps2xx;
    }
  }
  await loader.stop();

  // Ingest: the importer over a JSON Lines file, into a fresh database with every index in place.
  let ingest;
  if (!args['no-ingest'] && !only) {
    const ingestUrl = data.withDatabase(mainUrl, `${new URL(mainUrl).pathname.slice(1)}_ingest`);
    await data.freshImportDatabase(ingestUrl);
    const file = path.join(benchDir, '.data', `import-${ingestPosts}.jsonl`);
    mkdirSync(path.dirname(file), { recursive: true });
    await data.writeImportFile(file, ingestPosts, main.newest);
    log(`\nimporting ${ingestPosts.toLocaleString('en-US')} posts (pnpm db:import)…`);
    const t0 = performance.now();
    const run = spawnSync(process.execPath, [path.join(root, 'packages/db/dist/cli/import.js'), file, '--platform', 'twitter'], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: ingestUrl },
      encoding: 'utf8',
    });
    const wall = (performance.now() - t0) / 1000;
    const summary = run.stderr.split('\n').find((l) => l.startsWith('Imported')) ?? run.stderr.trim();
    const rate = Number(summary.match(/\(([\d,]+) rows\/s\)/)?.[1]?.replace(/,/g, '') ?? NaN);
    ingest = { posts: ingestPosts, postsPerSecond: rate, wallSeconds: wall, exitCode: run.status, summary };
    log(summary);
    await data.dropDatabase(ingestUrl);
    rmSync(file);
  }

  // Ratios of 2xx answers a second: to H, and to the P of the case's own mode (the PGlite rows
  // too, though P runs on PostgreSQL at --posts: their own ratio is vsPostgres).
  for (const row of results) {
    if (row.rps === undefined) continue;
    row.vsH = row.rps2xx / h.rps2xx;
    const pOfMode = p[row.mode === 'realistic' ? 'realistic' : 'hot'];
    if (pOfMode?.rps2xx && row.id !== 'H') row.vsP = row.rps2xx / pOfMode.rps2xx;
  }
  // A broken case fails the run: a first answer that is not 2xx, a connection error, a 5xx other
  // than shed load (503 + Retry-After). Timeouts and shed answers say the machine was saturated:
  // reported in the table, never judged, so a verdict does not depend on how fast (or how loaded)
  // the machine is today.
  const failures = results.filter((r) => r.failed || (r.errors ?? 0) - (r.timeouts ?? 0) > 0 || serverFaults(r) > 0);
  if (ingest && ingest.exitCode !== 0) failures.push({ name: 'ingest', failed: ingest.summary });

  const report = await import('./lib/report.mjs');
  const machine = report.machine(mainUrl);
  const out = {
    run: quick ? 'quick' : 'full',
    date: new Date().toISOString(),
    commit: machine.commit,
    machine: machine.info,
    modes,
    settings: {
      posts,
      embeddedPosts,
      ingestPosts,
      seconds,
      warmupSeconds,
      connections,
      pinning,
      seed,
      sessionUsers: data.SESSION_USERS,
      v1Keys: main.account.apiKeys.length,
    },
    results,
    ingest,
    totalSeconds: (Date.now() - started) / 1000,
  };
  const resultsDir = path.join(benchDir, 'results');
  mkdirSync(resultsDir, { recursive: true });
  // A run of some cases (--only) never overwrites the whole run of the same day and size.
  const size = quick ? 'quick' : posts === 1_000_000 ? 'full' : `${posts}-posts`;
  const name = `${size}${args.mode === 'both' ? '' : `-${args.mode}`}${only ? '-partial' : ''}`;
  const file = path.join(resultsDir, `${out.date.slice(0, 10)}-${name}.json`);
  writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  process.stdout.write(`${report.markdown(out)}\n`);
  log(`results: ${path.relative(process.cwd(), file)} (${out.totalSeconds.toFixed(0)} s in all)`);
  if (failures.length > 0) {
    log(`\nFAILED: ${failures.map((f) => `${f.name} (${f.failed ?? problems(f)})`).join('; ')}`);
    process.exit(1);
  }
  process.exit(0);
}

main().catch((error) => {
  log(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
