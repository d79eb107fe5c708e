import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

const SERVER_ENTRY = fileURLToPath(new URL('../../api/dist/server.js', import.meta.url));
// A first start migrates and seeds, which a loaded 2-core machine stretches to a minute or more.
const READY_TIMEOUT_MS = 180_000;
// A clean stop lets PGlite write its folder out whole: the seeded folder is copied afterwards.
const STOP_TIMEOUT_MS = 30_000;

/** The server exited because its port was taken between freePort() and its start. */
class PortTakenError extends Error {}

export interface RunningServer {
  baseUrl: string;
  /** Everything the server printed so far, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

/** A port nobody is listening on right now: bind to port 0, read what the OS chose, let it go. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close();
        reject(new Error('Could not read the probe port'));
        return;
      }
      probe.close(() => resolve(address.port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const message = `The API server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`;
      throw /Port \d+ is already in use/.test(output()) ? new PortTakenError(message) : new Error(message);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      lastProblem = `GET /api/health answered ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The API server was not ready after ${READY_TIMEOUT_MS / 1000}s (${lastProblem}):\n${output()}`);
}

export interface StartOptions {
  /** More environment for the server, e.g. SMTP_URL pointing at a test mail server. */
  env?: Record<string, string>;
  /** A data folder a stopped server left (see seedDataFolder), copied so this one starts without migrating or seeding. */
  seededFrom?: string;
  /** Told each step of the start as it begins, so a start that never ends can say where it stopped. */
  onStep?: (step: string) => void;
}

/** Starts the built API server (which also serves the built web app) on a data folder of its own. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const step = options.onStep ?? (() => undefined);
  step('making its data folder');
  const dataDir = await mkdtemp(join(tmpdir(), 'coinsight-e2e-'));
  step('copying the seeded data folder');
  // cp(1), not fs.cp: the folder is some 1,700 files, which fs.cp copies one async call at a time
  // (2.6 s against 0.9 on an idle machine, and a loaded one stretches both).
  if (options.seededFrom) await run('cp', ['-R', `${options.seededFrom}/.`, dataDir]);
  try {
    step('starting the server and waiting for /api/health');
    const server = await launch(dataDir, options.env ?? {});
    step('ready');
    return { ...server, stop: () => server.stop().finally(() => rm(dataDir, { recursive: true, force: true })) };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Starts the server once on a new folder, which it migrates and fills with demo data, and stops
 * it once the market's history is back-filled: every test file's server then starts from a copy,
 * and back-fills only the minutes since (0.2 s instead of 4 s of its embedded database's time,
 * taken from the file's first requests). Returns the folder and how to remove it.
 */
export async function seedDataFolder(): Promise<{ dataDir: string; remove: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'coinsight-e2e-seed-'));
  const remove = () => rm(dataDir, { recursive: true, force: true });
  try {
    const server = await launch(dataDir, {});
    try {
      await waitForOutput(
        server,
        (output) => (/"job":"market-backfill"[^\n]*"job done"/.test(output) ? true : undefined),
        READY_TIMEOUT_MS,
      );
    } finally {
      await server.stop();
    }
  } catch (error) {
    await remove();
    throw error;
  }
  return { dataDir, remove };
}

/**
 * Two files start servers at once (vitest.e2e.config.ts), and a port found free can be taken
 * before the server binds it: the server then exits at once saying so, and starts again on another.
 */
async function launch(dataDir: string, env: Record<string, string>, attempt = 1): Promise<RunningServer> {
  try {
    return await launchOnce(dataDir, env);
  } catch (error) {
    if (attempt >= 3 || !(error instanceof PortTakenError)) throw error;
    return launch(dataDir, env, attempt + 1);
  }
}

async function launchOnce(dataDir: string, env: Record<string, string>): Promise<RunningServer> {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} does not exist: build the api first (pnpm --filter @coinsight/api build)`);
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const child = spawn(process.execPath, [SERVER_ENTRY], {
    // The browser tests judge pages, not capacity: a loaded CI machine's slow second must not shed their requests.
    // PUBLIC_URL is where the browser reaches it, so links the app builds (mail, Stripe's return URLs) come back to the same origin.
    env: { SHED_LOAD: 'off', ...process.env, PUBLIC_URL: baseUrl, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const output = () => chunks.join('');

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const done = exited(child);
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await done;
      clearTimeout(timer);
    }
  };

  try {
    await waitUntilHealthy(baseUrl, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, output, stop };
}

/**
 * Waits until `find` picks something out of what the server has printed, e.g. a log line written
 * after the answer that caused it (mail is sent once the request has been answered).
 */
export async function waitForOutput<T>(server: RunningServer, find: (output: string) => T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find(server.output());
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Nothing expected in the server output after ${timeoutMs / 1000}s:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
