import type { Log } from './log.js';

/**
 * Work that runs after the answer is sent, one job at a time in arrival order. In process: a
 * restart loses what is queued, which for its jobs (mail a reset link) costs a second request.
 */
export interface Background {
  run(event: string, job: () => Promise<void>): void;
  /** Resolves once every job queued so far has finished: the app waits for it on close. */
  idle(): Promise<void>;
}

export function createBackground(log: Pick<Log, 'error'>): Background {
  let tail: Promise<void> = Promise.resolve();
  return {
    run(event, job) {
      tail = tail.then(job).catch((error: unknown) => log.error({ err: error, event }, 'background job failed'));
    },
    idle: () => tail,
  };
}
