import { costMicros, type InvoicePreview } from '@coinsight/contracts';
import { sql } from 'kysely';
import type { NoInput, SignedIn } from '../../caller.js';
import type { ServiceDeps } from '../../deps.js';

// The billing tab shows Stripe's invoice preview beside the local meter, for the
// same hours. A meter event is filed by Stripe at its timestamp, the reported hour's last second
// (metering/report.ts), so hour h belongs to a Stripe period [start, end) when h + 3599 s is in it.

type Deps = Pick<ServiceDeps, 'db' | 'stripe' | 'now'>;

const HOUR_FILED_AT_MS = 3_599_000;

/**
 * Stripe's invoice preview of the account's subscription, with the calls reported to Stripe and
 * the local meter's calls and cost over the preview's period. Null when Stripe is not configured
 * here or the account has no subscription. One Stripe round trip per call: GET /v1/usage does not
 * include it (docs/billing.md).
 */
export async function invoicePreview(deps: Deps, _input: NoInput, caller: SignedIn): Promise<InvoicePreview | null> {
  const stripe = deps.stripe;
  if (!stripe) return null;
  const now = deps.now();
  const account = await deps.db
    .selectFrom('billing_accounts')
    .select(['stripe_customer_id', 'stripe_subscription_id'])
    .where('user_id', '=', caller.userId)
    .executeTakeFirst();
  if (!account?.stripe_subscription_id) return null;
  const preview = await stripe.client.invoices.createPreview({
    customer: account.stripe_customer_id,
    subscription: account.stripe_subscription_id,
  });
  // The metered line's period is the usage it charges (an invoice's own period_* can be the one before).
  const periods = preview.lines.data.map((line) => line.period);
  const start = periods.length > 0 ? Math.min(...periods.map((p) => p.start)) : preview.period_start;
  const end = periods.length > 0 ? Math.max(...periods.map((p) => p.end)) : preview.period_end;
  const from = new Date(start * 1000 - HOUR_FILED_AT_MS);
  const to = new Date(end * 1000 - HOUR_FILED_AT_MS);
  const [local, reported] = await Promise.all([
    sql<{ calls: string | null }>`
      select sum(pro_calls)::int8 as calls from api_usage_hourly
      where user_id = ${caller.userId} and hour >= ${from} and hour < ${to}
    `.execute(deps.db),
    sql<{ calls: string | null }>`
      select sum(calls)::int8 as calls from meter_reports
      where user_id = ${caller.userId} and sent_at is not null and hour >= ${from} and hour < ${to}
    `.execute(deps.db),
  ]);
  const billedCalls = Number(local.rows[0]?.calls ?? 0);
  const reportedCalls = Number(reported.rows[0]?.calls ?? 0);
  return {
    amountDue: preview.amount_due,
    currency: preview.currency,
    periodStart: new Date(start * 1000).toISOString(),
    periodEnd: new Date(end * 1000).toISOString(),
    previewCalls: preview.lines.data.reduce((sum, line) => sum + (line.quantity ?? 0), 0),
    reportedCalls,
    reportedCostMicros: costMicros(reportedCalls),
    billedCalls,
    costMicros: costMicros(billedCalls),
    unreportedCalls: Math.max(0, billedCalls - reportedCalls),
    asOf: now.toISOString(),
  };
}
