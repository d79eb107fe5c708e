import type { AddressInfo } from 'node:net';
import type { MarketOverview } from '@coinsight/contracts';
import { seedAssets } from '@coinsight/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketJobs } from '../../jobs/market.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createSimulatedFeed } from '../../services/market/feeds/simulated.js';

const postgres = process.env.TEST_DB === 'postgres';
let a: TestApp;
let b: TestApp | undefined;

beforeAll(async () => {
  a = await createTestApp();
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  await seedAssets(a.app.db);
  // A second instance on the same PostgreSQL database, as behind a load balancer. An in-memory
  // PGlite belongs to one process, so there the bus is the in-process one and A stands alone.
  if (postgres) {
    const shared = a.app.config.db;
    b = await createTestApp({}, { dbVia: () => shared });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  }
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

const baseUrl = (t: TestApp) => `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

/** Reads `market.live` as a browser's EventSource would, collecting the overviews it sends. */
async function subscribe(t: TestApp) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl(t)}/trpc/market.live`, { signal: controller.signal, headers: { accept: 'text/event-stream' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const overviews: MarketOverview[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const reading = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          // Named events (connected, ping, errors) are the protocol's; unnamed ones carry data.
          if (lines.some((line) => line.startsWith('event:'))) continue;
          const data = lines.filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trimStart());
          if (data.length > 0) overviews.push(JSON.parse(data.join('\n')) as MarketOverview);
        }
      }
    } catch (error) {
      // Aborted by the test is the end; anything else fails it.
      if (!controller.signal.aborted) throw error;
    }
  })();
  return {
    overviews,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

async function until(what: string, condition: () => boolean | Promise<boolean>) {
  for (let waited = 0; !(await condition()); waited += 100) {
    if (waited > 60_000) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The tick job as the jobs plugin wires it: store the feed's quotes, then announce them. */
async function tickThrough(t: TestApp, now: Date) {
  const tick = marketJobs(
    { db: t.app.db, log: t.app.deps.log, feed: createSimulatedFeed({ seed: 1 }) },
    { tickSeconds: 10, announce: (at) => t.app.deps.marketLive.publish(at) },
  ).find((job) => job.name === 'market-tick')!;
  await tick.run(now, {}, new AbortController().signal);
}

describe(`market.live (${process.env.TEST_DB})`, () => {
  it('sends the overview at once, then the new figures after a tick, and forgets a dropped stream', async () => {
    const stream = await subscribe(a);
    await until('the first overview', () => stream.overviews.length >= 1);
    expect(stream.overviews[0]).toMatchObject({ trackedAssets: 40, asOf: null });
    expect(a.app.deps.marketLive.listenerCount()).toBe(1);

    // The overview reads ticks up to the present: a tick is stored at the present.
    const now = new Date();
    await tickThrough(a, now);
    await until('the tick', () => stream.overviews.some((overview) => overview.asOf === now.toISOString()));
    const ticked = stream.overviews.find((overview) => overview.asOf === now.toISOString())!;
    expect(ticked.assets.find((asset) => asset.symbol === 'BTC')).toMatchObject({ price: expect.any(Number), asOf: now.toISOString() });

    await stream.close();
    // The server notices the closed connection and ends the generator: no listener is left behind.
    await until('the listener to go', () => a.app.deps.marketLive.listenerCount() === 0);

    // A tick while nobody listens: the next subscriber's first overview is after it, not an older read.
    const unheard = new Date();
    await tickThrough(a, unheard);
    // On PostgreSQL the signal comes back through NOTIFY, a moment after the tick is stored: a
    // subscriber that came before it would rightly get the figures as last heard. Wait until the
    // instance has heard it (its snapshot is then this tick's).
    await until('the instance to hear the tick', async () => (await a.app.deps.marketLive.current())?.asOf === unheard.toISOString());
    const next = await subscribe(a);
    await until('the first overview', () => next.overviews.length >= 1);
    expect(next.overviews[0]!.asOf).toBe(unheard.toISOString());
    await next.close();
    await until('the listener to go', () => a.app.deps.marketLive.listenerCount() === 0);
  });

  it.runIf(postgres)('a tick stored through instance A reaches a subscriber of instance B (LISTEN/NOTIFY)', async () => {
    const stream = await subscribe(b!);
    // The first overview comes once B is listening.
    await until('the first overview on B', () => stream.overviews.length >= 1);
    const now = new Date();
    await tickThrough(a, now);
    await until('the tick on B', () => stream.overviews.some((overview) => overview.asOf === now.toISOString()));
    expect(b!.app.deps.marketLive.listenerCount()).toBe(1);
    await stream.close();
    await until('the listener on B to go', () => b!.app.deps.marketLive.listenerCount() === 0);
  });

  it.runIf(postgres)('the LISTEN connection comes back after it is cut, and ticks flow again', async () => {
    const stream = await subscribe(b!);
    await until('the first overview on B', () => stream.overviews.length >= 1);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`.execute(a.app.db);
    // B reconnects after a pause: tick until one arrives (each tick is a new asOf).
    let last = '';
    for (let waited = 0; !stream.overviews.some((overview) => overview.asOf === last); waited += 500) {
      if (waited > 60_000) throw new Error('no tick reached B after the cut');
      const now = new Date();
      last = now.toISOString();
      await tickThrough(a, now);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await stream.close();
    await until('the listener on B to go', () => b!.app.deps.marketLive.listenerCount() === 0);
  });

  it('two subscribers share one read of the overview per tick and each gets it', async () => {
    const first = await subscribe(a);
    const second = await subscribe(a);
    await until('both connected', () => first.overviews.length >= 1 && second.overviews.length >= 1);
    const now = new Date();
    await tickThrough(a, now);
    const got = (s: { overviews: MarketOverview[] }) => s.overviews.some((overview) => overview.asOf === now.toISOString());
    await until('both ticked', () => got(first) && got(second));
    await Promise.all([first.close(), second.close()]);
    await until('no listeners', () => a.app.deps.marketLive.listenerCount() === 0);
  });
});
