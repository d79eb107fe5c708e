import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The Prometheus series one instance exposes at GET /metrics (docs/operations.md, "Metrics").
 * One registry per app, not prom-client's global one, so that several apps in one process (the
 * tests) each count their own. Counters and histograms are this instance's; the gauges read from
 * the shared database at scrape time (queue depth, backlogs, lags, feed age) carry the same value
 * on every instance: dashboards take their max, not their sum.
 */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  /** Requests refused because the instance is past capacity (503 + Retry-After, plugins/overload.ts). */
  shed: Counter;
  /** Calls refused by a limit: /v1 `rate_limited`, `quota_exceeded`, `budget_exceeded`; REST sign-in and sign-up throttles. */
  refusals: Counter<'code'>;
  /** /v1 calls not written to the request log: its buffer was full, or the database refused a batch. */
  requestLogDropped: Counter;
  poolConnections: Gauge<'pool' | 'state'>;
  jobDuration: Histogram<'job' | 'outcome'>;
  webhookDeliveries: Counter<'outcome'>;
  mail: Counter<'transport' | 'outcome'>;
  queueDepth: Gauge<'queue' | 'state'>;
  webhookBacklog: Gauge;
  mailQueued: Gauge;
  meterReportLag: Gauge;
  priceFeedAge: Gauge;
}

// Seconds: from a cached answer (about a millisecond) to the reads' 2 s statement bound and past it.
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'coinsight_' });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'coinsight_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status code',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'coinsight_http_request_duration_seconds',
      help: 'Time from receiving a request to sending its answer, by method, route template and status code',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    shed: new Counter({
      name: 'coinsight_shed_requests_total',
      help: 'Requests refused with 503 because the instance was past capacity',
      registers,
    }),
    refusals: new Counter({
      name: 'coinsight_limit_refusals_total',
      help: 'Calls refused by a rate limit, quota or budget, by error code',
      labelNames: ['code'],
      registers,
    }),
    requestLogDropped: new Counter({
      name: 'coinsight_request_log_dropped_total',
      help: '/v1 calls not written to the request log (its in-memory buffer was full, or the database refused a batch)',
      registers,
    }),
    poolConnections: new Gauge({
      name: 'coinsight_db_pool_connections',
      help: 'PostgreSQL pool connections by pool (requests, reads, jobs) and state (size, total, idle, in_use, waiting)',
      labelNames: ['pool', 'state'],
      registers,
    }),
    jobDuration: new Histogram({
      name: 'coinsight_job_duration_seconds',
      help: 'Scheduled and queued job runs on this instance, by job and outcome (ok, failed)',
      labelNames: ['job', 'outcome'],
      buckets: JOB_BUCKETS,
      registers,
    }),
    webhookDeliveries: new Counter({
      name: 'coinsight_webhook_deliveries_total',
      help: 'Webhook delivery attempts made by this instance, by outcome (delivered, retrying, failed)',
      labelNames: ['outcome'],
      registers,
    }),
    mail: new Counter({
      name: 'coinsight_mail_total',
      help: 'Mail handed to the mailer, by transport (smtp, outbox) and outcome (ok, failed)',
      labelNames: ['transport', 'outcome'],
      registers,
    }),
    queueDepth: new Gauge({
      name: 'coinsight_job_queue_depth',
      help: 'pg-boss jobs waiting or running, by queue and state (created, retry, active); the same on every instance',
      labelNames: ['queue', 'state'],
      registers,
    }),
    webhookBacklog: new Gauge({
      name: 'coinsight_webhook_deliveries_pending',
      help: 'Webhook deliveries waiting for their first or next attempt; the same on every instance',
      registers,
    }),
    mailQueued: new Gauge({
      name: 'coinsight_mail_queued',
      help: 'Mail queued past the global sending rate, not sent yet; the same on every instance',
      registers,
    }),
    meterReportLag: new Gauge({
      name: 'coinsight_stripe_meter_report_lag_seconds',
      help: "Age of the oldest usage report not yet accepted by Stripe's meter (0: none waiting); the same on every instance",
      registers,
    }),
    priceFeedAge: new Gauge({
      name: 'coinsight_price_feed_age_seconds',
      help: 'Seconds since the newest price tick stored; the same on every instance',
      registers,
    }),
  };
}

/** A job run into the metrics: its duration, and for webhook deliveries each attempt's outcome. */
export function countJobRun(metrics: Metrics, job: string, seconds: number, outcome: { result: object | void } | { error: unknown }): void {
  metrics.jobDuration.observe({ job, outcome: 'error' in outcome ? 'failed' : 'ok' }, seconds);
  if (job !== 'webhook-deliver' || !('result' in outcome) || !outcome.result) return;
  const counts = outcome.result as Partial<Record<'delivered' | 'retrying' | 'failed', number>>;
  for (const name of ['delivered', 'retrying', 'failed'] as const) {
    const n = counts[name];
    if (n) metrics.webhookDeliveries.inc({ outcome: name }, n);
  }
}
