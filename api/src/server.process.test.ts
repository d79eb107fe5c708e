import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port.js';
import { TRUST_PROXY_MESSAGE } from './trust-proxy.js';

// Runs the built server as a user would start it: `node api/dist/server.js` in a folder.
const SERVER = fileURLToPath(new URL('../dist/server.js', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const workDir = mkdtempSync(path.join(tmpdir(), 'coinsight-server-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Run {
  let output = '';
  const { TEST_DATABASE_URL: _t, TEST_DB: _d, ...inherited } = process.env;
  const child = spawn(process.execPath, [SERVER], { cwd: workDir, env: { ...inherited, LOG_LEVEL: 'info', ...env } });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

// A first embedded start migrates and seeds the demo data: 54 s was seen on a 2-core machine at
// load 26, so the wait only catches a server that never answers.
const START_WAIT_MS = 180_000;

async function waitForHealth(port: number, run: Run): Promise<Response> {
  const deadline = Date.now() + START_WAIT_MS;
  while (Date.now() < deadline) {
    if (run.child.exitCode !== null) throw new Error(`server exited early:\n${run.output()}`);
    try {
      return await fetch(`http://127.0.0.1:${port}/api/health`);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`server did not answer:\n${run.output()}`);
}

/** The first JSON log line `match` accepts, waiting for it (a line is written a moment after what caused it). */
async function logLine(run: Run, match: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  for (let waited = 0; waited < 10_000; waited += 100) {
    for (const text of run.output().split('\n')) {
      if (!text.startsWith('{')) continue;
      const line = JSON.parse(text) as Record<string, unknown>;
      if (match(line)) return line;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no such log line:\n${run.output()}`);
}

async function stop(run: Run, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  run.child.kill(signal);
  return run.exited;
}

describe('starting the server', { timeout: START_WAIT_MS + 30_000 }, () => {
  it(
    'with no configuration creates ./data, migrates, answers, and stops cleanly on SIGTERM',
    async () => {
      expect(existsSync(SERVER)).toBe(true);
      const port = await freePort();
      const run = start({ PORT: String(port), HOST: '127.0.0.1' });
      const health = await waitForHealth(port, run);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', db: 'up' });
      expect(existsSync(path.join(workDir, 'data', 'pglite'))).toBe(true);
      expect(run.output()).toContain('migration applied');
      // Once listening, it says what next: where to go, where the confirmation mail appears, a first call.
      const next = await logLine(run, (line) => typeof line.firstCall === 'string');
      expect(next).toMatchObject({
        level: 30,
        url: `http://localhost:${port}`,
        mail: expect.stringContaining('printed in this log'),
        firstCall: `curl -H "Authorization: Bearer cs_test_public_sandbox" "http://localhost:${port}/v1/crypto/prices?symbols=BTC,ETH"`,
      });
      expect(next.msg).toMatch(/^Next: open http:\/\/localhost:\d+ and sign up; your confirmation mail is printed in this log/);
      // Requests are logged at debug in the embedded mode: none at info.
      expect(run.output()).not.toMatch(/incoming request|request completed/);
      expect(await stop(run), run.output()).toBe(0);
    },
    START_WAIT_MS + 30_000,
  );

  it('a second start reuses the data: no migration, same signing secret', async () => {
    const secret = readFileSync(path.join(workDir, 'data', 'jwt-secret'), 'utf8');
    const port = await freePort();
    const run = start({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'debug' });
    expect((await waitForHealth(port, run)).status).toBe(200);
    expect(run.output()).not.toContain('migration applied');
    expect(run.output()).not.toContain('demo data seeded');
    expect(readFileSync(path.join(workDir, 'data', 'jwt-secret'), 'utf8')).toBe(secret);
    // At debug, the request is logged once: one line with the request, its status and time.
    const completed = await logLine(run, (line) => line.msg === 'request completed');
    expect(completed).toMatchObject({ level: 20, req: { method: 'GET', url: '/api/health' }, res: { statusCode: 200 } });
    expect(completed.responseTime).toEqual(expect.any(Number));
    expect(run.output().match(/"url":"\/api\/health"/g)).toHaveLength(1);
    expect(run.output()).not.toContain('incoming request');
    expect(await stop(run), run.output()).toBe(0);
  });

  it('stops cleanly with exit code 0 on SIGINT (Ctrl-C)', async () => {
    const port = await freePort();
    const run = start({ PORT: String(port), HOST: '127.0.0.1' });
    expect((await waitForHealth(port, run)).status).toBe(200);
    expect(await stop(run, 'SIGINT')).toBe(0);
    expect(run.output()).toContain('"signal":"SIGINT","msg":"shutting down"');
  });

  it('on SIGTERM with SHUTDOWN_DRAIN_SECONDS, /readyz answers 503 draining while /livez and requests are still served, then exits 0', async () => {
    const port = await freePort();
    const run = start({ PORT: String(port), HOST: '127.0.0.1', SHUTDOWN_DRAIN_SECONDS: '4' });
    expect((await waitForHealth(port, run)).status).toBe(200);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', db: 'up', migrations: 'current' });

    run.child.kill('SIGTERM');
    // The drain starts when the signal is handled: wait for its log line, not for a guessed time.
    while (!run.output().includes('draining')) await new Promise((resolve) => setTimeout(resolve, 50));
    const draining = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toMatchObject({ status: 'draining' });
    expect((await fetch(`http://127.0.0.1:${port}/livez`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    expect(await run.exited, run.output()).toBe(0);
  });

  it('`pnpm start` runs the server in place of its shell: Ctrl-C to the process group ends it with 0, not a failed command', async () => {
    // pnpm reports "ELIFECYCLE Command failed" when the script's shell dies of the signal; the
    // shell must hand the process to node. The build step before `&&` is not under test, but a
    // compound command stays: for a lone command the shell would exec node by itself.
    const script: string = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start;
    const serverStep = script.slice(script.lastIndexOf('&&') + 2).trim();
    expect(serverStep).toBe('exec node api/dist/server.js');
    const port = await freePort();
    let output = '';
    const { TEST_DATABASE_URL: _t, TEST_DB: _d, ...inherited } = process.env;
    const shell = spawn('sh', ['-c', `true && ${serverStep}`], {
      cwd: ROOT,
      detached: true,
      env: { ...inherited, LOG_LEVEL: 'info', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(workDir, 'data') },
    });
    shell.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    shell.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      shell.on('exit', (code, signal) => resolve({ code, signal })),
    );
    const run: Run = { child: shell, output: () => output, exited: exited.then((e) => e.code) };
    expect((await waitForHealth(port, run)).status).toBe(200);
    // A terminal's Ctrl-C reaches every process of the foreground group, the shell included, and
    // pnpm forwards it to the shell once more: that second SIGINT is what kills a waiting shell.
    process.kill(-shell.pid!, 'SIGINT');
    setImmediate(() => shell.kill('SIGINT'));
    expect(await exited).toEqual({ code: 0, signal: null });
  });

  it('a second server on the same data folder is refused while the first runs', async () => {
    const port = await freePort();
    const first = start({ PORT: String(port), HOST: '127.0.0.1' });
    expect((await waitForHealth(port, first)).status).toBe(200);
    const second = start({ PORT: String(await freePort()), HOST: '127.0.0.1' });
    expect(await second.exited).toBe(1);
    expect(second.output().trim()).toBe(
      'Coinsight cannot start. Could not connect to the embedded database in data/pglite: another Coinsight process is using it (stop that one first, or set DATA_DIR to another folder). Check that DATA_DIR is a folder this user can write.',
    );
    expect(await stop(first)).toBe(0);
  });

  it(
    "a restart right after a crash (kill -9) starts at once: the dead owner's lock is not honoured",
    async () => {
      const port = await freePort();
      const crashed = start({ PORT: String(port), HOST: '127.0.0.1' });
      expect((await waitForHealth(port, crashed)).status).toBe(200);
      crashed.child.kill('SIGKILL');
      await crashed.exited;

      // The lock's own staleness (15 s) has not passed: without the owner check this start is refused.
      const restarted = start({ PORT: String(port), HOST: '127.0.0.1' });
      const health = await waitForHealth(port, restarted);
      expect(health.status).toBe(200);
      expect(restarted.output()).not.toContain('another Coinsight process');
      expect(await stop(restarted)).toBe(0);
    },
    START_WAIT_MS + 30_000,
  );

  it('PORT=abc stops the start with one readable paragraph, not a stack trace', async () => {
    const run = start({ PORT: 'abc' });
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toBe(
      'Coinsight cannot start. Invalid configuration: PORT must be a whole number from 0 to 65535 (got "abc"). Fix the environment and start again (see README, Configuration).',
    );
  });

  it('docs/security.md §8: a guessable JWT_SECRET stops the start with one paragraph that names it, never the secret', async () => {
    const secret = 'passwordpassword'.repeat(2);
    const run = start({ DATABASE_URL: 'postgres://app@127.0.0.1:1/coinsight', JWT_SECRET: secret });
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toBe(
      'Coinsight cannot start. Invalid configuration: JWT_SECRET looks guessable (about 22 bits of randomness estimated, at least 128 needed): use random bytes, e.g. openssl rand -hex 32. Fix the environment and start again (see README, Configuration).',
    );
    expect(run.output()).not.toContain(secret);
  });

  it('an unknown MARKET_FEED stops the start naming the feeds there are', async () => {
    const run = start({ MARKET_FEED: 'binance' });
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toBe(
      'Coinsight cannot start. Invalid configuration: MARKET_FEED must be one of simulated, coingecko (got "binance"). Fix the environment and start again (see README, Configuration).',
    );
  });

  it.each(['0.0.0.0/0', '::/0', 'true'])(
    'TRUST_PROXY=%s stops the start with the configuration message, not a stack trace',
    async (value) => {
      const run = start({ TRUST_PROXY: value });
      expect(await run.exited).toBe(1);
      expect(run.output().trim()).toBe(
        `Coinsight cannot start. Invalid configuration: ${TRUST_PROXY_MESSAGE} (got "${value}"). Fix the environment and start again (see README, Configuration).`,
      );
    },
  );

  it('a DATABASE_URL that refuses connections stops the start with a clear message', async () => {
    const run = start({ DATABASE_URL: 'postgres://app:s3cret@127.0.0.1:1/coinsight', JWT_SECRET: randomBytes(32).toString('hex') });
    expect(await run.exited).toBe(1);
    const output = run.output().trim();
    expect(output).toMatch(
      /^Coinsight cannot start\. Could not connect to PostgreSQL at postgres:\/\/app:\*\*\*@127\.0\.0\.1:1\/coinsight: connect ECONNREFUSED 127\.0\.0\.1:1\. Check DATABASE_URL/,
    );
    expect(output).not.toMatch(/s3cret|\n\s+at /);
  });

  it('a port already in use is named in the message', async () => {
    const port = await freePort();
    const blocker = createServer().listen(port, '127.0.0.1');
    await new Promise((resolve) => blocker.once('listening', resolve));
    try {
      const run = start({ PORT: String(port), HOST: '127.0.0.1' });
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain(`Coinsight cannot start. Port ${port} is already in use on 127.0.0.1`);
    } finally {
      blocker.close();
    }
  });
});
