import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../test/fake-stripe.js';

// `pnpm admin stripe-setup` against the local fake Stripe: the meter, the
// product and the metered price are created, and their ids printed for the environment.
const ADMIN = fileURLToPath(new URL('../../dist/cli/admin.js', import.meta.url));
const STRIPE = {
  secretKey: 'sk_test_setup_coinsight',
  webhookSecret: 'whsec_setup',
  priceId: 'price_unused',
  meterEventName: 'coinsight_api_calls',
};

describe('pnpm admin stripe-setup', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe(STRIPE);
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('creates the meter, the product and the $0.15 per 1,000 calls metered price, and prints their ids', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [ADMIN, 'stripe-setup'], {
      env: { PATH: process.env.PATH, STRIPE_SECRET_KEY: STRIPE.secretKey, STRIPE_API_URL: fake.url },
    });
    expect(stdout).toMatch(
      /^STRIPE_METER_EVENT_NAME=coinsight_api_calls\nSTRIPE_METER_ID=mtr_[a-f0-9]+\nSTRIPE_PRICE_ID=price_[a-f0-9]+\n$/,
    );
    const posted = fake.requests.filter((r) => r.method === 'POST').map((r) => r.path);
    expect(posted).toEqual(['/v1/billing/meters', '/v1/products', '/v1/prices']);
  });
});

describe('pnpm admin meter-reconcile --month', () => {
  it.each(['--month', '--month 2026-13', '--month last', '--from 2026-11'])(
    'rejects "%s" with the usage and exit 1, before it opens a database',
    async (args) => {
      const failed = await promisify(execFile)(process.execPath, [ADMIN, 'meter-reconcile', ...args.split(' ')], {
        env: { PATH: process.env.PATH, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      }).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toContain('meter-reconcile [--month YYYY-MM]');
    },
  );
});
