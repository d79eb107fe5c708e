// The added cost of /v1's authentication + rate limits + metering per call: GET
// /v1/crypto/prices through the whole /v1 scope, against the same handler registered on a bare
// Fastify instance (no auth, no limits, no metering), in process with app.inject, alternating
// one call of each so both see the same machine load. Build first (pnpm build).
//
//   node bench/v1-overhead.mjs [--url postgres://postgres@127.0.0.1:5432/postgres] [--redis redis://127.0.0.1:6379] [--calls 400] [--budget]
//
// Runs on PGlite, and on PostgreSQL when --url names a server (a database is made and dropped);
// each with in-process counters, and with Redis when --redis is given.
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { seedAssets } from '../packages/db/dist/index.js';
import { createTestDatabase } from '../packages/db/dist/testing.js';
import { createTestApp } from '../api/dist/test/app.js';
import { cryptoRoutes } from '../api/dist/v1/routes/crypto.js';
import { apiKeyHash, displayPrefix, newApiKeySecret } from '../api/dist/services/api-keys/secret.js';

const Fastify = createRequire(new URL('../api/package.json', import.meta.url))('fastify');
const print = (line) => process.stdout.write(`${line}\n`);

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    redis: { type: 'string' },
    // Below Pro's 1,000 a minute, so no call is refused.
    calls: { type: 'string', default: '400' },
    // The account has a hard-capped budget far above what the run spends.
    budget: { type: 'boolean', default: false },
  },
});
const calls = Number(values.calls);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

async function scenario(label, database, redisUrl) {
  // The tests' app (api/src/test/app.ts) on the scenario's database, which the caller drops.
  const { app, close } = await createTestApp({ redisUrl, logLevel: 'warn', tasks: { dir: tmpdir() } }, { shared: database });
  await seedAssets(app.db);
  const bare = Fastify({ logger: false });
  // The /v1 scope gives each request its deps (v1/auth.ts); the bare instance gives every request the app's.
  bare.decorateRequest('deps', null);
  bare.addHook('onRequest', async (request) => {
    request.deps = app.deps;
  });
  await bare.register(cryptoRoutes, { prefix: '/v1' });
  await bare.ready();

  const userId = `usr_${randomBytes(8).toString('hex')}`;
  await app.db
    .insertInto('users')
    .values({ id: userId, username: userId, email: `${userId}@example.com`, password_hash: 'x', social_accounts: {}, plan: 'pro' })
    .execute();
  const secret = newApiKeySecret();
  await app.db
    .insertInto('api_keys')
    .values({
      user_id: userId,
      name: 'bench',
      prefix: displayPrefix(secret),
      secret_hash: apiKeyHash(secret),
      last_used_at: null,
      deleted_at: null,
    })
    .execute();
  if (values.budget) {
    await app.db.insertInto('budgets').values({ user_id: userId, amount_cents: 10_000_000, hard_cap: true }).execute();
  }
  const url = '/v1/crypto/prices?symbols=BTC,ETH';
  const metered = () => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${secret}` } });
  const plain = () => bare.inject({ method: 'GET', url });

  const times = { metered: [], plain: [] };
  for (let i = 0; i < calls + 20; i++) {
    for (const [name, call] of [
      ['metered', metered],
      ['plain', plain],
    ]) {
      const started = process.hrtime.bigint();
      const res = await call();
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
      if (i >= 20) times[name].push(ms);
    }
  }
  const m = median(times.metered);
  const p = median(times.plain);
  const rate = (xs) => Math.round(xs.length / (xs.reduce((a, b) => a + b, 0) / 1000));
  print(
    `| ${label} | ${p.toFixed(2)} | ${m.toFixed(2)} | +${(m - p).toFixed(2)} | ${(m / p).toFixed(2)} | ${rate(times.plain)} | ${rate(times.metered)} |`,
  );
  await bare.close();
  await close();
}

print(`${calls} calls of each, one at a time, after 20 to warm up.`);
print('| Database, counters | Bare median (ms) | /v1 median (ms) | Added (ms) | Ratio | Bare calls/s | /v1 calls/s |');
print('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
const targets = [['PGlite', {}]];
if (values.url) targets.push(['PostgreSQL', { TEST_DB: 'postgres', TEST_DATABASE_URL: values.url }]);
for (const [dbLabel, env] of targets) {
  for (const [limitsLabel, redisUrl] of [['in process', undefined], ...(values.redis ? [['Redis', values.redis]] : [])]) {
    const database = await createTestDatabase(env);
    try {
      await scenario(`${dbLabel}, ${limitsLabel}`, database, redisUrl);
    } finally {
      await database.drop();
    }
  }
}
