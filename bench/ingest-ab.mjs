#!/usr/bin/env node
// An A/B of the importer: `pnpm db:import` of the same JSON Lines files of new Twitter posts
// (bench/lib/data.mjs, writeImportFile) by two builds of packages/db, alternated, each run into a
// fresh database made from one migrated template with the assets (as the bench's ingest case).
// Prints, per run, posts/s as the CLI reports it, the importer's CPU (its threads included) and
// the database backends' CPU per post, then the medians per build and size.
//
//   node bench/ingest-ab.mjs --build A=packages/db/dist-base --build B=packages/db/dist \
//     --posts 20000 --posts 100000 --runs 3 [--statements]
//
// `--setup NAME=SQL` runs SQL in that build's fresh database before each import: an A/B of a
// schema setting with one build twice, e.g. the journal's triggers on posts dropped for B
// (--build A=packages/db/dist --build B=packages/db/dist --setup 'B=drop trigger …').
//
// A build is a copy of packages/db/dist (`cp -r packages/db/dist packages/db/dist-base` before a
// change; a copy beside dist resolves the same node_modules). The databases are
// <prefix>_tpl and <prefix>_<build>, dropped at the end. Backends' CPU is read from /proc while the
// import runs (the server must be on this machine); --statements also prints each statement
// kind's wall and backend CPU time per run (lib/statement-times.mjs).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const pg = createRequire(new URL('../packages/db/package.json', import.meta.url))('pg');

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    build: { type: 'string', multiple: true },
    posts: { type: 'string', multiple: true },
    runs: { type: 'string', default: '3' },
    server: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    prefix: { type: 'string', default: 'coinsight_ingest' },
    statements: { type: 'boolean', default: false },
    setup: { type: 'string', multiple: true },
  },
});
const builds = (args.build ?? ['A=packages/db/dist']).map((b) => {
  const [name, dir] = b.split('=');
  return { name, dir: path.resolve(root, dir) };
});
const setups = new Map((args.setup ?? []).map((s) => [s.slice(0, s.indexOf('=')), s.slice(s.indexOf('=') + 1)]));
const sizes = (args.posts ?? ['20000']).map(Number);
const runs = Number(args.runs);
const server = args.server;
const url = (db) => `${server}/${db}`;
const template = `${args.prefix}_tpl`;
const TICK = 100; // clock ticks a second (/proc's unit)

async function admin(sql) {
  const c = new pg.Client({ connectionString: url('postgres') });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
}

async function makeTemplate() {
  await admin(`drop database if exists ${template} with (force)`);
  await admin(`create database ${template}`);
  const { createDb, migrateToLatest, seedAssets } = await import(path.join(builds[0].dir, 'index.js'));
  const handle = await createDb({ kind: 'postgres', url: url(template), queryTimeoutMs: 0 });
  await migrateToLatest(handle.db);
  await seedAssets(handle.db);
  await handle.close();
}

const cpuOf = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
};

async function importOnce(build, file, posts, db) {
  await admin(`drop database if exists ${db} with (force)`);
  await admin(`create database ${db} template ${template}`);
  if (setups.has(build.name)) {
    const c = new pg.Client({ connectionString: url(db) });
    await c.connect();
    await c.query(setups.get(build.name)).finally(() => c.end());
  }
  const watcher = new pg.Client({ connectionString: url('postgres') });
  await watcher.connect();
  const backends = new Map();
  let polling = true;
  const poll = (async () => {
    while (polling) {
      const { rows } = await watcher.query('select pid from pg_stat_activity where datname = $1', [db]);
      for (const { pid } of rows) {
        const cpu = cpuOf(pid);
        if (cpu !== undefined) backends.set(pid, cpu);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const preload = args.statements ? `--import ${path.join(root, 'bench/lib/statement-times.mjs')}` : '';
  const script = `node ${preload} ${path.join(build.dir, 'cli/import.js')} ${file} --platform twitter; times`;
  const started = performance.now();
  const child = spawn('bash', ['-c', script], {
    env: { ...process.env, DATABASE_URL: url(db) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const code = await new Promise((r) => child.on('close', r));
  const wall = (performance.now() - started) / 1000;
  polling = false;
  await poll;
  await watcher.end();
  // `times`: the shell's own user/sys, then its children's.
  const times = out.trim().split('\n').at(-1).split(/\s+/);
  const seconds = (t) => {
    const m = t.match(/(\d+)m([\d.]+)s/);
    return Number(m[1]) * 60 + Number(m[2]);
  };
  const nodeCpu = seconds(times[0]) + seconds(times[1]);
  const backendCpu = [...backends.values()].reduce((a, b) => a + b, 0) / TICK;
  const summary = err.split('\n').find((l) => l.startsWith('Imported')) ?? err.trim();
  const rate = Number(summary.match(/\(([\d,]+) rows\/s\)/)?.[1]?.replace(/,/g, '') ?? NaN);
  const statements = err.split('\n').filter((l) => l.startsWith('stmt '));
  if (code !== 0 || !summary.includes(`${posts.toLocaleString('en-US')} inserted`)) throw new Error(`import failed (${code}): ${err}`);
  await admin(`drop database if exists ${db} with (force)`);
  return { rate, wall, nodeUs: (nodeCpu / posts) * 1e6, backendUs: (backendCpu / posts) * 1e6, statements };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const dataDir = path.join(root, 'bench/.data');
mkdirSync(dataDir, { recursive: true });
const { writeImportFile } = await import('./lib/data.mjs');
const files = new Map();
for (const n of sizes) {
  const file = path.join(dataDir, `import-ab-${n}.jsonl`);
  if (!existsSync(file)) await writeImportFile(file, n, new Date('2026-11-29T00:00:00Z'));
  files.set(n, file);
}
await makeTemplate();
const results = [];
for (let r = 0; r < runs; r++) {
  for (const n of sizes) {
    for (const build of r % 2 ? [...builds].reverse() : builds) {
      const load = os.loadavg()[0].toFixed(2);
      const res = await importOnce(build, files.get(n), n, `${args.prefix}_${build.name.toLowerCase()}`);
      results.push({ build: build.name, n, ...res });
      console.warn(
        `run ${r + 1} ${build.name} ${n}: ${res.rate} posts/s, wall ${res.wall.toFixed(1)} s, node ${res.nodeUs.toFixed(0)} µs/post, backend ${res.backendUs.toFixed(0)} µs/post (load ${load})`,
      );
      for (const s of res.statements) console.warn(`  ${s}`);
    }
  }
}
console.warn(
  `\nmedians (${runs} runs), load now ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (const n of sizes) {
  for (const build of builds) {
    const rs = results.filter((x) => x.build === build.name && x.n === n);
    console.warn(
      `${build.name} ${n}: ${median(rs.map((x) => x.rate)).toFixed(0)} posts/s, node ${median(rs.map((x) => x.nodeUs)).toFixed(0)} µs/post, backend ${median(rs.map((x) => x.backendUs)).toFixed(0)} µs/post`,
    );
  }
}
await admin(`drop database if exists ${template} with (force)`);
