import type { PublicUser } from '@coinsight/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../app/session';
import { fieldError, fill, outcome } from '../../test/forms';
import { renderApp } from '../../test/renderApp';
import { StubError, TEST_TOKEN, testUser, type Handlers } from '../../test/trpcStub';

async function renderSignedIn(path: string, api: Handlers = {}) {
  const view = renderApp(path, { signedInAs: testUser, api });
  await screen.findByRole('heading', { level: 1 });
  return view;
}

const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe.each([
  ['/profile', 'Profile'],
  ['/settings', 'Settings'],
])('profile form on %s', (path) => {
  it('starts from the signed-in user', async () => {
    await renderSignedIn(path);
    expect(value('Username')).toBe('satoshi');
    expect(value('Email')).toBe('satoshi@example.com');
    expect(value('Twitter')).toBe('satoshi');
    expect(value('Facebook')).toBe('');
    expect(value('Instagram')).toBe('');
  });

  it('validates with the shared rules before saving', async () => {
    const { api } = await renderSignedIn(path);
    fill('Username', '');
    fill('Email', 'satoshi@');
    fill('Instagram', 'not a handle');
    press('Save Profile');
    expect(fieldError('Username')).toBe('Username is required');
    expect(fieldError('Email')).toBe('Email is invalid');
    expect(fieldError('Instagram')).toBe('Social handles may contain only letters, digits, dots, dashes and underscores (at most 64)');
    expect(api.callsTo('user.updateProfile')).toHaveLength(0);
  });

  it('saves, says so, and shows the saved user in the header', async () => {
    const saved: PublicUser = {
      ...testUser,
      username: 'nakamoto',
      socialAccounts: { twitter: 'satoshi', facebook: '', instagram: 'nakamoto' },
    };
    const { api } = await renderSignedIn(path, { 'user.updateProfile': () => saved });
    fill('Username', 'nakamoto');
    fill('Instagram', '@nakamoto');
    press('Save Profile');

    expect(await outcome('status')).toBe('Profile updated successfully!');
    expect(api.callsTo('user.updateProfile')[0]?.input).toEqual({
      username: 'nakamoto',
      email: 'satoshi@example.com',
      socialAccounts: { twitter: 'satoshi', facebook: '', instagram: '@nakamoto' },
    });
    expect(api.callsTo('user.updateProfile')[0]?.authorization).toBe(`Bearer ${TEST_TOKEN}`);
    expect(value('Instagram')).toBe('nakamoto');
    expect(screen.getByRole('button', { name: 'Account menu for nakamoto' })).toBeTruthy();
  });

  it.each([
    ['the server error', new StubError(409, 'This username is already taken'), 'This username is already taken'],
    ['the fallback', new TypeError('Failed to fetch'), 'Failed to update profile. Please try again.'],
  ])('shows %s when saving fails', async (_case, failure, message) => {
    await renderSignedIn(path, { 'user.updateProfile': () => Promise.reject(failure) });
    press('Save Profile');
    expect(await outcome('alert')).toBe(message);
  });
});

