import type { ApiKey, BillingSummary, MarketOverview, Task } from '@coinsight/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alertOf, marketOverview, notificationOf } from '../../test/alertFixtures';
import { renderApp } from '../../test/renderApp';
import { testUser, type Handlers } from '../../test/trpcStub';

const key = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: 1,
  name: 'Laptop',
  prefix: 'cs_live_AbCd',
  mode: 'live',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: null,
  callsThisMonth: 0,
  ...overrides,
});

function billingOf(calls: number): BillingSummary {
  return {
    usage: {
      plan: 'free',
      periodStart: '2026-11-01T00:00:00.000Z',
      periodEnd: '2026-12-01T00:00:00.000Z',
      calls,
      quota: 1000,
      remaining: 1000 - calls,
      billedCalls: 0,
      costMicros: 0,
      costUsd: '$0.00',
      projectedCalls: calls,
      projectedCostMicros: 0,
      projectedCostUsd: '$0.00',
      budget: null,
      asOf: '2026-11-23T08:00:00.000Z',
    },
    daily: [],
    keys: [],
    planChanges: [],
  };
}

function dashboardApi(keys: ApiKey[], extra: Handlers = {}): Handlers {
  const calls = keys.reduce((sum, key) => sum + key.callsThisMonth, 0);
  return {
    'apiKeys.list': () => keys,
    'billing.summary': () => billingOf(calls),
    'alerts.list': () => [
      alertOf({ id: 1 }),
      alertOf({ id: 2, symbol: 'ETH', condition: 'below', threshold: 2_500, active: false }),
      alertOf({ id: 3, firedAt: '2026-11-23T07:05:00.000Z', firedValue: 70_100 }),
      // Repeating: still watching after it fired.
      alertOf({
        id: 4,
        kind: 'spike',
        symbol: 'SOL',
        threshold: 3,
        repeat: { cooldownMinutes: 60 },
        firedAt: '2026-11-23T06:00:00.000Z',
        firedValue: 40,
      }),
    ],
    'alerts.notifications.list': () => ({
      notifications: [
        notificationOf({
          id: 10,
          kind: 'channel-failed',
          title: 'Slack delivery failed',
          alertId: 4,
          createdAt: '2026-11-23T07:06:00.000Z',
        }),
        notificationOf({ id: 9, title: 'BTC rose above $70,000.00', alertId: 3, createdAt: '2026-11-23T07:05:00.000Z' }),
      ],
      pagination: { total: 2, page: 1, limit: 5, pages: 1 },
    }),
    'market.overview': () => marketOverview,
    'tasks.list': () => [],
    'watchlist.get': () => ({ symbols: [] }),
    ...extra,
  };
}

