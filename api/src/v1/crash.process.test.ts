import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createDb, seedAssets } from '@coinsight/db';
import { createTestDatabase, type TestDatabase } from '@coinsight/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyHash, displayPrefix, newApiKeySecret } from '../services/api-keys/secret.js';
import { freePort } from '../test/free-port.js';

// docs/security.md §20: a call is counted before its answer is written, so after a
// kill -9 in the middle of a burst and a restart, usage holds every 200 the client received. The
// documented window: a call counted whose answer never reached the client (in flight at the kill)
// may be counted too, so successes ≤ counted ≤ successes + calls that failed in flight.
const SERVER = fileURLToPath(new URL('../../dist/server.js', import.meta.url));
const START_WAIT_MS = 120_000;

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<unknown>;
}

function start(env: Record<string, string>): Run {
  let output = '';
  const { TEST_DATABASE_URL: _t, TEST_DB: _d, TEST_REDIS_URL: _r, ...inherited } = process.env;
  const child = spawn(process.execPath, [SERVER], { env: { ...inherited, LOG_LEVEL: 'warn', JOBS: 'off', ...env } });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output, exited: new Promise((resolve) => child.on('exit', resolve)) };
}

async function waitForHealth(base: string, run: Run) {
  for (const deadline = Date.now() + START_WAIT_MS; Date.now() < deadline;) {
    if (run.child.exitCode !== null) throw new Error(`server exited early:\n${run.output()}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not answer:\n${run.output()}`);
}

describe.runIf(process.env.TEST_DATABASE_URL)('metering survives kill -9 mid-load', { timeout: 3 * START_WAIT_MS }, () => {
  let database: TestDatabase;
  const runs: Run[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({ ...process.env, TEST_DB: 'postgres' });
  });

  afterAll(async () => {
    for (const run of runs) if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
    await Promise.all(runs.map((run) => run.exited));
    await database?.drop();
  });

  it('usage after a restart holds every 200 received, and at most the calls in flight at the kill besides', async () => {
    if (database.config.kind !== 'postgres') throw new Error('needs PostgreSQL');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { DATABASE_URL: database.config.url, JWT_SECRET: randomBytes(32).toString('hex'), PORT: String(port), HOST: '127.0.0.1' };
    const first = start(env);
    runs.push(first);
    await waitForHealth(base, first);

    // An account on Pro (1,000 a minute, no monthly cap) so the burst meets neither limit.
    const secret = newApiKeySecret();
    const handle = await createDb(database.config);
    try {
      await seedAssets(handle.db);
      const userId = `usr_${randomBytes(8).toString('hex')}`;
      await handle.db
        .insertInto('users')
        .values({ id: userId, username: userId, email: `${userId}@example.com`, password_hash: 'x', social_accounts: {}, plan: 'pro' })
        .execute();
      await handle.db
        .insertInto('api_keys')
        .values({
          user_id: userId,
          name: 'crash',
          prefix: displayPrefix(secret),
          secret_hash: apiKeyHash(secret),
          last_used_at: null,
          deleted_at: null,
        })
        .execute();
    } finally {
      await handle.close();
    }
    const headers = { authorization: `Bearer ${secret}` };

    let successes = 0;
    let failedInFlight = 0;
    let killed = false;
    const worker = async () => {
      while (!killed) {
        try {
          const res = await fetch(`${base}/v1/crypto/prices?symbols=BTC,ETH`, { headers });
          await res.arrayBuffer();
          if (res.status === 200) successes += 1;
          else throw new Error(`unexpected ${res.status}`);
        } catch (error) {
          if (!killed) throw error;
          // Sent before the kill, never answered: the crash window.
          failedInFlight += 1;
          return;
        }
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    for (let waited = 0; successes < 150 && waited < 60_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    killed = true;
    first.child.kill('SIGKILL');
    await Promise.all(workers);
    await first.exited;
    expect(successes).toBeGreaterThanOrEqual(150);

    const second = start(env);
    runs.push(second);
    await waitForHealth(base, second);
    const res = await fetch(`${base}/v1/usage`, { headers });
    expect(res.status).toBe(200);
    const usage = (await res.json()) as { calls: number; key: { calls: number }; billedCalls: number };
    expect(usage.calls).toBeGreaterThanOrEqual(successes);
    expect(usage.calls).toBeLessThanOrEqual(successes + failedInFlight);
    expect(usage.key.calls).toBe(usage.calls);
    expect(usage.billedCalls).toBe(usage.calls);
    second.child.kill('SIGTERM');
    await second.exited;
  });
});
