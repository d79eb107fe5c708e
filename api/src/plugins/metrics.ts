import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { createMetrics, type Metrics } from '../services/metrics.js';
import type { Db } from '@coinsight/db';

/** Where Prometheus scrapes, from INTERNAL_NETWORKS only; the balancer refuses it too (docs/deploy.md). */
export const METRICS_PATH = '/metrics';

// The error codes of limit refusals, read from the answer's body: /v1's `{"error":{"code":…}}`,
// REST's throttles have no code and count as `throttled`.
const ERROR_CODE = /"code":"([a-z_]+)"/;

/** Gauges read from the shared database at scrape time; a failed read leaves its gauge as it was. */
async function readClusterGauges(db: Db, metrics: Metrics): Promise<void> {
  await Promise.allSettled([
    sql<{ name: string; state: string; n: number }>`
      select name, state::text as state, count(*)::int as n from pgboss.job
      where state in ('created', 'retry', 'active') group by name, state`
      .execute(db)
      .then(({ rows }) => {
        metrics.queueDepth.reset();
        for (const row of rows) metrics.queueDepth.set({ queue: row.name, state: row.state }, row.n);
      }),
    db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow()
      .then((row) => metrics.webhookBacklog.set(Number(row.n))),
    db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('next_attempt_at', 'is not', null)
      .where('sent_at', 'is', null)
      .executeTakeFirstOrThrow()
      .then((row) => metrics.mailQueued.set(Number(row.n))),
    sql<{ lag: number | null }>`select extract(epoch from now() - min(created_at))::float8 as lag from meter_reports where sent_at is null`
      .execute(db)
      .then(({ rows }) => metrics.meterReportLag.set(Math.max(0, rows[0]?.lag ?? 0))),
    sql<{ age: number | null }>`select extract(epoch from now() - max(time))::float8 as age from price_ticks`
      .execute(db)
      .then(({ rows }) => {
        const age = rows[0]?.age;
        if (age !== null && age !== undefined) metrics.priceFeedAge.set(Math.max(0, age));
      }),
  ]);
}

/**
 * Prometheus metrics (prom-client): every answer counted and timed by route template and status,
 * limit refusals by code, the pools' connections, and at each scrape the shared backlogs and lags.
 * Registered first, so that the load shedder and the other plugins can count into it.
 */
export const metricsPlugin = fp(
  async (app) => {
    const metrics = createMetrics();
    app.decorate('metrics', metrics);

    app.addHook('onSend', async (_request, reply, payload) => {
      const status = reply.statusCode;
      if ((status === 429 || status === 402) && typeof payload === 'string')
        metrics.refusals.inc({ code: ERROR_CODE.exec(payload)?.[1] ?? 'throttled' });
      return payload;
    });
    app.addHook('onResponse', async (request, reply) => {
      // The template (`/v1/alerts/:id`), never the URL: one series per route, not per id or query.
      const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, reply.elapsedTime / 1_000);
    });

    // Only for INTERNAL_NETWORKS (app.fromInternalNetwork): anyone else gets the answer of a path
    // that does not exist, whatever balancer stands in front.
    app.get(METRICS_PATH, async (request, reply) => {
      if (!app.fromInternalNetwork(request)) return reply.callNotFound();
      for (const [pool, stats] of Object.entries(app.poolStats())) {
        if (!stats) continue;
        metrics.poolConnections.set({ pool, state: 'size' }, stats.size);
        metrics.poolConnections.set({ pool, state: 'total' }, stats.total);
        metrics.poolConnections.set({ pool, state: 'idle' }, stats.idle);
        metrics.poolConnections.set({ pool, state: 'in_use' }, stats.total - stats.idle);
        metrics.poolConnections.set({ pool, state: 'waiting' }, stats.waiting);
      }
      await readClusterGauges(app.db, metrics);
      return reply
        .header('content-type', metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.registry.metrics());
    });
  },
  { name: 'metrics' },
);
