// What the request log costs a /v1 call, measured on its parts rather than on a shared machine's
// throughput: the server CPU of one GET /v1/crypto/prices with the log off (app.inject, in
// process), against the CPU the log adds per call (its onResponse record, and its share of the
// batched insert as the writer runs it: 500 rows a statement) and the statement's own time in
// PostgreSQL. CPU is the process's own (process.cpuUsage), so other load on the machine moves it
// far less than a rate. Build first (pnpm build).
//
//   node bench/request-log-cost.mjs [--url postgres://postgres@127.0.0.1:5432/postgres] [--calls 2000] [--rows 50000]
//
// Runs on PGlite, and on PostgreSQL when --url names a server (a database is made and dropped).
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import { seedAssets } from '../packages/db/dist/index.js';
import { createTestDatabase } from '../packages/db/dist/testing.js';
import { createTestApp } from '../api/dist/test/app.js';
import { apiKeyHash, displayPrefix, newApiKeySecret } from '../api/dist/services/api-keys/secret.js';
import { createRequestLogWriter } from '../api/dist/services/request-log/writer.js';

const print = (line) => process.stdout.write(`${line}\n`);
const { values } = parseArgs({
  options: { url: { type: 'string' }, calls: { type: 'string', default: '2000' }, rows: { type: 'string', default: '50000' } },
});
const calls = Number(values.calls);
const rows = Number(values.rows);
const cpuUs = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

async function scenario(label, database) {
  const { app, close } = await createTestApp({ requestLog: false, logLevel: 'warn', tasks: { dir: tmpdir() } }, { shared: database });
  await seedAssets(app.db);
  // A Pro account and key per 900 calls: under the 1,000 a minute each may make.
  const account = async () => {
    const id = `usr_${randomBytes(8).toString('hex')}`;
    await app.db
      .insertInto('users')
      .values({ id, username: id, email: `${id}@example.com`, password_hash: 'x', social_accounts: {}, plan: 'pro' })
      .execute();
    const s = newApiKeySecret();
    const row = await app.db
      .insertInto('api_keys')
      .values({ user_id: id, name: 'bench', prefix: displayPrefix(s), secret_hash: apiKeyHash(s), last_used_at: null, deleted_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { userId: id, secret: s, id: row.id };
  };
  const keys = [];
  for (let i = 0; i < Math.ceil((calls + 50) / 900); i += 1) keys.push(await account());
  const [{ userId, id: keyId }] = keys;

  // 1. A /v1 call's own CPU, the log off.
  const call = (i) =>
    app.inject({
      method: 'GET',
      url: '/v1/crypto/prices?symbols=BTC,ETH',
      headers: { authorization: `Bearer ${keys[Math.floor(i / 900)].secret}` },
    });
  for (let i = 0; i < 50; i += 1) await call(calls + i);
  let started = cpuUs();
  for (let i = 0; i < calls; i += 1) {
    const res = await call(i);
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  }
  const callUs = (cpuUs() - started) / calls;

  // 2. The log's part: a row recorded per call, and written 500 rows a statement, as the writer does.
  const writer = createRequestLogWriter(app.deps, { enabled: true, flushMs: 3_600_000, flushRows: 1_000_000, maxRows: rows + 1 });
  const row = (i) => ({
    user_id: userId,
    key_id: keyId,
    at: new Date(),
    method: 'GET',
    path: '/v1/crypto/prices',
    operation: 'getCryptoPrices',
    status: 200,
    latency_ms: 1.5,
    billed: true,
    cost_micros: 150,
    request_id: `req-${i}`,
  });
  started = cpuUs();
  for (let i = 0; i < rows; i += 1) writer.record(row(i));
  const recordUs = (cpuUs() - started) / rows;
  await writer.close();
  const batch = createRequestLogWriter(app.deps, { enabled: true, flushMs: 3_600_000, flushRows: 1_000_000 });
  let flushCpu = 0;
  let flushWall = 0;
  for (let done = 0; done < rows; done += 500) {
    for (let i = 0; i < 500; i += 1) batch.record(row(done + i));
    const cpu0 = cpuUs();
    const wall0 = process.hrtime.bigint();
    await batch.flush();
    flushCpu += cpuUs() - cpu0;
    flushWall += Number(process.hrtime.bigint() - wall0) / 1000;
  }
  await batch.close();
  const flushUs = flushCpu / rows;
  const statementUs = flushWall / rows;
  const added = recordUs + flushUs;
  print(
    `| ${label} | ${callUs.toFixed(0)} | ${recordUs.toFixed(2)} | ${flushUs.toFixed(2)} | ${((added / callUs) * 100).toFixed(2)}% | ${statementUs.toFixed(2)} |`,
  );
  await close();
}

print(
  `${calls} calls of GET /v1/crypto/prices (log off), one at a time after 50 to warm up; ${rows} rows recorded and written 500 a statement.`,
);
print(
  '| Database | /v1 call CPU (µs) | record CPU per call (µs) | batched insert CPU per call (µs) | added | insert wall time per row (µs) |',
);
print('| --- | ---: | ---: | ---: | ---: | ---: |');
const targets = [['PGlite', {}]];
if (values.url) targets.push(['PostgreSQL', { TEST_DB: 'postgres', TEST_DATABASE_URL: values.url }]);
for (const [label, env] of targets) {
  const database = await createTestDatabase(env);
  try {
    await scenario(label, database);
  } finally {
    await database.drop();
  }
}
