import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alertsServer, notificationOf } from '../../test/alertFixtures';
import { renderApp } from '../../test/renderApp';
import { testUser } from '../../test/trpcStub';
import { UNREAD_POLL_MS } from './NotificationsMenu';

function serverWithThree() {
  return alertsServer({
    notifications: [
      notificationOf({ id: 3, title: 'ETH: 61 mentions in the last hour', body: 'ETH was mentioned in 61 posts in the last hour.' }),
      notificationOf({ id: 2 }),
      notificationOf({ id: 1, title: 'BTC is above $60,000.00' }),
      notificationOf({ id: 0, title: 'SOL is above $150.00', read: true }),
    ],
  });
}

describe('header notifications', () => {
  it('are not there for a signed-out visitor', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
  });

  it('show the unread count, list the recent ones, and mark one read on click', async () => {
    const server = serverWithThree();
    const { api } = renderApp('/', { signedInAs: testUser, api: server.handlers });
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(bell);
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    const unread = await within(panel).findByRole('button', { name: /^Unread: BTC is below \$64,000\.00/ });
    expect(unread.textContent).toContain('Nov 23, 2026, 7:05 AM UTC');
    expect(within(panel).getAllByRole('button', { name: /^Unread:/ })).toHaveLength(3);
    // A read one is plain text.
    expect(within(panel).getByText('SOL is above $150.00').closest('button')).toBeNull();
    expect(api.callsTo('alerts.notifications.list')[0]?.input).toEqual({ limit: 10 });

    fireEvent.click(unread);
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(api.callsTo('alerts.notifications.markRead')[0]?.input).toEqual({ id: 2 });
    await waitFor(() => expect(within(panel).getAllByRole('button', { name: /^Unread:/ })).toHaveLength(2));
  });

  describe('while signed in', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('ask for the unread count again every 30 seconds', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const server = serverWithThree();
      renderApp('/', { signedInAs: testUser, api: server.handlers });
      await screen.findByRole('button', { name: 'Notifications, 3 unread' });
      server.state.notifications.unshift(notificationOf({ id: 4 }));
      await vi.advanceTimersByTimeAsync(UNREAD_POLL_MS);
      expect(await screen.findByRole('button', { name: 'Notifications, 4 unread' })).toBeTruthy();
    });
  });

  it('mark all as read', async () => {
    const { api } = renderApp('/', { signedInAs: testUser, api: serverWithThree().handlers });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    await within(panel).findAllByRole('button', { name: /^Unread:/ });

    fireEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(api.callsTo('alerts.notifications.markAllRead')).toHaveLength(1);
    await waitFor(() => expect(within(panel).queryAllByRole('button', { name: /^Unread:/ })).toHaveLength(0));
    expect((within(panel).getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('say when there are none yet, and close on Escape', async () => {
    renderApp('/', { signedInAs: testUser, api: alertsServer().handlers });
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    fireEvent.click(bell);
    expect(await screen.findByText('No notifications yet. When one of your alerts fires, it shows up here.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage alerts' }).getAttribute('href')).toBe('/alerts');

    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(document.activeElement).toBe(bell);
  });

  it('have Alerts in the account menu', async () => {
    renderApp('/', { signedInAs: testUser, api: alertsServer().handlers });
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu for satoshi' }));
    expect(screen.getByRole('link', { name: 'Alerts' }).getAttribute('href')).toBe('/alerts');
  });
});
