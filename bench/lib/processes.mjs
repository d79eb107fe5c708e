// Child processes of the bench: servers pinned to core 0, the load generator to core 1, and all
// of them killed when the bench ends, fails or is interrupted.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const children = new Set();
const hasTaskset = spawnSync('taskset', ['-c', '0', 'true']).status === 0;

export const pinning = hasTaskset ? 'server on core 0, load generator on core 1 (taskset)' : 'not pinned (taskset unavailable)';

function killAll() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    process.stderr.write(`\n${signal}: stopping the servers\n`);
    killAll();
    process.exit(130);
  });
}

/**
 * Spawns `node <args>` pinned to `core` when taskset exists. By default the child's output (a
 * server's log lines) goes to stderr, with the progress, so stdout holds only the tables.
 */
export function spawnNode(core, args, { env, stdio = ['ignore', 2, 'inherit'] } = {}) {
  const command = hasTaskset ? 'taskset' : process.execPath;
  const argv = hasTaskset ? ['-c', String(core), process.execPath, ...args] : args;
  const child = spawn(command, argv, { env, stdio });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/** Stops a child with SIGTERM, and SIGKILL if it has not gone after `graceMs`. */
export async function stop(child, graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await gone;
  clearTimeout(timer);
}

/** Waits until `url` answers 2xx; fails early if the process exits. */
export async function waitForHttp(url, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before answering ${url}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = error.cause?.code ?? error.message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s (${last})`);
}

/** The load generator (bench/load.mjs) on core 1; `measure(target)` runs one autocannon case. */
export function startLoadGenerator() {
  const child = spawnNode(1, [fileURLToPath(new URL('../load.mjs', import.meta.url))], {
    stdio: ['ignore', 2, 'inherit', 'ipc'],
  });
  let next = 0;
  const waiting = new Map();
  child.on('message', ({ id, result, error }) => {
    const pending = waiting.get(id);
    waiting.delete(id);
    if (error) pending?.reject(new Error(`load generator: ${error}`));
    else pending?.resolve(result);
  });
  child.on('exit', (code) => {
    for (const pending of waiting.values()) pending.reject(new Error(`load generator exited (${code})`));
    waiting.clear();
  });
  return {
    measure(target) {
      const id = next++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child.send({ id, target });
      });
    },
    stop: () => stop(child),
  };
}
