// The bench's data: PostgreSQL databases and PGlite folders seeded once with demo posts and
// reused, the signed-in account and API key the cases use, and the importer's input file.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { createDb, migrateToLatest, seedAssets } from '../../packages/db/dist/index.js';
import { generateDemoPosts } from '../../packages/db/dist/seed/posts/generate.js';
import { seedDemoPosts } from '../../packages/db/dist/seed/posts/seed-posts.js';
import { hashPassword } from '../../api/dist/services/auth/passwords.js';
import { apiKeyHash, displayPrefix, newApiKeySecret } from '../../api/dist/services/api-keys/secret.js';

const pg = createRequire(new URL('../../api/package.json', import.meta.url))('pg');

export const log = (line) => process.stderr.write(`${line}\n`);
const n = (x) => x.toLocaleString('en-US');

export function withDatabase(url, name) {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}
const dbNameOf = (url) => decodeURIComponent(new URL(url).pathname.slice(1));

async function withClient(connectionString, body) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await body(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(url, { fresh = false } = {}) {
  const name = dbNameOf(url);
  await withClient(withDatabase(url, 'postgres'), async (c) => {
    if (fresh) await c.query(`drop database if exists "${name}" with (force)`);
    const exists = (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
    if (!exists) await c.query(`create database "${name}"`);
  });
}

export async function dropDatabase(url) {
  await withClient(withDatabase(url, 'postgres'), (c) => c.query(`drop database if exists "${dbNameOf(url)}" with (force)`));
}

const countPosts = async (db) =>
  Number(
    (
      await db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * Opens a database (PostgreSQL URL or PGlite folder), migrates it and seeds it up to `posts`
 * demo posts (post i is the same whatever the count, so a smaller set grows into a larger one).
 * One holding more posts than asked is refused rather than measured at the wrong size.
 */
export async function ensureSeeded(config, posts, label) {
  if (config.kind === 'postgres') await createDatabase(config.url);
  const handle = await createDb(config.kind === 'postgres' ? { ...config, queryTimeoutMs: 0 } : config);
  try {
    await migrateToLatest(handle.db);
    await seedAssets(handle.db);
    const stored = await countPosts(handle.db);
    if (stored > posts)
      throw new Error(`${label} holds ${n(stored)} posts, more than the ${n(posts)} asked: pass --posts ${stored}, or another database`);
    if (stored < posts) {
      log(`${label}: seeding ${n(posts)} posts (${n(stored)} stored)…`);
      let nextReport = posts / 5;
      const seeded = await seedDemoPosts(handle.db, {
        count: posts,
        onProgress: (written) => {
          if (written >= nextReport) {
            log(`  ${n(written)} written`);
            nextReport += posts / 5;
          }
        },
      });
      log(
        `${label}: seeded ${n(seeded.inserted)} posts in ${seeded.seconds.toFixed(1)} s (${n(Math.round(seeded.inserted / seeded.seconds))} posts/s)`,
      );
    } else {
      log(`${label}: reusing ${n(stored)} posts`);
    }
    const newest = (
      await handle.db
        .selectFrom('posts')
        .select((eb) => eb.fn.max('created_at').as('t'))
        .executeTakeFirstOrThrow()
    ).t;
    const byPlatform = await handle.db
      .selectFrom('posts')
      .select(['platform', (eb) => eb.fn.countAll().as('n')])
      .groupBy('platform')
      .execute();
    const postsByPlatform = Object.fromEntries(byPlatform.map((row) => [row.platform, Number(row.n)]));
    return { posts, newest: new Date(newest), postsByPlatform, account: await benchAccount(handle.db) };
  } finally {
    await handle.close();
  }
}

// /v1 allows a Pro account 1,000 calls a minute (per key and per account): the /v1 cases spread
// their calls over this many Pro accounts, one key each, to measure the path rather than the 429s.
// 1,000 keys: 1,000,000 calls a minute. With 200, the cases that follow one another within a
// minute at 6,000–8,000 calls a second (mentions and sentiment from the read cache) used up the
// keys' minute and the next cases met 429s. The first SESSION_USERS of them sign in for the REST
// and tRPC cases of the realistic mode.
const V1_ACCOUNTS = 1_000;
export const SESSION_USERS = 50;

/**
 * A user with a confirmed address (API keys need one), and Pro accounts with a /v1 key each,
 * written straight into the database as the keys service would: fresh ones on every run, so
 * nothing depends on an earlier one. One argon2 hash serves them all.
 */
async function benchAccount(db) {
  const run = randomBytes(6).toString('hex');
  const password = `bench-${randomBytes(12).toString('hex')}`;
  const passwordHash = await hashPassword(password);
  const users = Array.from({ length: V1_ACCOUNTS }, (_, i) => {
    const id = `usr_bench${run}${i}`;
    return {
      id,
      username: id,
      email: `${id}@bench.invalid`,
      password_hash: passwordHash,
      social_accounts: {},
      email_verified_at: new Date(),
      plan: 'pro',
    };
  });
  await db.insertInto('users').values(users).execute();
  const apiKeys = users.map(() => newApiKeySecret());
  await db
    .insertInto('api_keys')
    .values(
      users.map((u, i) => ({
        user_id: u.id,
        name: 'bench',
        prefix: displayPrefix(apiKeys[i]),
        secret_hash: apiKeyHash(apiKeys[i]),
        last_used_at: null,
        deleted_at: null,
      })),
    )
    .execute();
  return { email: users[0].email, emails: users.map((u) => u.email), password, apiKeys };
}

/**
 * The importer's input: `count` Twitter posts in JSON Lines, drawn from the demo generator past
 * the seeded range (so every line is a new post) with external ids of their own.
 */
export async function writeImportFile(file, count, now) {
  const out = createWriteStream(file);
  let written = 0;
  for (const post of generateDemoPosts({ count: count * 10, now, start: 50_000_000 })) {
    if (post.platform !== 'twitter') continue;
    const line = `${JSON.stringify({ ...post, externalId: `bench-${post.externalId}` })}\n`;
    if (!out.write(line)) await once(out, 'drain');
    if (++written === count) break;
  }
  out.end();
  await once(out, 'finish');
  return written;
}

/** A fresh, migrated database with the assets (symbols are matched against them) and no posts. */
export async function freshImportDatabase(url) {
  await createDatabase(url, { fresh: true });
  const handle = await createDb({ kind: 'postgres', url, queryTimeoutMs: 0 });
  try {
    await migrateToLatest(handle.db);
    await seedAssets(handle.db);
  } finally {
    await handle.close();
  }
}

/** MARKET_TICK_SECONDS of the bench's servers, and how often `startTickSignals` announces a tick. */
export const BENCH_TICK_SECONDS = 10;

/**
 * The servers run with JOBS=off, so no tick job announces ticks; in production one instance's job
 * does, every MARKET_TICK_SECONDS, and every instance hears it (api/src/services/market/live.ts).
 * This announces one now and then every BENCH_TICK_SECONDS on the market bus's channel, as another
 * instance's tick job would, so the per-tick price snapshot is in play as it is in production. No
 * tick is stored: the figures stay the seeded ones. Returns the function that stops it.
 */
export async function startTickSignals(connectionString) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  const announce = () =>
    client.query(`select pg_notify('market_tick', $1)`, [JSON.stringify({ asOf: new Date().toISOString() })]).catch((error) => {
      log(`tick signal failed: ${error.message}`);
    });
  await announce();
  const timer = setInterval(announce, BENCH_TICK_SECONDS * 1_000);
  return async () => {
    clearInterval(timer);
    await client.end();
  };
}
