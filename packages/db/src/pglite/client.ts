import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  PgliteError,
  type WorkerData,
  type WorkerQueryResult,
  type WorkerRequest,
  type WorkerResponse,
  type WorkerStartup,
} from './protocol.js';

// Resolves to dist/pglite/worker.js both from src/ (tests) and from dist/ (runtime).
const WORKER_FILE = fileURLToPath(new URL('../../dist/pglite/worker.js', import.meta.url));

/**
 * PGlite's engine (a 9 MB WebAssembly module), compiled once per process and handed to each
 * database's worker: every worker compiling it again cost most of a new database's start.
 */
let engine: Promise<WebAssembly.Module> | undefined;
function compiledEngine(): Promise<WebAssembly.Module> {
  // Beside the package's entry point, where PGlite itself loads it from.
  engine ??= readFile(new URL('pglite.wasm', import.meta.resolve('@electric-sql/pglite'))).then((bytes) => WebAssembly.compile(bytes));
  return engine;
}

type Pending = { resolve: (value: WorkerQueryResult | null) => void; reject: (error: Error) => void };
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The main thread's handle on a PGlite database running in a worker thread. */
export class PgliteWorkerClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #failure: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (message: WorkerResponse) => {
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      if (message.ok) pending.resolve(message.result);
      else pending.reject(new PgliteError(message.error));
    });
    const fail = (error: Error) => {
      this.#failure = error;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The embedded database stopped (worker exit code ${code}).`)));
  }

  /** Starts the worker and waits until PGlite has opened (or created) the database. */
  static async start(dataDir: string | undefined, template?: string): Promise<PgliteWorkerClient> {
    if (!existsSync(WORKER_FILE)) {
      throw new Error(`${WORKER_FILE} is missing: build @coinsight/db first (pnpm build).`);
    }
    const worker = new Worker(WORKER_FILE, { workerData: { dataDir, template, engine: await compiledEngine() } satisfies WorkerData });
    let onMessage!: (startup: WorkerStartup) => void;
    let onError!: (error: Error) => void;
    let onExit!: (code: number) => void;
    const startup = await new Promise<WorkerStartup>((resolve, reject) => {
      onMessage = resolve;
      onError = reject;
      onExit = (code) => reject(new Error(`The embedded database failed to start (exit code ${code}).`));
      worker.once('message', onMessage).once('error', onError).once('exit', onExit);
    }).finally(() => {
      // Only our own listeners: removeAllListeners() would also drop the ones Node uses to
      // keep the worker's message port running, and later answers would never arrive.
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    });
    if (!startup.ready) {
      throw new PgliteError({ ...startup.error, message: `Could not open the embedded database: ${startup.error.message}` });
    }
    return new PgliteWorkerClient(worker);
  }

  query(sql: string, params: readonly unknown[]): Promise<WorkerQueryResult> {
    return this.#send({ op: 'query', sql, params }).then((result) => result ?? { rows: [], affectedRows: undefined });
  }

  /** Runs one or more statements through the simple protocol; answers the last statement's result. */
  exec(sql: string): Promise<WorkerQueryResult> {
    return this.#send({ op: 'exec', sql }).then((result) => result ?? { rows: [], affectedRows: undefined });
  }

  /** Writes the data directory as a tarball that `start(undefined, file)` starts from. */
  async dump(file: string, gzip = false): Promise<void> {
    await this.#send({ op: 'dump', file, gzip });
  }

  async close(): Promise<void> {
    if (this.#failure) return;
    await this.#send({ op: 'close' });
    // Closed and written: the thread is stopped, not waited for. Waiting for it to end by itself
    // (its port closed) hung a loaded test run's close for minutes once; whatever kept it alive,
    // nothing in it is left to save.
    await this.#worker.terminate();
  }

  #send(request: DistributiveOmit<WorkerRequest, 'id'>): Promise<WorkerQueryResult | null> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }
}