describe('/settings', () => {
  it('has the profile, notifications, security, billing, api and team tabs, moved through with the arrow keys', async () => {
    const { router } = await renderSignedIn('/settings');
    const tabs = within(screen.getByRole('tablist', { name: 'Settings' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Profile', 'Notifications', 'Security', 'Billing', 'API', 'Team']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    const notifications = screen.getByRole('tab', { name: 'Notifications' });
    expect(notifications.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(notifications);
    expect(router.state.location.search).toBe('?tab=notifications');
    expect(screen.getByRole('tabpanel').textContent).toContain('price alerts, social mentions and market analysis');

    fireEvent.keyDown(notifications, { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Team' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Team' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Profile' }).getAttribute('aria-selected')).toBe('true');
  });

  it('opens the tab named in the address', async () => {
    await renderSignedIn('/settings?tab=billing');
    expect(screen.getByRole('tab', { name: 'Billing' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Billing' }).textContent).toContain("this month's API calls and what they cost");
  });

  it('shows the account information', async () => {
    await renderSignedIn('/settings');
    const card = screen.getByRole('heading', { name: 'Account Information' }).closest('section');
    if (!card) throw new Error('no account information card');
    expect(within(card).getByText('satoshi')).toBeTruthy();
    expect(within(card).getByText('satoshi@example.com')).toBeTruthy();
    expect(within(card).getByText('March 5, 2024').getAttribute('datetime')).toBe(testUser.created_at);
  });

  describe('security tab', () => {
    // The tab's two-factor and sessions sections answered too, so their load never shows an alert of its own.
    const openSecurity = async (api: Handlers = {}) => {
      const view = await renderSignedIn('/settings?tab=security', {
        'user.twoFactor': () => ({ enabled: false, recoveryCodesLeft: 0 }),
        'user.sessions': () => ({ sessions: [] }),
        ...api,
      });
      expect(screen.getByRole('heading', { name: 'Change Password' })).toBeTruthy();
      return view;
    };
    const fillAll = (confirm = 'N3w-Otter-Path') => {
      fill('Current Password', 'Tr1cky-Lynx-42');
      fill('New Password', 'N3w-Otter-Path');
      fill('Confirm New Password', confirm);
    };

    it('checks the fields and that the new passwords match', async () => {
      const { api } = await openSecurity();
      press('Change Password');
      expect(fieldError('Current Password')).toBe('Current password is required');
      expect(fieldError('New Password')).toBe('Password is required');
      fillAll('N3w-Otter-Pat');
      expect(fieldError('Confirm New Password')).toBe('New passwords do not match');
      press('Change Password');
      expect(api.callsTo('user.changePassword')).toHaveLength(0);
    });

    it('changes the password and keeps the new token the server returns for later requests', async () => {
      const { api } = await openSecurity({
        'user.changePassword': () => ({ message: 'Password changed successfully.', token: 'after-change-token' }),
        'user.updateProfile': () => testUser,
      });
      fillAll();
      press('Change Password');

      expect(await outcome('status')).toBe('Password changed successfully!');
      expect(api.callsTo('user.changePassword')[0]?.input).toEqual({ currentPassword: 'Tr1cky-Lynx-42', newPassword: 'N3w-Otter-Path' });
      expect(api.callsTo('user.changePassword')[0]?.authorization).toBe(`Bearer ${TEST_TOKEN}`);
      expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('after-change-token');
      expect(value('Current Password')).toBe('');

      fireEvent.click(screen.getByRole('tab', { name: 'Profile' }));
      press('Save Profile');
      await waitFor(() => expect(api.callsTo('user.updateProfile')).toHaveLength(1));
      expect(api.callsTo('user.updateProfile')[0]?.authorization).toBe('Bearer after-change-token');
    });

    it.each([
      ['the server error', new StubError(400, 'Current password is incorrect'), 'Current password is incorrect'],
      ['the fallback', new TypeError('Failed to fetch'), 'Failed to change password. Please try again.'],
    ])('shows %s when the change fails', async (_case, failure, message) => {
      await openSecurity({ 'user.changePassword': () => Promise.reject(failure) });
      fillAll();
      press('Change Password');
      expect(await outcome('alert')).toBe(message);
      expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(TEST_TOKEN);
    });

    it('shows the password rules and marks a new password refused as too common on its field', async () => {
      await openSecurity({ 'user.changePassword': () => Promise.reject(new StubError(400, 'Password is too common', 'newPassword')) });
      expect(screen.getByText('Common passwords, such as Password1, are refused.')).toBeTruthy();
      fill('Current Password', 'Tr1cky-Lynx-42');
      fill('New Password', 'Abc12345');
      fill('Confirm New Password', 'Abc12345');
      press('Change Password');

      expect(await outcome('alert')).toBe('Password is too common');
      expect(fieldError('New Password')).toBe('Password is too common');
    });
  });
});
