import {
  formatUsd,
  PAID_PLANS_UNAVAILABLE_MESSAGE,
  PAST_DUE_GRACE_DAYS,
  PLANS,
  PRICE_MICROS_PER_1000_CALLS,
  type BillingAccount,
  type BillingSummary,
  type Invoice,
  type InvoicePreview,
  type PlanId,
} from '@coinsight/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { serverMessage } from '../../app/session';
import { TimelineChart } from '../../components/charts/TimelineChart';
import { FormAlert, FormOutcomeAlert, type FormOutcome } from '../../components/forms';
import { Badge, Button, Table, type BadgeTone } from '../../components/ui';
import { BudgetSection } from './BudgetSection';
import {
  BillingScopeProvider,
  useBillingAccount,
  useBillingInvoices,
  useBillingMutations,
  useBillingSummary,
  useBillingTeam,
  useInvalidateBillingAccount,
  useInvalidateBillingSummary,
  useInvoicePreview,
  useSetBillingSummary,
} from './scope';
import styles from './BillingTab.module.css';
import figureStyles from './Figures.module.css';
import { cx } from '../../lib/cx';
import { formatCount, formatNumber } from '../../lib/formatNumber';
import { Time } from '../../components/Time';

export const BILLING_LOAD_FAILED_MESSAGE = 'Your usage could not be loaded. Please try again.';
export const PLAN_CHANGE_FAILED_MESSAGE = 'Your plan could not be changed. Please try again.';
export const CHECKOUT_FAILED_MESSAGE = 'Stripe could not be reached. Please try again.';
export const INVOICES_FAILED_MESSAGE = 'Your invoices could not be loaded. Please try again.';
/** Back from Stripe Checkout: Pro starts with Stripe's signed confirmation, a moment later. */
export const CHECKOUT_RETURNED_MESSAGE = 'Thank you: your payment is being confirmed by Stripe. Pro starts as soon as it is.';

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
const dayYearFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const money = (amount: number, currency: string) => formatNumber(amount / 100, { style: 'currency', currency: currency.toUpperCase() });

/**
 * The settings billing tab: this month's calls, allowance and cost, per day and per key, and the
 * plan. With a `teamId`, the same screen for that team's account (Settings → Team, for its owners
 * and billing members), whose checkout and portal come back to the team's screen.
 */
export function BillingTab({ teamId = null }: { teamId?: string | null }) {
  return (
    <BillingScopeProvider teamId={teamId}>
      <BillingScreen />
    </BillingScopeProvider>
  );
}

function BillingScreen() {
  const summary = useBillingSummary();
  if (summary.isError) return <FormAlert tone="error">{BILLING_LOAD_FAILED_MESSAGE}</FormAlert>;
  if (!summary.data) return <p className={styles.muted}>Loading usage…</p>;
  return <Billing summary={summary.data} />;
}

function Billing({ summary }: { summary: BillingSummary }) {
  const team = useBillingTeam();
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
        <dl className={cx(figureStyles.figures, styles.figures)}>
          <div className={figureStyles.figure}>
            <dt>API calls this month</dt>
            <dd>{formatCount(usage.calls)}</dd>
          </div>
          <div className={figureStyles.figure}>
            <dt>Free allowance</dt>
            <dd>
              {usage.quota === null
                ? 'None: every call is billed'
                : `${formatCount(usage.remaining ?? 0)} of ${formatCount(usage.quota)} calls left`}
            </dd>
          </div>
          <div className={figureStyles.figure}>
            <dt>Cost this month</dt>
            <dd>{usage.costUsd}</dd>
          </div>
        </dl>
        <p className={styles.muted}>
          {plan.billed
            ? `On ${plan.name}, every call costs ${formatUsd(PRICE_MICROS_PER_1000_CALLS)} per 1,000 (${formatCount(usage.billedCalls)} billed calls this month).`
            : `${plan.name} calls are never billed; past the allowance the API answers 429 until the month ends.`}
        </p>
        {plan.billed ? <InvoicePreviewLine /> : null}
      </section>

      <BudgetSection usage={usage} />

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
            value: (k) => `${k.name} (${k.prefix}…)`,
            cell: (k) => (
              <>
                {k.name} <code className={styles.prefix}>{k.prefix}…</code> {k.deleted ? <Badge tone="neutral">deleted</Badge> : null}
              </>
            ),
          },
          { key: 'calls', header: 'Calls', cell: (k) => formatCount(k.calls), align: 'end', value: (k) => k.calls },
        ]}
        rows={keys}
        download="coinsight-calls-per-key"
        rowKey={(k) => k.id}
        emptyMessage={team === null ? 'No API keys yet: create one in the API tab.' : 'The team has no API keys yet.'}
      />

      <PlanChooser current={usage.plan} changes={summary.planChanges} />
    </div>
  );
}

