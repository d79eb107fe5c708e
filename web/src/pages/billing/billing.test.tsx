import {
  PAID_PLANS_UNAVAILABLE_MESSAGE,
  type BillingAccount,
  type BillingSummary,
  type Invoice,
  type InvoicePreview,
} from '@coinsight/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { StubError, testUser, type Handlers } from '../../test/trpcStub';
import { BILLING_LOAD_FAILED_MESSAGE, CHECKOUT_FAILED_MESSAGE, navigation, PLAN_CHANGE_FAILED_MESSAGE } from './BillingTab';

// jsdom has no canvas: the chart stands in as its accessible description.
vi.mock('../../components/charts/UPlotChart', () => ({
  default: ({ description }: { description: string }) => <div role="img" aria-label={description} />,
}));

const freeMonth: BillingSummary = {
  usage: {
    plan: 'free',
    periodStart: '2026-11-01T00:00:00.000Z',
    periodEnd: '2026-12-01T00:00:00.000Z',
    calls: 1234,
    quota: 1000,
    remaining: 0,
    billedCalls: 0,
    costMicros: 0,
    costUsd: '$0.00',
    projectedCalls: 1234,
    projectedCostMicros: 0,
    projectedCostUsd: '$0.00',
    budget: null,
    asOf: '2026-11-03T09:30:00.000Z',
  },
  daily: [
    { day: '2026-11-01', calls: 1000 },
    { day: '2026-11-02', calls: 0 },
    { day: '2026-11-03', calls: 234 },
  ],
  keys: [
    { id: 7, name: 'Production', prefix: 'cs_live_AbCd', deleted: false, calls: 1200 },
    { id: 8, name: 'Old laptop', prefix: 'cs_live_XyZw', deleted: true, calls: 34 },
  ],
  planChanges: [],
};

const invoice: Invoice = {
  id: 'in_1',
  number: 'FAKE-000001',
  created: '2026-11-01T00:00:00.000Z',
  periodStart: '2026-10-01T00:00:00.000Z',
  periodEnd: '2026-11-01T00:00:00.000Z',
  calls: 20_000,
  amountDue: 300,
  amountPaid: 300,
  currency: 'usd',
  status: 'paid',
  hostedUrl: 'https://invoice.stripe.test/1',
};

/** billing.* as the server answers them: Stripe configured or not, the subscription, the plan change. */
function billingApi(
  initial = freeMonth,
  options: { payments?: boolean; subscription?: BillingAccount['subscription']; preview?: InvoicePreview | null } = {},
) {
  let summary = initial;
  const payments = options.payments ?? true;
  const handlers: Handlers = {
    'billing.summary': () => summary,
    'billing.account': (): BillingAccount => ({
      paymentsAvailable: payments,
      plan: summary.usage.plan,
      subscription: options.subscription ?? null,
      portalAvailable: payments && options.subscription !== undefined,
    }),
    'billing.invoices': () => [invoice],
    'billing.invoicePreview': () => options.preview ?? null,
    'billing.checkout': () => ({ url: 'https://checkout.stripe.test/cs_1' }),
    'billing.portal': () => ({ url: 'https://billing.stripe.test/bps_1' }),
    'billing.changePlan': ({ plan }) => {
      summary = {
        ...summary,
        usage: { ...summary.usage, plan, quota: plan === 'free' ? 1000 : null, remaining: plan === 'free' ? 0 : null },
        planChanges: [{ from: summary.usage.plan, to: plan, at: '2026-11-03T10:00:00.000Z' }, ...summary.planChanges],
      };
      return summary;
    },
  };
  return handlers;
}

async function openBilling(api: Handlers) {
  const view = renderApp('/settings?tab=billing', { signedInAs: testUser, api });
  await screen.findByRole('heading', { name: 'November 2026' });
  return view;
}

