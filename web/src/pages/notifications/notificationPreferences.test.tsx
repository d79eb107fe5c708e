import { NOTIFICATION_PREFERENCES } from '@coinsight/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alertsServer } from '../../test/alertFixtures';
import { renderApp } from '../../test/renderApp';
import { deferred, StubError, testUser, type Handlers, type ProcedureOutput } from '../../test/trpcStub';

async function openTab(api: Handlers) {
  const view = renderApp('/settings?tab=notifications', { signedInAs: testUser, api });
  const panel = await screen.findByRole('tabpanel', { name: 'Notifications' });
  await within(panel).findByRole('switch', { name: 'Price Alerts' });
  return { ...view, panel };
}

const toggle = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;

describe('settings notifications tab', () => {
  it("lists docs/product.md §3's preferences with their descriptions and the user's choices", async () => {
    const server = alertsServer();
    server.state.prefs = server.state.prefs.map((pref) => (pref.id === 'social-mentions' ? { ...pref, enabled: false } : pref));
    const { panel } = await openTab(server.handlers);
    const switches = within(panel).getAllByRole('switch');
    expect(
      switches.map(
        (element) =>
          element.getAttribute('aria-describedby') && document.getElementById(element.getAttribute('aria-describedby')!)?.textContent,
      ),
    ).toEqual(NOTIFICATION_PREFERENCES.map((pref) => pref.description));
    expect(toggle('Price Alerts').checked).toBe(true);
    expect(toggle('Social Mentions').checked).toBe(false);
    expect(toggle('Market Analysis').checked).toBe(false);
  });

  it('shows a change at once and keeps it once saved', async () => {
    const server = alertsServer();
    const reply = deferred<ProcedureOutput<'alerts.preferences.update'>>();
    const { api } = await openTab({
      ...server.handlers,
      'alerts.preferences.update': async (input, call) => {
        const saved = server.handlers['alerts.preferences.update']!(input, call);
        return reply.promise.then(() => saved);
      },
    });
    fireEvent.click(toggle('Market Analysis'));
    // Before the server answers.
    await waitFor(() => expect(toggle('Market Analysis').checked).toBe(true));
    await waitFor(() => expect(api.callsTo('alerts.preferences.update')[0]?.input).toEqual({ id: 'market-analysis', enabled: true }));
    reply.resolve([]);
    await waitFor(() => expect(server.state.prefs.find((pref) => pref.id === 'market-analysis')?.enabled).toBe(true));
    expect(toggle('Market Analysis').checked).toBe(true);
  });

  it('takes the change back and says so when saving fails', async () => {
    const failure = deferred<never>();
    await openTab({ ...alertsServer().handlers, 'alerts.preferences.update': () => failure.promise });
    fireEvent.click(toggle('Price Alerts'));
    await waitFor(() => expect(toggle('Price Alerts').checked).toBe(false));
    failure.reject(new StubError(429, 'Too many requests, please try again later'));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Price Alerts could not be saved, so it is still on. Please try again.');
    expect(alert.textContent).toContain('Too many requests, please try again later');
    expect(toggle('Price Alerts').checked).toBe(true);
  });
});
