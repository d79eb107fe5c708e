import { BUDGET_MESSAGES, type BillingSummary } from '@coinsight/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { StubError, testUser, type Handlers } from '../../test/trpcStub';

// jsdom has no canvas: the chart stands in as its accessible description.
vi.mock('../../components/charts/UPlotChart', () => ({
  default: ({ description }: { description: string }) => <div role="img" aria-label={description} />,
}));

// The month's projected cost, and a Pro account's budget, on the billing tab.
const proMonth: BillingSummary = {
  usage: {
    plan: 'pro',
    periodStart: '2026-11-01T00:00:00.000Z',
    periodEnd: '2026-12-01T00:00:00.000Z',
    calls: 20_000,
    quota: null,
    remaining: null,
    billedCalls: 20_000,
    costMicros: 3_000_000,
    costUsd: '$3.00',
    projectedCalls: 60_000,
    projectedCostMicros: 9_000_000,
    projectedCostUsd: '$9.00',
    budget: null,
    asOf: '2026-11-11T00:00:00.000Z',
  },
  daily: [{ day: '2026-11-01', calls: 20_000 }],
  keys: [],
  planChanges: [],
};

function budgetApi(initial = proMonth) {
  let summary = initial;
  const handlers: Handlers = {
    'billing.summary': () => summary,
    'billing.setBudget': ({ amountUsd, hardCap }) => {
      const cents = amountUsd === null ? null : Math.round(Number(amountUsd) * 100);
      summary = {
        ...summary,
        usage: {
          ...summary.usage,
          budget:
            cents === null
              ? null
              : {
                  amountMicros: cents * 10_000,
                  amountUsd: `$${(cents / 100).toFixed(2)}`,
                  hardCap: hardCap ?? false,
                  calls: Math.floor((cents * 10_000) / 150),
                  usedPercent: Math.floor((summary.usage.costMicros * 100) / (cents * 10_000)),
                  reached: [],
                },
        },
      };
      return summary;
    },
  };
  return handlers;
}

async function openBilling(api: Handlers) {
  const view = renderApp('/settings?tab=billing', { signedInAs: testUser, api });
  await screen.findByRole('heading', { name: 'Spend and budget' });
  return view;
}

const figure = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('billing tab: spend and budget', () => {
  it("shows the month's cost and its projection to the month's end", async () => {
    await openBilling(budgetApi());
    expect(figure('Cost this month')).toBe('$3.00');
    expect(figure('Projected by November 30')).toBe('$9.00');
    expect(screen.getByText(/60,000 calls by the month’s end \(UTC\), linear on the time elapsed/)).toBeTruthy();
  });

  it('refuses an amount with more than cents before sending it, then saves a budget with a hard cap', async () => {
    const { api } = await openBilling(budgetApi());
    const amount = screen.getByLabelText('Monthly budget (USD)');
    fireEvent.change(amount, { target: { value: '12.345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save budget' }));
    expect(await screen.findByText(BUDGET_MESSAGES.format)).toBeTruthy();
    expect(api.callsTo('billing.setBudget')).toEqual([]);

    fireEvent.change(amount, { target: { value: '50' } });
    expect(screen.getByText(/Pays for 333,333 calls a month/)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /Hard cap: refuse calls past the budget \(HTTP 402\)/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save budget' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Budget saved: $50.00 a month (333,333 calls). Calls past it will be refused.',
    );
    expect(api.callsTo('billing.setBudget').map((c) => c.input)).toEqual([{ amountUsd: '50', hardCap: true }]);
    expect(figure('Budget used')).toBe('6% of $50.00');

    fireEvent.click(screen.getByRole('button', { name: 'Remove budget' }));
    expect((await screen.findByRole('status')).textContent).toBe('Budget removed.');
    expect(api.callsTo('billing.setBudget').at(-1)?.input).toEqual({ amountUsd: null, hardCap: true });
  });

  it("shows the server's refusal", async () => {
    await openBilling({ ...budgetApi(), 'billing.setBudget': () => Promise.reject(new StubError(403, BUDGET_MESSAGES.proOnly)) });
    fireEvent.change(screen.getByLabelText('Monthly budget (USD)'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save budget' }));
    expect((await screen.findByRole('alert')).textContent).toBe(BUDGET_MESSAGES.proOnly);
  });

  it('on Free, says a budget is for Pro and offers no form', async () => {
    await openBilling(budgetApi({ ...proMonth, usage: { ...proMonth.usage, plan: 'free', quota: 1000, remaining: 0 } }));
    expect(screen.getByText('A monthly budget is for Pro accounts: calls on the Free plan are never billed.')).toBeTruthy();
    expect(screen.queryByLabelText('Monthly budget (USD)')).toBeNull();
  });
});
