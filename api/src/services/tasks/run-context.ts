import type { ServiceDeps } from '../deps.js';

type Deps = Pick<ServiceDeps, 'db' | 'log'>;

/** Heartbeats while a task runs; the sweep treats a task whose heartbeat is older than STALE as orphaned. */
export const HEARTBEAT_MS = 5_000;
export const STALE_AFTER_MS = 6 * HEARTBEAT_MS;
/** Progress is written at most this often (plus at the end). */
export const PROGRESS_EVERY_MS = 1_000;

/** Thrown by a task's work when the user's mind or the worker's fate ended it, not a fault of the work. */
export class TaskStopped extends Error {
  constructor(readonly why: 'lost' | 'shutdown' | 'timeout') {
    super(`task stopped (${why})`);
    this.name = 'TaskStopped';
  }
}

/** A fault the user can act on (bad URL, bad query, missing upload): fails the task without retries. */
export class TaskError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TaskError';
  }
}

/**
 * One run's hold on its task. Every write is conditional on the run's claim (`run_id`): when it
 * matches no row the task was cancelled, deleted or handed to another worker, and the run stops at
 * its next checkpoint. The heartbeat keeps the claim alive between progress writes.
 */
export class TaskRun {
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private lastWrite = 0;
  private pending: { progress: number; partial?: object } | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: Deps,
    readonly taskId: string,
    readonly runId: string,
    /** Aborts when the runner stops or the time limit passes. */
    outer: AbortSignal,
    heartbeatMs = HEARTBEAT_MS,
  ) {
    this.signal = AbortSignal.any([this.controller.signal, outer]);
    this.timer = setInterval(() => void this.write(), heartbeatMs);
    this.timer.unref();
  }

  /** Why the run stopped, once it has. */
  stopReason(): TaskStopped['why'] | undefined {
    if (this.controller.signal.aborted) return 'lost';
    if (!this.signal.aborted) return undefined;
    const reason: unknown = this.signal.reason;
    return reason instanceof DOMException && reason.name === 'TimeoutError' ? 'timeout' : 'shutdown';
  }

  /** Throws TaskStopped once the run should stop; called between batches. */
  checkpoint(): void {
    const why = this.stopReason();
    if (why) throw new TaskStopped(why);
  }

  /** Records progress (0..100) and a partial summary, written at most every PROGRESS_EVERY_MS. */
  progress(percent: number, partial?: object): void {
    this.pending = { progress: Math.max(0, Math.min(99, Math.floor(percent))), partial };
    if (Date.now() - this.lastWrite >= PROGRESS_EVERY_MS) void this.write();
  }

  /** Writes any progress not yet written, and waits for writes under way. */
  async flush(): Promise<void> {
    await this.write();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private write(): Promise<void> {
    this.writing = this.writing.then(async () => {
      if (this.controller.signal.aborted) return;
      const update = this.pending;
      this.pending = undefined;
      this.lastWrite = Date.now();
      try {
        const result = await this.deps.db
          .updateTable('tasks')
          .set({
            heartbeat_at: new Date(),
            ...(update ? { progress: update.progress } : {}),
            ...(update?.partial ? { result: JSON.stringify(update.partial) } : {}),
          })
          .where('id', '=', this.taskId)
          .where('run_id', '=', this.runId)
          .where('status', '=', 'running')
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) this.controller.abort();
      } catch (error) {
        // A missed heartbeat is not fatal: the next one may land, and the sweep waits STALE_AFTER_MS.
        this.deps.log.warn({ err: error, taskId: this.taskId }, 'task heartbeat failed');
      }
    });
    return this.writing;
  }
}
