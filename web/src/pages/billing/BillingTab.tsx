import { formatUsd, PLANS, PRICE_MICROS_PER_1000_CALLS, type BillingSummary, type PlanId } from '@coinsight/contracts';
import { useState } from 'react';
import { serverMessage } from '../../app/session';
import { TimelineChart } from '../../components/charts/TimelineChart';
import { FormAlert, FormOutcomeAlert, type FormOutcome } from '../../components/forms';
import { Badge, Button, Table } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import styles from './BillingTab.module.css';

export const BILLING_LOAD_FAILED_MESSAGE = 'Your usage could not be loaded. Please try again.';
export const PLAN_CHANGE_FAILED_MESSAGE = 'Your plan could not be changed. Please try again.';
/** Said next to the plan choice, and after a change: nothing is charged yet. */
export const PAYMENT_NOTE = 'Payment is not taken yet: a plan change is recorded and applies from your next API call.';

const count = new Intl.NumberFormat('en-US');
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** The settings billing tab: this month's calls, allowance and cost, per day and per key, and the plan. */
export function BillingTab() {
  const summary = trpc.billing.summary.useQuery();
  if (summary.isError) return <FormAlert tone="error">{BILLING_LOAD_FAILED_MESSAGE}</FormAlert>;
  if (!summary.data) return <p className={styles.muted}>Loading usage…</p>;
  return <Billing summary={summary.data} />;
}

function Billing({ summary }: { summary: BillingSummary }) {
  const { usage, daily, keys } = summary;
  const plan = PLANS[usage.plan];
  const lastDay = new Date(new Date(usage.periodEnd).getTime() - 86_400_000);
  const period = `${dayFormat.format(new Date(usage.periodStart))} – ${dayFormat.format(lastDay)} (UTC)`;
  return (
    <div className={styles.stack}>
      <section aria-labelledby="billing-month">
        <h3 id="billing-month" className={styles.heading}>
          {monthFormat.format(new Date(usage.periodStart))}
        </h3>
        <p className={styles.muted}>{period}</p>
        <dl className={styles.figures}>
          <div className={styles.figure}>
            <dt>API calls this month</dt>
            <dd>{count.format(usage.calls)}</dd>
          </div>
          <div className={styles.figure}>
            <dt>Free allowance</dt>
            <dd>
              {usage.quota === null
                ? 'None: every call is billed'
                : `${count.format(usage.remaining ?? 0)} of ${count.format(usage.quota)} calls left`}
            </dd>
          </div>
          <div className={styles.figure}>
            <dt>Cost this month</dt>
            <dd>{usage.costUsd}</dd>
          </div>
        </dl>
        <p className={styles.muted}>
          {plan.billed
            ? `On ${plan.name}, every call costs ${formatUsd(PRICE_MICROS_PER_1000_CALLS)} per 1,000 (${count.format(usage.billedCalls)} billed calls this month).`
            : `${plan.name} calls are never billed; past the allowance the API answers 429 until the month ends.`}
        </p>
      </section>

      <figure className={styles.chart}>
        <figcaption className={styles.heading}>Calls per day</figcaption>
        <TimelineChart
          times={daily.map((d) => `${d.day}T00:00:00.000Z`)}
          series={[{ label: 'Calls', values: daily.map((d) => d.calls) }]}
          yLabel="Calls"
          description={`API calls per day this month, UTC: ${daily.map((d) => `${d.day.slice(8)}: ${d.calls}`).join(', ')}.`}
          partialLast={daily.length > 1}
          partialNote={`The last point is today so far (UTC, up to ${usage.asOf.slice(11, 16)}), not a full day.`}
        />
      </figure>

      <Table
        caption="Calls this month per key"
        columns={[
          {
            key: 'name',
            header: 'Key',
            cell: (k) => (
              <>
                {k.name} <code className={styles.prefix}>{k.prefix}…</code> {k.deleted ? <Badge tone="neutral">deleted</Badge> : null}
              </>
            ),
          },
          { key: 'calls', header: 'Calls', cell: (k) => count.format(k.calls), align: 'end' },
        ]}
        rows={keys}
        rowKey={(k) => k.id}
        emptyMessage="No API keys yet: create one in the API tab."
      />

      <PlanChooser current={usage.plan} changes={summary.planChanges} />
    </div>
  );
}

function PlanChooser({ current, changes }: { current: PlanId; changes: BillingSummary['planChanges'] }) {
  const utils = trpc.useUtils();
  const change = trpc.billing.changePlan.useMutation();
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const target: PlanId = current === 'free' ? 'pro' : 'free';

  async function onChange() {
    setOutcome(null);
    try {
      const summary = await change.mutateAsync({ plan: target });
      utils.billing.summary.setData(undefined, summary);
      setOutcome({ tone: 'success', message: `You are now on the ${PLANS[summary.usage.plan].name} plan. ${PAYMENT_NOTE}` });
    } catch (error) {
      setOutcome({ tone: 'error', message: serverMessage(error) ?? PLAN_CHANGE_FAILED_MESSAGE });
    }
  }

  return (
    <section aria-labelledby="billing-plan" className={styles.plan}>
      <h3 id="billing-plan" className={styles.heading}>
        Plan: {PLANS[current].name}
      </h3>
      <ul className={styles.points}>
        {Object.values(PLANS).map((p) => (
          <li key={p.id}>
            <strong>{p.name}</strong>: {count.format(p.requestsPerMinute)} requests per minute,{' '}
            {p.monthlyQuota === null
              ? `every call billed at ${formatUsd(PRICE_MICROS_PER_1000_CALLS)} per 1,000`
              : `${count.format(p.monthlyQuota)} calls a month, never billed`}
            .
          </li>
        ))}
      </ul>
      <p className={styles.muted}>{PAYMENT_NOTE}</p>
      <FormOutcomeAlert outcome={outcome} />
      <div>
        <Button variant={target === 'pro' ? 'primary' : 'secondary'} disabled={change.isPending} onClick={() => void onChange()}>
          {change.isPending ? 'Changing plan…' : target === 'pro' ? 'Upgrade to Pro' : 'Downgrade to Free'}
        </Button>
      </div>
      {changes.length > 0 ? (
        <>
          <h4 className={styles.subheading}>Plan changes</h4>
          <ul className={styles.points}>
            {changes.map((c) => (
              <li key={c.at + c.to}>
                <time dateTime={c.at}>{dateTimeFormat.format(new Date(c.at))} UTC</time>: {PLANS[c.from].name} to {PLANS[c.to].name}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