const steps = () =>
  within(screen.getByRole('list', { name: 'Getting started steps' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

describe('/dashboard', () => {
  it('a new, unconfirmed account sees the three steps to do, and can ask for the mail again', async () => {
    const { api } = renderApp('/dashboard', {
      signedInAs: { ...testUser, emailVerified: false },
      api: dashboardApi([], {
        'auth.me': () => ({ ...testUser, emailVerified: false }),
        'user.resendVerification': () => ({ message: 'We sent a new confirmation link.' }),
      }),
    });
    await screen.findByRole('list', { name: 'Getting started steps' });
    expect(steps()).toEqual(['Confirm your email address (to do)', 'Create an API key (to do)', 'Make your first call (to do)']);
    fireEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('We sent a new confirmation link.')).toBeTruthy();
    expect(api.callsTo('user.resendVerification')).toHaveLength(1);
  });

  it('ticks each step from real data: confirmed, a key, then a key used', async () => {
    renderApp('/dashboard', { signedInAs: testUser, api: dashboardApi([key()]) });
    await screen.findByRole('list', { name: 'Getting started steps' });
    expect(steps()).toEqual(['Confirm your email address (done)', 'Create an API key (done)', 'Make your first call (to do)']);
    expect(screen.getByRole('link', { name: 'Sandbox' }).getAttribute('href')).toBe('/sandbox');
  });

  it('hides the checklist once all is done, and shows usage, keys, alerts, firings and prices', async () => {
    renderApp('/dashboard', {
      signedInAs: testUser,
      api: dashboardApi([
        key({ lastUsedAt: '2026-11-23T08:00:00.000Z', callsThisMonth: 7 }),
        key({ id: 2, name: 'CI', callsThisMonth: 5 }),
      ]),
    });
    const usage = await screen.findByRole('region', { name: 'Usage this month' });
    expect(await within(usage).findByText('12')).toBeTruthy();
    expect(usage.textContent).toContain('of 1,000 calls this month');
    expect(within(usage).getByRole('meter', { name: 'Share of the monthly quota used' }).getAttribute('value')).toBe('12');
    expect(usage.textContent).toContain('Free plan · 988 calls left · last call Nov 23, 2026, 8:00 AM UTC');
    expect(screen.queryByRole('list', { name: 'Getting started steps' })).toBeNull();

    const keys = screen.getByRole('region', { name: 'API keys' });
    expect(keys.textContent).toContain('2 keys');
    expect(within(keys).getByRole('link', { name: 'Manage API keys' }).getAttribute('href')).toBe('/settings?tab=api');

    const alerts = screen.getByRole('region', { name: 'Alerts' });
    expect(await within(alerts).findByText('BTC price above $70,000.00')).toBeTruthy();
    expect(alerts.textContent).toContain('2 active');
    expect(within(alerts).getByText('SOL mentions above 3× the usual hour')).toBeTruthy();
    expect(within(alerts).getByRole('list', { name: 'Recent firings' }).textContent).toContain('BTC rose above $70,000.00');
    expect(within(alerts).getByRole('list', { name: 'Recent firings' }).textContent).not.toContain('Slack delivery failed');

    const watchlist = screen.getByRole('region', { name: 'Watchlist' });
    expect(await within(watchlist).findByText('$64,000.00')).toBeTruthy();
    expect(within(watchlist).getAllByRole('row')).toHaveLength(3);
    // Nothing starred yet: the largest coins, and it says so.
    expect(watchlist.textContent).toContain('The top 5 by market cap, until you star coins of your own');
  });

  it("shows the account's own watchlist, in its order, once it has starred a coin", async () => {
    renderApp('/dashboard', { signedInAs: testUser, api: dashboardApi([key()], { 'watchlist.get': () => ({ symbols: ['ETH'] }) }) });
    const watchlist = await screen.findByRole('region', { name: 'Watchlist' });
    expect(await within(watchlist).findByRole('table', { name: 'Your watchlist' })).toBeTruthy();
    expect(within(watchlist).getAllByRole('row')).toHaveLength(2);
    expect(within(watchlist).getByText('ETH')).toBeTruthy();
    expect(within(watchlist).queryByText('BTC')).toBeNull();
    expect(watchlist.textContent).not.toContain('The top 5');
    expect(within(watchlist).getByRole('link', { name: 'Your watchlist on the market page' }).getAttribute('href')).toBe(
      '/market?watchlist',
    );
  });

  it('a call counted this month ticks the first call even when the key that made it is gone', async () => {
    renderApp('/dashboard', { signedInAs: testUser, api: { ...dashboardApi([key()]), 'billing.summary': () => billingOf(3) } });
    const usage = await screen.findByRole('region', { name: 'Usage this month' });
    await within(usage).findByText('3');
    expect(screen.queryByRole('list', { name: 'Getting started steps' })).toBeNull();
  });

  it('the watchlist follows market.live', async () => {
    const { api } = renderApp('/dashboard', { signedInAs: testUser, api: dashboardApi([key()]) });
    const watchlist = await screen.findByRole('region', { name: 'Watchlist' });
    await within(watchlist).findByText('$64,000.00');
    await waitFor(() => expect(api.streams.of('market.live')).toHaveLength(1));
    const asOf = '2026-11-23T08:05:00.000Z';
    const ticked: MarketOverview = {
      ...marketOverview,
      asOf,
      assets: marketOverview.assets.map((a) => (a.symbol === 'BTC' ? { ...a, price: 65_500, asOf } : a)),
    };
    api.streams.send('market.live', ticked, asOf);
    expect(await within(watchlist).findByText('$65,500.00')).toBeTruthy();
  });
});

describe('/dashboard recent tasks', () => {
  const task = (id: string, title: string, status: Task['status'], progress = 0): Task => ({
    id,
    title,
    description: null,
    status,
    progress,
    createdAt: '2026-11-23T07:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    error: null,
    attempts: status === 'pending' ? 0 : 1,
    scheduleId: null,
    type: 'export',
    params: { query: {}, format: 'csv' },
    resultSummary: null,
    downloadUrl: null,
  });

  it('lists the latest tasks with their status, and progress while running', async () => {
    renderApp('/dashboard', {
      signedInAs: testUser,
      api: dashboardApi([key()], {
        'tasks.list': () => [task('t2', 'BTC export', 'running', 40), task('t1', 'Old export', 'completed', 100)],
      }),
    });
    const list = await screen.findByRole('list', { name: 'Your latest tasks' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['BTC export (export) running, 40% Nov 23, 2026, 7:00 AM UTC', 'Old export (export) completed Nov 23, 2026, 7:00 AM UTC']);
  });

  it('says when there are none', async () => {
    renderApp('/dashboard', { signedInAs: testUser, api: dashboardApi([key()]) });
    const card = await screen.findByRole('region', { name: 'Recent tasks' });
    expect(await within(card).findByText('No tasks yet.')).toBeTruthy();
  });
});
