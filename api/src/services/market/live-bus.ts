import type { MarketOverview } from '@coinsight/contracts';

// The bus's interface apart from its making (live.ts): ServiceDeps names it, and live.ts reads
// the overview through a service that takes ServiceDeps.

/**
 * The live price bus: the tick job announces each stored tick, and every instance's subscribers
 * (tRPC `market.live`) get the overview as it stands after it.
 *
 * What travels is a signal (`{"asOf":…}`, a few dozen bytes, far below NOTIFY's 8,000), never
 * the prices: each instance re-reads the overview once per tick and hands that one answer to all
 * its subscribers. On PostgreSQL the signal goes through NOTIFY, so a tick stored by any instance
 * reaches the subscribers of all; one dedicated connection per instance LISTENs (opened with the
 * app's start, reopened after an error). The embedded database lives in one process, so
 * there the signal is an in-process event.
 */
export interface MarketLive extends MarketSnapshot {
  /** Announces a stored tick. Never throws: a lost signal only delays the next figures. */
  publish(asOf: Date): Promise<void>;
  /**
   * The overview now (once listening, so no tick in between is missed), then after every tick,
   * until `signal` aborts or the bus closes; its listener is removed then.
   */
  updates(signal: AbortSignal, options?: { skipCurrent?: (overview: MarketOverview) => boolean }): AsyncGenerator<MarketOverview>;
  /**
   * Opens the LISTEN connection now (PostgreSQL), so the snapshot is current from the first tick
   * after start; waits at most `waitMs` for it and never throws (it keeps reconnecting).
   */
  start(waitMs: number): Promise<void>;
  /** Subscribers in this process, for tests and health. */
  listenerCount(): number;
  /** Ends every stream and the LISTEN connection. */
  close(): Promise<void>;
}

/**
 * The overview after the last tick, held in memory and shared by every request of this instance
 * (GET /v1/crypto/prices, tRPC `market.overview` and `market.asset`), read once per tick.
 */
export interface MarketSnapshot {
  /**
   * The overview as it stands after the last tick heard, read once per tick (a burst shares the
   * read; a failed read is not kept); undefined when the bus cannot vouch for it (no signal for
   * twice the tick interval, the LISTEN connection down, the bus closed): read the database then.
   */
  current(): Promise<MarketOverview> | undefined;
}
