import { EventEmitter, on } from 'node:events';
import type { MarketOverview } from '@coinsight/contracts';
import type { DbConfig } from '@coinsight/db';
import { sql } from 'kysely';
import pg from 'pg';
import type { ServiceDeps } from '../deps.js';
import type { MarketLive, MarketSnapshot } from './live-bus.js';
import { marketOverview } from './overview.js';

export type { MarketLive, MarketSnapshot };

/** The PostgreSQL channel ticks are announced on. */
export const MARKET_TICK_CHANNEL = 'market_tick';

const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

export interface MarketLiveOptions {
  /** MARKET_TICK_SECONDS: the snapshot is trusted for twice this after the last signal. */
  tickSeconds: number;
  /** Milliseconds, for the snapshot's age only (tests move it); the real clock by default. */
  clock?: () => number;
}

export function createMarketLive(deps: Pick<ServiceDeps, 'db' | 'log' | 'now'>, db: DbConfig, options: MarketLiveOptions): MarketLive {
  const clock = options.clock ?? Date.now;
  // One missed signal is tolerated (the next tick's brings the figures); two in a row mean the
  // ticks stopped or the signals are lost, and then requests read the database themselves.
  const trustMs = 2 * options.tickSeconds * 1_000;
  const local = new EventEmitter();
  // Every subscriber is a listener; a busy instance has many.
  local.setMaxListeners(0);
  const closing = new AbortController();
  // The last signal heard, with or without subscribers: a newcomer's first overview is read for it,
  // never taken from an older read.
  let lastSignal = 'start';
  let lastSignalAt = Number.NEGATIVE_INFINITY;
  const signalled = (key: string) => {
    lastSignal = key;
    lastSignalAt = clock();
    local.emit('tick', key);
  };
  const transport = db.kind === 'postgres' ? listenPostgres(db.url, deps.log, signalled) : undefined;

  // One overview per signal per instance, however many subscribers read it.
  let latest: { key: string; overview: Promise<MarketOverview> } | undefined;
  const overviewFor = (key: string) => {
    if (latest?.key !== key) {
      const overview = marketOverview(deps, {});
      latest = { key, overview };
      // A failed read is not kept: the next subscriber or tick asks again.
      overview.catch(() => {
        if (latest?.overview === overview) latest = undefined;
      });
    }
    return latest.overview;
  };

  return {
    async publish(asOf) {
      const key = JSON.stringify({ asOf: asOf.toISOString() });
      if (!transport) {
        signalled(key);
        return;
      }
      try {
        await sql`select pg_notify(${MARKET_TICK_CHANNEL}, ${key})`.execute(deps.db);
      } catch (error) {
        deps.log.warn({ err: error }, 'could not announce the market tick');
      }
    },

    async *updates(signal, options = {}) {
      const stop = AbortSignal.any([signal, closing.signal]);
      // Listening before the first read: a tick landing meanwhile is seen, not lost.
      const ticks = on(local, 'tick', { signal: stop });
      try {
        await transport?.ready(stop);
        // The overview after the last tick is current until the next one: read once per tick.
        const current = await overviewFor(lastSignal);
        if (!options.skipCurrent?.(current)) yield current;
        for await (const [key] of ticks) {
          try {
            yield await overviewFor(String(key));
          } catch (error) {
            deps.log.warn({ err: error }, 'could not read the market overview after a tick');
          }
        }
      } catch (error) {
        if (!stop.aborted) throw error;
      } finally {
        // Ends the `on` iterator, which removes its listener, whichever way the loop was left.
        await ticks.return?.();
      }
    },

    async start(waitMs) {
      await transport?.ready(AbortSignal.any([closing.signal, AbortSignal.timeout(waitMs)]));
    },

    current() {
      if (closing.signal.aborted) return undefined;
      if (transport && !transport.listening()) {
        // Down, or never opened (start() not called): connect, without hurrying a backoff.
        transport.open();
        return undefined;
      }
      if (clock() - lastSignalAt > trustMs) return undefined;
      // Read once per signal, after it (the tick is stored before it is announced).
      return overviewFor(lastSignal);
    },

    listenerCount: () => local.listenerCount('tick'),

    async close() {
      closing.abort();
      await transport?.close();
    },
  };
}

interface Transport {
  /** Resolves once LISTEN is in place (or `signal` aborts); connects on first use. */
  ready(signal: AbortSignal): Promise<void>;
  /** Connects if not yet (or not now) connecting, without waiting. */
  open(): void;
  /** Whether LISTEN is in place now: signals can be heard. */
  listening(): boolean;
  close(): Promise<void>;
}

/**
 * One connection of its own (a pooled one would be handed to queries and lose the LISTEN),
 * reconnecting with backoff after an error. After a reconnect subscribers are told to re-read,
 * since a tick may have passed while nobody listened.
 */
function listenPostgres(url: string, log: ServiceDeps['log'], onSignal: (key: string) => void): Transport {
  let client: pg.Client | undefined;
  let listening: Promise<void> | undefined;
  // Set once LISTEN succeeded, cleared when that connection drops.
  let heard = false;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  const waiters = new Set<() => void>();

  const connect = async () => {
    const next = new pg.Client({ connectionString: url, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    client = next;
    let dropped = false;
    const drop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (client === next) {
        client = undefined;
        heard = false;
      }
      listening = undefined;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (closed) return;
      log.warn({ err: error }, 'market live: the LISTEN connection dropped; reconnecting');
      const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** failures++);
      retry = setTimeout(() => {
        retry = undefined;
        void start().catch(() => undefined);
      }, delay);
      retry.unref();
    };
    next.on('error', drop);
    next.on('end', () => drop(new Error('connection ended')));
    next.on('notification', (message) => {
      if (message.channel === MARKET_TICK_CHANNEL) onSignal(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${MARKET_TICK_CHANNEL}`);
    } catch (error) {
      drop(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    heard = client === next;
    if (failures > 0) onSignal(`reconnected:${Date.now()}`);
    failures = 0;
    for (const wake of waiters) wake();
  };
  const start = () => (closed ? Promise.resolve() : (listening ??= connect()));

  return {
    async ready(signal) {
      if (closed || signal.aborted) return;
      try {
        await start();
        return;
      } catch {
        // Reconnecting in the background: wait for it, or for the subscriber to leave.
      }
      await new Promise<void>((resolve) => {
        const done = () => {
          waiters.delete(done);
          signal.removeEventListener('abort', done);
          resolve();
        };
        waiters.add(done);
        signal.addEventListener('abort', done, { once: true });
      });
    },
    open() {
      // A failure is retried by the connection's own backoff (drop): requests do not hurry it.
      if (retry === undefined) void start().catch(() => undefined);
    },
    listening: () => heard && !closed,
    async close() {
      closed = true;
      heard = false;
      clearTimeout(retry);
      for (const wake of waiters) wake();
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}