/**
 * Stripe's invoice preview next to the month's cost: Stripe counts the hours
 * reported to it, so the calls of the hours not reported yet are said apart.
 */
export function invoicePreviewText(preview: InvoicePreview): string {
  // The subscription's period, which need not be the calendar month above (it starts at checkout).
  const period = `${dayFormat.format(new Date(preview.periodStart))} – ${dayFormat.format(new Date(preview.periodEnd))}`;
  const head = `Stripe's invoice preview (${period}): ${money(preview.amountDue, preview.currency)} for ${formatCount(preview.previewCalls)} calls`;
  if (preview.unreportedCalls === 0) return `${head}.`;
  return `${head}; ${formatCount(preview.unreportedCalls)} calls of the last hour are not reported yet (an hour is reported a few minutes after it ends).`;
}

/** Nothing without Stripe or a subscription, or while Stripe cannot be reached: the cost above stands alone. */
function InvoicePreviewLine() {
  const preview = useInvoicePreview();
  if (!preview.data) return null;
  return <p className={styles.muted}>{invoicePreviewText(preview.data)}</p>;
}

/** Where the browser goes for Stripe's pages (a seam for the unit tests, which cannot navigate jsdom away). */
export const navigation = { assign: (url: string) => window.location.assign(url) };

function subscriptionLine(account: BillingAccount): string | null {
  const sub = account.subscription;
  if (!sub) return null;
  const end = sub.currentPeriodEnd ? dayYearFormat.format(new Date(sub.currentPeriodEnd)) : null;
  switch (sub.status) {
    case 'active':
    case 'trialing':
      return sub.cancelAtPeriodEnd
        ? `Your subscription is cancelled: Pro stays until ${end ?? 'the end of the period'}, then the account is on Free.`
        : `Your Pro subscription is active${end ? `; the current period ends on ${end}` : ''}. Usage is invoiced monthly.`;
    case 'past_due':
      return sub.graceEndsAt
        ? `Your last payment failed. Pro stays until ${dayYearFormat.format(new Date(sub.graceEndsAt))} while the card is retried; update it in the billing portal.`
        : `Your last payment failed ${PAST_DUE_GRACE_DAYS}+ days ago, so the account is on Free's limits until it is paid; update the card in the billing portal.`;
    case 'incomplete':
      return 'Your payment is not complete yet: Pro starts as soon as Stripe confirms it.';
    default:
      return 'Your Pro subscription has ended.';
  }
}

