/** Clock and sleep, injectable so tests run the waits without waiting. */
export interface Timing {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realTiming: Timing = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Spaces calls to a provider's per-minute allowance. The bucket holds a tenth of a minute's
 * calls, so a burst never takes more than that ahead of the steady rate; callers are served in
 * the order they asked. `pauseUntil` holds every caller back after the provider said to wait.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;
  private pausedUntil = 0;
  private queue: Promise<void> = Promise.resolve();
  readonly capacity: number;
  private readonly perMs: number;

  constructor(
    callsPerMinute: number,
    private readonly timing: Timing,
  ) {
    this.capacity = Math.max(1, Math.floor(callsPerMinute / 10));
    this.perMs = callsPerMinute / 60_000;
    this.tokens = this.capacity;
    this.last = timing.now();
  }

  take(): Promise<void> {
    const turn = this.queue.then(() => this.waitForToken());
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  pauseUntil(time: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, time);
  }

  private async waitForToken(): Promise<void> {
    for (;;) {
      const now = this.timing.now();
      if (now < this.pausedUntil) {
        await this.timing.sleep(this.pausedUntil - now);
        continue;
      }
      this.tokens = Math.min(this.capacity, this.tokens + (now - this.last) * this.perMs);
      this.last = now;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await this.timing.sleep(Math.ceil((1 - this.tokens) / this.perMs));
    }
  }
}
