import {
  formatUsd,
  FREE_CALLS_PER_MONTH,
  MAX_BUDGET_CENTS,
  MICROS_PER_CENT,
  MIN_BUDGET_CENTS,
  PLANS,
  PRICE_MICROS_PER_1000_CALLS,
  type BillingSummary,
} from '@coinsight/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Faq } from '../../components/Faq';
import { renderApp } from '../../test/renderApp';
import { testUser } from '../../test/trpcStub';
import { faq } from '../landing/content';

// The pricing page, the FAQ, docs/api-limits.md and the billing tab state the
// same numbers. The numbers are read from one source, the plans the API enforces (contracts
// PLANS); docs/api-limits.md is checked against it by api/src/docs/api-limits.test.ts.

vi.mock('../../components/charts/UPlotChart', () => ({
  default: ({ description }: { description: string }) => <div role="img" aria-label={description} />,
}));

const count = new Intl.NumberFormat('en-US');
const figures = {
  freeRate: count.format(PLANS.free.requestsPerMinute),
  proRate: count.format(PLANS.pro.requestsPerMinute),
  quota: count.format(FREE_CALLS_PER_MONTH),
  price: formatUsd(PRICE_MICROS_PER_1000_CALLS),
  minBudget: formatUsd(MIN_BUDGET_CENTS * MICROS_PER_CENT),
  maxBudget: formatUsd(MAX_BUDGET_CENTS * MICROS_PER_CENT),
};

const normalized = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ');

describe('the same numbers on every surface', () => {
  it('the figures are the ones the product is sold with', () => {
    expect(figures).toEqual({
      freeRate: '100',
      proRate: '1,000',
      quota: '1,000',
      price: '$0.15',
      minBudget: '$0.01',
      maxBudget: '$100,000.00',
    });
  });

  it('the pricing page', async () => {
    renderApp('/pricing');
    await screen.findByRole('heading', { level: 1, name: 'Pricing' });
    const text = normalized(document.body.textContent);
    expect(text).toContain(`${figures.freeRate} requests per minute`);
    expect(text).toContain(`${figures.quota} API calls per month`);
    expect(text).toContain(`${figures.proRate} requests per minute`);
    expect(text).toContain(`${figures.price} per 1,000 calls`);
    expect(text).toContain(`every call costs ${figures.price} per 1,000`);
    expect(text).toContain('email you when the month’s cost reaches 80% and 100% of it');
    expect(text).toContain('HTTP 402');
  });

  it('the FAQ', () => {
    render(
      <MemoryRouter>
        <Faq items={faq} />
      </MemoryRouter>,
    );
    const answers = normalized(
      screen
        .getAllByRole('region', { hidden: true })
        .map((region) => region.textContent)
        .join(' '),
    );
    expect(answers).toContain(`The Free plan gives ${figures.quota} API calls a month at no charge`);
    expect(answers).toContain(`On Pro every call is billed at ${figures.price} per 1,000`);
    expect(answers).toContain(`Up to ${figures.freeRate} requests a minute on the free tier and ${figures.proRate} on Pro`);
    expect(answers).toContain(`a monthly budget from ${figures.minBudget} to ${figures.maxBudget}`);
    expect(answers).toContain('we email you at 80% and at 100% of it');
    // docs/product.md §2 (landing): a five-item FAQ; budgets are part of the cost answer, not a sixth item.
    expect(faq).toHaveLength(5);
  });

  it('the billing tab', async () => {
    const summary: BillingSummary = {
      usage: {
        plan: 'pro',
        periodStart: '2026-11-01T00:00:00.000Z',
        periodEnd: '2026-12-01T00:00:00.000Z',
        calls: 0,
        quota: null,
        remaining: null,
        billedCalls: 0,
        costMicros: 0,
        costUsd: '$0.00',
        projectedCalls: 0,
        projectedCostMicros: 0,
        projectedCostUsd: '$0.00',
        budget: null,
        asOf: '2026-11-11T00:00:00.000Z',
      },
      daily: [],
      keys: [],
      planChanges: [],
    };
    renderApp('/settings?tab=billing', { signedInAs: testUser, api: { 'billing.summary': () => summary } });
    await screen.findByRole('heading', { name: 'Spend and budget' });
    const text = normalized(document.body.textContent);
    expect(text).toContain(`Free: ${figures.freeRate} requests per minute, ${figures.quota} calls a month, never billed.`);
    expect(text).toContain(`Pro: ${figures.proRate} requests per minute, every call billed at ${figures.price} per 1,000.`);
    expect(text).toContain(`every call costs ${figures.price} per 1,000`);
    expect(text).toContain('We email you at 80% and at 100% of it, once each a month.');
  });
});