function PlanChooser({ current, changes }: { current: PlanId; changes: BillingSummary['planChanges'] }) {
  const [searchParams] = useSearchParams();
  const returned = searchParams.get('checkout');
  const account = useBillingAccount({
    // Back from checkout: Pro starts with Stripe's webhook, a moment after the redirect.
    refetchInterval: (plan) => (returned === 'success' && plan !== 'pro' ? 2_000 : false),
  });
  const { changePlan: change, checkout, portal } = useBillingMutations();
  const setSummary = useSetBillingSummary();
  const invalidateSummary = useInvalidateBillingSummary();
  const invalidateAccount = useInvalidateBillingAccount();
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const plan = account.data?.plan ?? current;
  if (account.data && account.data.plan !== current) void invalidateSummary();
  const sub = account.data?.subscription ?? null;
  const live = sub !== null && ['active', 'trialing', 'past_due'].includes(sub.status);
  const busy = change.isPending || checkout.isPending || portal.isPending;

  async function go(to: 'checkout' | 'portal') {
    setOutcome(null);
    try {
      const { url } = await (to === 'checkout' ? checkout : portal).run();
      navigation.assign(url);
    } catch (error) {
      setOutcome({ tone: 'error', message: serverMessage(error) ?? CHECKOUT_FAILED_MESSAGE });
    }
  }

  async function onChange(target: PlanId) {
    setOutcome(null);
    try {
      const summary = await change.run({ plan: target });
      setSummary(summary);
      await invalidateAccount();
      setOutcome({
        tone: 'success',
        message:
          target === 'free' && live
            ? 'Your subscription will end with the current period; Pro stays until then.'
            : target === 'pro'
              ? 'Your subscription continues.'
              : `You are now on the ${PLANS[summary.usage.plan].name} plan.`,
      });
    } catch (error) {
      setOutcome({ tone: 'error', message: serverMessage(error) ?? PLAN_CHANGE_FAILED_MESSAGE });
    }
  }

  const paymentsAvailable = account.data?.paymentsAvailable ?? false;
  const line = account.data ? subscriptionLine(account.data) : null;
  return (
    <section aria-labelledby="billing-plan" className={styles.plan}>
      <h3 id="billing-plan" className={styles.heading}>
        Plan: {PLANS[plan].name}
      </h3>
      <ul className={styles.points}>
        {Object.values(PLANS).map((p) => (
          <li key={p.id}>
            <strong>{p.name}</strong>: {formatCount(p.requestsPerMinute)} requests per minute,{' '}
            {p.monthlyQuota === null
              ? `every call billed at ${formatUsd(PRICE_MICROS_PER_1000_CALLS)} per 1,000`
              : `${formatCount(p.monthlyQuota)} calls a month, never billed`}
            .
          </li>
        ))}
      </ul>
      {returned === 'success' && plan !== 'pro' ? (
        <p role="status">{CHECKOUT_RETURNED_MESSAGE}</p>
      ) : returned === 'cancelled' && plan !== 'pro' ? (
        <p role="status">Checkout was cancelled: nothing was charged.</p>
      ) : null}
      {account.data && !paymentsAvailable ? <p className={styles.muted}>{PAID_PLANS_UNAVAILABLE_MESSAGE}</p> : null}
      {line ? <p>{line}</p> : null}
      <FormOutcomeAlert outcome={outcome} />
      <div className={styles.actions}>
        {paymentsAvailable && plan === 'free' && !live ? (
          <Button variant="primary" disabled={busy} onClick={() => void go('checkout')}>
            {checkout.isPending ? 'Opening checkout…' : 'Upgrade to Pro'}
          </Button>
        ) : null}
        {account.data?.portalAvailable ? (
          <Button variant="secondary" disabled={busy} onClick={() => void go('portal')}>
            {portal.isPending ? 'Opening the billing portal…' : 'Manage billing'}
          </Button>
        ) : null}
        {plan === 'pro' && !(live && sub.cancelAtPeriodEnd) ? (
          <Button variant="secondary" disabled={busy} onClick={() => void onChange('free')}>
            {change.isPending ? 'Changing plan…' : live ? 'Cancel at period end' : 'Downgrade to Free'}
          </Button>
        ) : null}
        {live && sub.cancelAtPeriodEnd ? (
          <Button variant="secondary" disabled={busy} onClick={() => void onChange('pro')}>
            Keep Pro
          </Button>
        ) : null}
      </div>
      {account.data?.portalAvailable ? <Invoices /> : null}
      {changes.length > 0 ? (
        <>
          <h4 className={styles.subheading}>Plan changes</h4>
          <ul className={styles.points}>
            {changes.map((c) => (
              <li key={c.at + c.to}>
                <Time value={c.at} />: {PLANS[c.from].name} to {PLANS[c.to].name}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

const INVOICE_STATUS_TONE: Record<Invoice['status'], BadgeTone> = {
  paid: 'green',
  open: 'yellow',
  draft: 'neutral',
  uncollectible: 'red',
  void: 'neutral',
};

/** The account's Stripe invoices: date, period, calls, amount, status and Stripe's hosted page. */
function Invoices() {
  const invoices = useBillingInvoices();
  if (invoices.isError) return <FormAlert tone="error">{INVOICES_FAILED_MESSAGE}</FormAlert>;
  return (
    <Table
      caption="Invoices"
      columns={[
        { key: 'date', header: 'Date', cell: (i) => dayYearFormat.format(new Date(i.created)), value: (i) => i.created },
        {
          key: 'period',
          header: 'Period',
          cell: (i) => `${dayFormat.format(new Date(i.periodStart))} – ${dayFormat.format(new Date(i.periodEnd))}`,
          value: (i) => `${i.periodStart}/${i.periodEnd}`,
        },
        { key: 'calls', header: 'Calls', cell: (i) => formatCount(i.calls), align: 'end', value: (i) => i.calls },
        {
          key: 'amount',
          header: 'Amount',
          cell: (i) => money(i.status === 'paid' ? i.amountPaid : i.amountDue, i.currency),
          align: 'end',
          value: (i) => (i.status === 'paid' ? i.amountPaid : i.amountDue) / 100,
        },
        {
          key: 'status',
          header: 'Status',
          cell: (i) => <Badge tone={INVOICE_STATUS_TONE[i.status]}>{i.status}</Badge>,
          value: (i) => i.status,
        },
        {
          key: 'link',
          header: 'Invoice',
          cell: (i) =>
            i.hostedUrl ? (
              <a href={i.hostedUrl} target="_blank" rel="noreferrer">
                View{i.number ? ` ${i.number}` : ''}
              </a>
            ) : (
              '—'
            ),
        },
      ]}
      rows={invoices.data ?? []}
      download="coinsight-invoices"
      rowKey={(i) => i.id}
      emptyMessage={invoices.data ? 'No invoices yet: the first one comes at the end of your first month on Pro.' : 'Loading invoices…'}
    />
  );
}
