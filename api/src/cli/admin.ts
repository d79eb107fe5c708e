import { userInfo } from 'node:os';
import { PLAN_IDS, type PlanId } from '@coinsight/contracts';
import { createDb, dbConfigFrom, describeDb, migrateToLatest, type Db } from '@coinsight/db';
import { pino } from 'pino';
import Stripe from 'stripe';
import { stripeSettingsFrom } from '../config.js';
import { ConfigError, loadEnv, loadStripeSetupEnv } from '../env.js';
import { reconcileMeter, reportUsage } from '../services/billing/metering/report.js';
import { monthOf } from '../services/billing/period.js';
import { createBillingStripe, createStripeClient, stripeApiFrom, type BillingStripe } from '../services/billing/stripe.js';
import { grantPlan } from '../services/billing/subscriptions/plan-changes.js';

// `pnpm admin <command>`: the operator's commands (docs/billing.md).
//   grant-plan <email> <free|pro>  sets an account's plan without payment, logged and recorded
//   stripe-setup                   creates the Billing Meter, the Pro product and its metered price
//   meter-report                   sends the settled hours of Pro usage to the meter now
//   meter-reconcile [--month Y-M]  compares the local meter with what Stripe was told

const USAGE = `Usage: pnpm admin <command>
  grant-plan <email> <free|pro>   set an account's plan without payment (logged, recorded in plan_changes)
  stripe-setup                    create the Billing Meter, the Pro product and its metered price; prints their ids
  meter-report                    send the settled hours of Pro usage to the Stripe meter now
  meter-reconcile [--month YYYY-MM]
                                  compare the local meter with what Stripe was told over the month's settled hours
                                  (this month unless --month names another, e.g. the one just closed); exit 2 on drift`;

const log = pino({ base: { source: 'admin' } });
/** The command's answer, on stdout (the log lines go there too, as JSON). */
const print = (line: string) => process.stdout.write(`${line}\n`);

async function withDb<T>(work: (db: Db, stripe: BillingStripe | undefined) => Promise<T>): Promise<T> {
  const env = loadEnv();
  const config = dbConfigFrom({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  console.warn(`Using ${describeDb(config)}`);
  const handle = await createDb(config);
  try {
    await migrateToLatest(handle.db);
    return await work(handle.db, createBillingStripe(stripeSettingsFrom(env)));
  } finally {
    await handle.close();
  }
}

async function stripeSetup(): Promise<void> {
  const env = loadStripeSetupEnv();
  if (!env.STRIPE_SECRET_KEY) throw new Error('Set STRIPE_SECRET_KEY first (a test-mode key, sk_test_…, to try it out).');
  const stripe = createStripeClient({ secretKey: env.STRIPE_SECRET_KEY, api: stripeApiFrom(env.STRIPE_API_URL) });
  const meter = await stripe.billing.meters.create({
    display_name: 'Coinsight API calls',
    event_name: env.STRIPE_METER_EVENT_NAME,
    default_aggregation: { formula: 'sum' },
    customer_mapping: { type: 'by_id', event_payload_key: 'stripe_customer_id' },
    value_settings: { event_payload_key: 'value' },
  });
  const product = await stripe.products.create({ name: 'Coinsight Pro' });
  // $0.15 per 1,000 calls = 0.015 cents a call: the local meter's 150 micro-dollars a call.
  const price = await stripe.prices.create({
    product: product.id,
    currency: 'usd',
    unit_amount_decimal: Stripe.Decimal.from('0.015'),
    recurring: { interval: 'month', usage_type: 'metered', meter: meter.id },
  });
  print(`STRIPE_METER_EVENT_NAME=${env.STRIPE_METER_EVENT_NAME}\nSTRIPE_METER_ID=${meter.id}\nSTRIPE_PRICE_ID=${price.id}`);
  console.warn(
    'Add these to the environment, with STRIPE_WEBHOOK_SECRET from the webhook endpoint you create for /api/billing/stripe-webhook.',
  );
}

/** `--month YYYY-MM` as the month's first and next month's first hour (UTC); undefined without it. */
function reconcileMonth(args: string[]): { from: Date; to: Date } | undefined | 'invalid' {
  if (args.length === 0) return undefined;
  const match = args.length === 2 && args[0] === '--month' ? /^(\d{4})-(0[1-9]|1[0-2])$/.exec(args[1] ?? '') : null;
  if (!match) return 'invalid';
  const { start, end } = monthOf(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
  return { from: start, to: end };
}

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case 'grant-plan': {
      const [email, plan] = rest;
      if (!email || !plan || !(PLAN_IDS as readonly string[]).includes(plan)) {
        console.error(USAGE);
        return 1;
      }
      const { from } = await withDb((db) => grantPlan({ db, log }, { email, plan: plan as PlanId, operator: userInfo().username }));
      print(from ? `${email}: ${from} → ${plan}` : `${email} is already on ${plan}`);
      return 0;
    }
    case 'stripe-setup':
      await stripeSetup();
      return 0;
    case 'meter-report': {
      const result = await withDb((db, stripe) => {
        if (!stripe) throw new Error('Stripe is not configured (STRIPE_SECRET_KEY): there is nothing to report to.');
        return reportUsage({ db, log, stripe, now: () => new Date() }, {});
      });
      print(JSON.stringify(result));
      return 0;
    }
    case 'meter-reconcile': {
      const month = reconcileMonth(rest);
      if (month === 'invalid') {
        console.error(USAGE);
        return 1;
      }
      const result = await withDb((db, stripe) => reconcileMeter({ db, log, stripe, now: () => new Date() }, month ?? {}));
      print(JSON.stringify(result, null, 2));
      return result.drift.length > 0 ? 2 : 0;
    }
    default:
      console.error(USAGE);
      return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
