import { PAID_PLANS_UNAVAILABLE_MESSAGE, PLANS } from '@coinsight/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';

describe('/pricing', () => {
  it('docs/security.md §26: shows what each plan keeps, from the plans the API enforces', async () => {
    renderApp('/pricing');
    const table = await screen.findByRole('table', { name: 'What an account may keep at once, per plan' });
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name} `) });
    expect(
      within(row('Active alerts'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Active alerts', String(PLANS.free.limits.activeAlerts), String(PLANS.pro.limits.activeAlerts)]);
    for (const name of ['Alerts with a webhook', 'API keys', 'Tasks', 'Uploaded files kept at once']) expect(row(name)).toBeTruthy();
    expect(screen.getByText(/an account sends at most 20 emails an hour and 100 a day/)).toBeTruthy();
  });
});

describe('/pricing and payments', () => {
  it('without Stripe on the server, the Pro card says paid plans are not available instead of offering the upgrade', async () => {
    renderApp('/pricing', { api: { 'billing.availability': () => ({ paymentsAvailable: false }) } });
    expect(await screen.findByText(PAID_PLANS_UNAVAILABLE_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Upgrade in settings' })).toBeNull();
  });

  it('with Stripe, the Pro card leads to the billing tab', async () => {
    renderApp('/pricing', { api: { 'billing.availability': () => ({ paymentsAvailable: true }) } });
    expect((await screen.findByRole('link', { name: 'Upgrade in settings' })).getAttribute('href')).toBe('/settings?tab=billing');
    expect(screen.queryByText(PAID_PLANS_UNAVAILABLE_MESSAGE)).toBeNull();
  });
});
