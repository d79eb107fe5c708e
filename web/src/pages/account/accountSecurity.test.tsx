import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../app/session';
import { fieldError, fill } from '../../test/forms';
import { renderApp } from '../../test/renderApp';
import { StubError, testUser, type Handlers } from '../../test/trpcStub';

const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('two-factor sign-in on /login', () => {
  const challenge = { twoFactorRequired: true as const, challenge: 'challenge-token' };

  it('asks for a code after the password, shows a refused code, and signs in with the right one', async () => {
    const { api, router } = renderApp('/login', {
      api: {
        'auth.login': () => challenge,
        'auth.completeTwoFactor': ({ code }) =>
          code === '123456' ? { token: 'fresh-token', user: testUser } : Promise.reject(new StubError(401, 'Invalid two-factor code')),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    fill('Email', testUser.email);
    fill('Password', 'Tr1cky-Lynx-42');
    press('Sign In');

    expect(await screen.findByRole('heading', { level: 1, name: 'Two-Factor Sign-In' })).toBeTruthy();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    press('Verify');
    expect(fieldError('Authentication code')).toBe('Enter the code from your authenticator app, or a recovery code');
    fill('Authentication code', '000000');
    press('Verify');
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid two-factor code');
    fill('Authentication code', '123456');
    press('Verify');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(api.callsTo('auth.completeTwoFactor').map((call) => call.input)).toEqual([
      { challenge: 'challenge-token', code: '000000' },
      { challenge: 'challenge-token', code: '123456' },
    ]);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh-token');
  });

  it('goes back to the password form', async () => {
    renderApp('/login', { api: { 'auth.login': () => challenge } });
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    fill('Email', testUser.email);
    fill('Password', 'Tr1cky-Lynx-42');
    press('Sign In');
    await screen.findByLabelText('Authentication code');
    press('Back to sign in');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
  });
});

async function openSecurity(api: Handlers) {
  const view = renderApp('/settings?tab=security', { signedInAs: testUser, api });
  await screen.findByRole('heading', { name: 'Two-Factor Sign-In' });
  return view;
}

describe('Settings → Security: two-factor', () => {
  it('sets up with the password, shows the QR code and key, confirms with a code and shows the recovery codes once', async () => {
    const recoveryCodes = Array.from({ length: 10 }, (_, i) => `AAAA-BBBB-CCCC-000${i}`);
    const { api } = await openSecurity({
      'user.twoFactor': () => ({ enabled: false, recoveryCodesLeft: 0 }),
      'user.startTwoFactor': () => ({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qrCode: 'data:image/svg+xml;base64,PHN2Zy8+' }),
      'user.confirmTwoFactor': () => ({ recoveryCodes }),
    });
    const setup = await screen.findByRole('form', { name: 'Set up two-factor sign-in' });
    fill('Password', 'Wrong', setup);
    press('Set up two-factor sign-in');
    const panel = await screen.findByRole('region', { name: 'Authenticator setup' });
    expect(api.callsTo('user.startTwoFactor')[0]?.input).toEqual({ currentPassword: 'Wrong' });
    expect(within(panel).getByRole('img').getAttribute('src')).toBe('data:image/svg+xml;base64,PHN2Zy8+');
    expect(within(panel).getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    fill('Code from the app', '12345', panel);
    press('Turn on');
    expect(fieldError('Code from the app', panel)).toBe('Enter the 6-digit code from your authenticator app');
    fill('Code from the app', '123456', panel);
    press('Turn on');
    const codes = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    press('I have saved them');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Your recovery codes' })).toBeNull());
  });

  it('turning it off needs the password and a code; a wrong code is shown beside its field', async () => {
    const { api } = await openSecurity({
      'user.twoFactor': () => ({ enabled: true, recoveryCodesLeft: 7 }),
      'user.disableTwoFactor': () =>
        Promise.reject(new StubError(400, 'The code is not right. Check your authenticator app and try again.', 'code')),
    });
    expect((await screen.findByText(/7 of 10 recovery codes left/)).textContent).toContain('on');
    const form = screen.getByRole('form', { name: 'Turn off two-factor sign-in' });
    press('Turn off two-factor sign-in');
    expect(fieldError('Password', form)).toBe('Current password is required');
    fill('Password', 'Tr1cky-Lynx-42', form);
    fill('Code from the app, or a recovery code', '111111', form);
    press('Turn off two-factor sign-in');
    await waitFor(() =>
      expect(fieldError('Code from the app, or a recovery code', form)).toBe(
        'The code is not right. Check your authenticator app and try again.',
      ),
    );
    expect(api.callsTo('user.disableTwoFactor')[0]?.input).toEqual({ currentPassword: 'Tr1cky-Lynx-42', code: '111111' });
  });
});

describe('Settings → Security: sessions', () => {
  const sessions = [
    {
      id: 'ses_me',
      device: 'Chrome 131 on macOS',
      ip: '203.0.113.7',
      createdAt: '2026-11-01T10:00:00.000Z',
      lastSeenAt: '2026-11-29T10:00:00.000Z',
      current: true,
    },
    {
      id: 'ses_phone',
      device: 'Safari 18 on iOS (mobile)',
      ip: '198.51.100.2',
      createdAt: '2026-11-02T10:00:00.000Z',
      lastSeenAt: '2026-11-28T09:00:00.000Z',
      current: false,
    },
  ];

  it('lists each session with device, address, first and last seen, marks this one, and signs out another or all others', async () => {
    const { api } = await openSecurity({
      'user.sessions': () => ({ sessions }),
      'user.revokeSession': () => ({ ok: true }),
      'user.revokeOtherSessions': () => ({ revoked: 1 }),
    });
    const list = await screen.findByRole('list', { name: 'Signed-in sessions' });
    const [mine, phone] = within(list).getAllByRole('listitem');
    expect(within(mine!).getByText('This browser')).toBeTruthy();
    expect(within(mine!).getByText('203.0.113.7')).toBeTruthy();
    expect(within(mine!).queryByRole('button')).toBeNull();
    expect(within(phone!).getByRole('heading').textContent).toBe('Safari 18 on iOS (mobile) ');
    expect(within(phone!).getByText('198.51.100.2')).toBeTruthy();
    const times = within(phone!).getAllByText((_, element) => element?.tagName === 'TIME');
    expect(times.map((time) => time.getAttribute('datetime'))).toEqual([sessions[1]?.createdAt, sessions[1]?.lastSeenAt]);

    fireEvent.click(within(phone!).getByRole('button', { name: 'Sign out Safari 18 on iOS (mobile)' }));
    await waitFor(() => expect(api.callsTo('user.revokeSession')[0]?.input).toEqual({ id: 'ses_phone' }));
    press('Sign out all other sessions');
    expect((await screen.findByRole('status')).textContent).toBe('Signed out 1 other session.');
  });
});
