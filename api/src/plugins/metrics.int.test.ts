import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { signup } from '../test/auth.js';
import { insertKey, presetFreeCalls } from '../test/keys.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const scrape = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};

/** The value of one series in the exposition text, 0 when it is absent. */
const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

// What an operator's dashboard and alerts are built on; the names are the contract.
describe(`GET /metrics (${process.env.TEST_DB})`, () => {
  it('exposes every documented series in Prometheus text', async () => {
    const text = await scrape();
    for (const name of [
      'coinsight_http_requests_total',
      'coinsight_http_request_duration_seconds',
      'coinsight_shed_requests_total',
      'coinsight_limit_refusals_total',
      'coinsight_db_pool_connections',
      'coinsight_job_duration_seconds',
      'coinsight_job_queue_depth',
      'coinsight_webhook_deliveries_total',
      'coinsight_webhook_deliveries_pending',
      'coinsight_mail_total',
      'coinsight_mail_queued',
      'coinsight_stripe_meter_report_lag_seconds',
      'coinsight_price_feed_age_seconds',
      'coinsight_process_cpu_seconds_total',
      'coinsight_nodejs_eventloop_lag_seconds',
    ])
      expect(text, name).toContain(`# TYPE ${name} `);
    // The pools exist on PostgreSQL only (the embedded database is one connection).
    if (process.env.TEST_DB === 'postgres') expect(text).toMatch(/coinsight_db_pool_connections\{pool="reads",state="size"\} \d+/);
  });

  it("the Grafana dashboard's queries use only series this server exposes", async () => {
    const dashboard = readFileSync(new URL('../../../deploy/grafana/coinsight.json', import.meta.url), 'utf8');
    const text = await scrape();
    const names = new Set([...dashboard.matchAll(/coinsight_[a-z_]+/g)].map(([name]) => name.replace(/_bucket$/, '')));
    expect(names.size).toBeGreaterThan(10);
    for (const name of names) expect(text, name).toContain(`# TYPE ${name} `);
  });

  it('counts each answer by route template and status, never by the URL a client chose', async () => {
    const before = await scrape();
    const series = 'coinsight_http_requests_total{method="GET",route="/api/health",status="200"}';
    await t.app.inject({ method: 'GET', url: '/api/health?probe=1' });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const after = await scrape();
    expect(valueOf(after, series) - valueOf(before, series)).toBe(2);
    expect(after).not.toContain('probe=1');
    expect(after).toContain('coinsight_http_request_duration_seconds_bucket{le="0.001",method="GET",route="/api/health",status="200"}');
  });

  it('counts a refused /v1 call by its error code', async () => {
    const { user } = await signup(t.app);
    const key = await insertKey(t.app.db, user.id);
    await presetFreeCalls(t.app.db, user.id, key.id, 1_000);
    const series = 'coinsight_limit_refusals_total{code="quota_exceeded"}';
    const before = valueOf(await scrape(), series);
    const refused = await t.app.inject({ method: 'GET', url: '/v1/crypto/prices?symbols=BTC', headers: key.headers });
    expect(refused.statusCode).toBe(429);
    expect(valueOf(await scrape(), series) - before).toBe(1);
  });

  it('reads the shared backlogs from the database at each scrape', async () => {
    await t.app.db
      .insertInto('outbox')
      .values({
        to_address: 'queued@example.com',
        subject: 's',
        text_body: 'b',
        reply_to: null,
        headers: null,
        next_attempt_at: new Date(),
      })
      .execute();
    expect(valueOf(await scrape(), 'coinsight_mail_queued')).toBeGreaterThanOrEqual(1);
    expect(valueOf(await scrape(), 'coinsight_webhook_deliveries_pending')).toBe(0);
  });
});
