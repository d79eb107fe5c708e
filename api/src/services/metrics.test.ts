import { describe, expect, it } from 'vitest';
import { countJobRun, createMetrics } from './metrics.js';

describe('countJobRun', () => {
  it('times every run by outcome, and counts webhook attempts by outcome', async () => {
    const metrics = createMetrics();
    countJobRun(metrics, 'webhook-deliver', 0.2, { result: { attempted: 4, delivered: 2, retrying: 1, failed: 1 } });
    countJobRun(metrics, 'market-tick', 0.05, { error: new Error('feed down') });
    const text = await metrics.registry.metrics();
    expect(text).toContain('coinsight_webhook_deliveries_total{outcome="delivered"} 2');
    expect(text).toContain('coinsight_webhook_deliveries_total{outcome="retrying"} 1');
    expect(text).toContain('coinsight_webhook_deliveries_total{outcome="failed"} 1');
    expect(text).toContain('coinsight_job_duration_seconds_count{job="webhook-deliver",outcome="ok"} 1');
    expect(text).toContain('coinsight_job_duration_seconds_count{job="market-tick",outcome="failed"} 1');
  });

  it('keeps each app its own registry', async () => {
    const one = createMetrics();
    const other = createMetrics();
    one.shed.inc();
    expect(await other.registry.metrics()).toContain('coinsight_shed_requests_total 0');
  });
});
