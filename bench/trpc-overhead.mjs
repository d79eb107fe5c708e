// tRPC's list against REST's, in process (app.inject), one call of each in turn so all see the same
// machine load: the REST Twitter list page 1, the same page through tRPC's GET query batch as the
// web's batch link sends it (trpc/fastify-plugin.ts's short road), and the same tRPC call sent with
// `Accept: text/event-stream`, which the plugin leaves to the library's Fastify adapter. The read
// cache answers all three after the first call: what is measured is the stack around a cached
// answer, as in `pnpm bench`'s hot-cache mode. CPU time a call (the process's, worker threads
// included) is less moved by other processes on a loaded machine than wall time. Build first.
//
//   node bench/trpc-overhead.mjs [--calls 2000]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { seedDemoPosts } from '../packages/db/dist/index.js';
import { createTestDatabase } from '../packages/db/dist/testing.js';
import { createTestApp } from '../api/dist/test/app.js';

const print = (line) => process.stdout.write(`${line}\n`);
const { values } = parseArgs({ options: { calls: { type: 'string', default: '2000' } } });
const calls = Number(values.calls);
const WARM_UP = 200;

const tasksDir = mkdtempSync(path.join(tmpdir(), 'coinsight-bench-'));
// The tests' app (api/src/test/app.ts) on PGlite, whatever TEST_DB says.
const database = await createTestDatabase({});
const { app, close } = await createTestApp({ logLevel: 'warn', tasks: { dir: tasksDir } }, { shared: database });
try {
  await seedDemoPosts(app.db, { count: 2_000 });
  const signup = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { username: 'bench_trpc', email: 'bench.trpc@example.com', password: 'Tr1cky-Lynx-42' },
    remoteAddress: '10.9.8.7',
  });
  if (signup.statusCode !== 201) throw new Error(`signup: ${signup.statusCode} ${signup.body}`);
  const authorization = `Bearer ${signup.json().token}`;
  const trpcUrl = `/trpc/social.list.twitter?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { page: 1, limit: 25 } }))}`;
  const variants = [
    ['REST GET /api/social/twitter?limit=25&page=1', { url: '/api/social/twitter?limit=25&page=1', headers: { authorization } }],
    ['tRPC social.list.twitter, short road', { url: trpcUrl, headers: { authorization } }],
    ['tRPC social.list.twitter, library adapter', { url: trpcUrl, headers: { authorization, accept: 'text/event-stream' } }],
  ];
  const wall = variants.map(() => []);
  const cpu = variants.map(() => 0);
  for (let i = 0; i < calls + WARM_UP; i++) {
    for (const [index, [name, request]] of variants.entries()) {
      const cpuBefore = process.cpuUsage();
      const started = process.hrtime.bigint();
      const res = await app.inject({ method: 'GET', ...request });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const used = process.cpuUsage(cpuBefore);
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      if (i >= WARM_UP) {
        wall[index].push(ms);
        cpu[index] += used.user + used.system;
      }
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const restCpu = cpu[0] / calls;
  const restWall = median(wall[0]);
  print(`${calls} calls of each, in turn, after ${WARM_UP} to warm up; PGlite, 2,000 posts, read cache on.`);
  print('| Call | median ms | CPU µs a call | calls/s of REST (CPU) | calls/s of REST (median) |');
  print('| --- | ---: | ---: | ---: | ---: |');
  for (const [index, [name]] of variants.entries()) {
    const cpuPerCall = cpu[index] / calls;
    const wallMedian = median(wall[index]);
    print(
      `| ${name} | ${wallMedian.toFixed(3)} | ${Math.round(cpuPerCall)} | ${Math.round((100 * restCpu) / cpuPerCall)}% | ${Math.round((100 * restWall) / wallMedian)}% |`,
    );
  }
} finally {
  await close();
  await database.drop();
  rmSync(tasksDir, { recursive: true, force: true });
}