const figure = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('settings billing tab', () => {
  it("shows this month's calls, the free allowance, the cost, a daily chart and the split per key", async () => {
    await openBilling(billingApi());
    expect(figure('API calls this month')).toBe('1,234');
    expect(figure('Free allowance')).toBe('0 of 1,000 calls left');
    expect(figure('Cost this month')).toBe('$0.00');
    expect(screen.getByText('November 1 – November 30 (UTC)')).toBeTruthy();
    expect(await screen.findByRole('img', { name: /API calls per day this month, UTC: 01: 1000, 02: 0, 03: 234/ })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Calls this month per key' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Production cs_live_AbCd… 1,200', 'Old laptop cs_live_XyZw… deleted34']);
  });

  it('shows a Pro month as billed, with the cost formatted from micro-dollars', async () => {
    await openBilling(
      billingApi({
        ...freeMonth,
        usage: { ...freeMonth.usage, plan: 'pro', quota: null, remaining: null, billedCalls: 1234, costMicros: 185_100, costUsd: '$0.19' },
      }),
    );
    expect(figure('Free allowance')).toBe('None: every call is billed');
    expect(figure('Cost this month')).toBe('$0.19');
    expect(screen.getByText(/every call costs \$0\.15 per 1,000 \(1,234 billed calls this month\)/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Downgrade to Free' })).toBeTruthy();
  });

  it('Upgrade to Pro goes to Stripe Checkout and changes nothing itself', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    const { api } = await openBilling(billingApi());
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/cs_1'));
    expect(api.callsTo('billing.changePlan')).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Plan: Free' })).toBeTruthy();
    assign.mockRestore();
  });

  it('without Stripe it says paid plans are not available and offers no upgrade', async () => {
    await openBilling(billingApi(freeMonth, { payments: false }));
    expect(await screen.findByText(PAID_PLANS_UNAVAILABLE_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade to Pro' })).toBeNull();
  });

  it('a Pro subscriber sees the subscription, the billing portal and the invoices', async () => {
    const pro = { ...freeMonth, usage: { ...freeMonth.usage, plan: 'pro' as const, quota: null, remaining: null } };
    await openBilling(
      billingApi(pro, {
        subscription: { status: 'active', currentPeriodEnd: '2026-12-03T00:00:00.000Z', cancelAtPeriodEnd: false, graceEndsAt: null },
      }),
    );
    expect(await screen.findByText(/Your Pro subscription is active; the current period ends on Dec 3, 2026/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Manage billing' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel at period end' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Invoices' });
    await vi.waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getAllByRole('row')[1]?.textContent).toBe('Nov 1, 2026October 1 – November 120,000$3.00paidView FAKE-000001');
  });

  it("beside the month's cost, Stripe's invoice preview and the calls not reported to Stripe yet", async () => {
    const pro = {
      ...freeMonth,
      usage: {
        ...freeMonth.usage,
        plan: 'pro' as const,
        quota: null,
        remaining: null,
        billedCalls: 400,
        costMicros: 60_000,
        costUsd: '$0.06',
      },
    };
    const preview: InvoicePreview = {
      amountDue: 3,
      currency: 'usd',
      periodStart: '2026-11-01T00:00:00.000Z',
      periodEnd: '2026-12-01T00:00:00.000Z',
      previewCalls: 200,
      reportedCalls: 200,
      reportedCostMicros: 30_000,
      billedCalls: 400,
      costMicros: 60_000,
      unreportedCalls: 200,
      asOf: '2026-11-03T09:30:00.000Z',
    };
    await openBilling(billingApi(pro, { preview }));
    expect(figure('Cost this month')).toBe('$0.06');
    expect(
      await screen.findByText(
        "Stripe's invoice preview (November 1 – December 1): $0.03 for 200 calls; 200 calls of the last hour are not reported yet (an hour is reported a few minutes after it ends).",
      ),
    ).toBeTruthy();
  });

  it('once every hour is reported the preview line says only its figures', async () => {
    const pro = { ...freeMonth, usage: { ...freeMonth.usage, plan: 'pro' as const, quota: null, remaining: null } };
    const preview: InvoicePreview = {
      amountDue: 6,
      currency: 'usd',
      periodStart: '2026-11-01T00:00:00.000Z',
      periodEnd: '2026-12-01T00:00:00.000Z',
      previewCalls: 400,
      reportedCalls: 400,
      reportedCostMicros: 60_000,
      billedCalls: 400,
      costMicros: 60_000,
      unreportedCalls: 0,
      asOf: '2026-11-03T09:30:00.000Z',
    };
    await openBilling(billingApi(pro, { preview }));
    expect(await screen.findByText("Stripe's invoice preview (November 1 – December 1): $0.06 for 400 calls.")).toBeTruthy();
  });

  it('Free is never billed, so the tab asks for no invoice preview', async () => {
    const { api } = await openBilling(billingApi());
    await screen.findByRole('heading', { name: 'Plan: Free' });
    expect(api.callsTo('billing.invoicePreview')).toEqual([]);
    expect(screen.queryByText(/Stripe's invoice preview/)).toBeNull();
  });

  it('says so when Stripe cannot be reached', async () => {
    await openBilling({ ...billingApi(), 'billing.checkout': () => Promise.reject(new StubError(503, 'Service unavailable')) });
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CHECKOUT_FAILED_MESSAGE);
  });

  it('says so when the plan cannot be changed', async () => {
    const pro = { ...freeMonth, usage: { ...freeMonth.usage, plan: 'pro' as const, quota: null, remaining: null } };
    await openBilling({ ...billingApi(pro), 'billing.changePlan': () => Promise.reject(new StubError(503, 'Service unavailable')) });
    fireEvent.click(await screen.findByRole('button', { name: 'Downgrade to Free' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PLAN_CHANGE_FAILED_MESSAGE);
  });

  it('says so when the usage cannot be loaded', async () => {
    renderApp('/settings?tab=billing', {
      signedInAs: testUser,
      api: { 'billing.summary': () => Promise.reject(new TypeError('Failed to fetch')) },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(BILLING_LOAD_FAILED_MESSAGE);
  });
});
