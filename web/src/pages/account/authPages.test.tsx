import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../app/session';
import { fieldError, fill, outcome } from '../../test/forms';
import { renderApp } from '../../test/renderApp';
import { deferred, StubError, testUser, type Handlers, type ProcedureOutput } from '../../test/trpcStub';

const PASSWORD = 'Tr1cky-Lynx-42';

async function renderPage(path: string, api: Handlers = {}) {
  const view = renderApp(path, { api });
  await screen.findByRole('heading', { level: 1 });
  return view;
}

const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('/login', () => {
  it('links to /register and /forgot-password', async () => {
    await renderPage('/login');
    expect(screen.getByRole('link', { name: /Create one/ }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('asks for both fields before calling the server', async () => {
    const { api } = await renderPage('/login');
    press('Sign In');
    expect(fieldError('Email')).toBe('Email is required');
    expect(fieldError('Password')).toBe('Password is required');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    fill('Email', 'not-an-email');
    expect(fieldError('Email')).toBe('Email is invalid');
    expect(api.callsTo('auth.login')).toHaveLength(0);
  });

  it('says the sign-in failed, without echoing the server, for wrong credentials', async () => {
    await renderPage('/login', { 'auth.login': () => Promise.reject(new StubError(401, 'Invalid email or password')) });
    fill('Email', testUser.email);
    fill('Password', 'Wr0ng-Password');
    press('Sign In');

    expect(await outcome('alert')).toBe('Failed to sign in. Please check your credentials.');
  });

  it('adds the server reason when sign-in is throttled', async () => {
    await renderPage('/login', {
      'auth.login': () => Promise.reject(new StubError(429, 'Too many failed sign-in attempts. Please wait and try again.')),
    });
    fill('Email', testUser.email);
    fill('Password', 'Wr0ng-Password');
    press('Sign In');

    expect(await outcome('alert')).toBe(
      'Failed to sign in. Please check your credentials.Too many failed sign-in attempts. Please wait and try again.',
    );
  });

  it('docs/security.md §27: offers a one-click sign-in link by email when sign-in is throttled, and sends it for the address typed', async () => {
    const sent = 'If an account exists for that email, a sign-in link has been sent. It works once, within 15 minutes.';
    const { api } = await renderPage('/login', {
      'auth.login': () => Promise.reject(new StubError(429, 'Too many failed sign-in attempts. Please wait and try again.')),
      'auth.requestLoginLink': () => ({ message: sent }),
    });
    fill('Email', testUser.email);
    fill('Password', PASSWORD);
    press('Sign In');
    await outcome('alert');
    press('Email me a sign-in link');

    expect(await outcome('status')).toBe(sent);
    expect(api.callsTo('auth.requestLoginLink')[0]?.input).toEqual({ email: testUser.email });
    expect(screen.queryByRole('button', { name: 'Email me a sign-in link' })).toBeNull();
  });

  it('offers no sign-in link for wrong credentials', async () => {
    await renderPage('/login', { 'auth.login': () => Promise.reject(new StubError(401, 'Invalid email or password')) });
    fill('Email', testUser.email);
    fill('Password', 'Wr0ng-Password');
    press('Sign In');
    await outcome('alert');
    expect(screen.queryByRole('button', { name: 'Email me a sign-in link' })).toBeNull();
  });

  it('signs in and goes to the dashboard when nothing sent the visitor here', async () => {
    const { router, api } = await renderPage('/login', { 'auth.login': () => ({ token: 'fresh-token', user: testUser }) });
    fill('Email', testUser.email);
    fill('Password', PASSWORD);
    press('Sign In');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(api.callsTo('auth.login')[0]?.input).toEqual({ email: testUser.email, password: PASSWORD });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh-token');
  });

  it('disables its button while signing in', async () => {
    const answer = deferred<ProcedureOutput<'auth.login'>>();
    await renderPage('/login', { 'auth.login': () => answer.promise });
    fill('Email', testUser.email);
    fill('Password', PASSWORD);
    press('Sign In');

    const button = await screen.findByRole('button', { name: 'Signing in…' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await act(async () => answer.reject(new StubError(401, 'Invalid email or password')));
  });
});

describe.each(['/register', '/signup'])('%s', (path) => {
  const fillAll = (confirm = PASSWORD) => {
    fill('Username', 'satoshi');
    fill('Email', testUser.email);
    fill('Password', PASSWORD);
    fill('Confirm Password', confirm);
  };

  it('requires every field and matching passwords', async () => {
    const { api } = await renderPage(path);
    press('Create Account');
    expect(fieldError('Username')).toBe('Username is required');
    expect(fieldError('Email')).toBe('Email is required');
    expect(fieldError('Password')).toBe('Password is required');

    fillAll('Tr1cky-Lynx-43');
    expect(fieldError('Confirm Password')).toBe('Passwords do not match');
    press('Create Account');
    expect(api.callsTo('auth.signup')).toHaveLength(0);
  });

  it.each([
    [409, 'An account with this email already exists'],
    [400, 'Password is too common'],
  ])('shows the server reason for a %i instead of the general failure', async (status, reason) => {
    await renderPage(path, { 'auth.signup': () => Promise.reject(new StubError(status, reason)) });
    fillAll();
    press('Create Account');

    expect(await outcome('alert')).toBe(reason);
  });

  it('says the password rules before anything is sent, ticks them while typing and guides on strength', async () => {
    await renderPage(path);
    const rules = () =>
      within(screen.getByRole('list', { name: 'Password rules' }))
        .getAllByRole('listitem')
        .map((item) => `${item.textContent} ${item.getAttribute('data-met')}`);
    expect(rules()).toEqual(['At least 4 characters false', 'An uppercase letter false', 'A lowercase letter false', 'A number false']);
    expect(screen.getByText('Common passwords, such as Password1, are refused.')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-describedby')).toMatch(/-hint$/);

    fill('Password', 'abc1');
    expect(rules()).toEqual([
      'At least 4 characters (done) true',
      'An uppercase letter false',
      'A lowercase letter (done) true',
      'A number (done) true',
    ]);
    expect(screen.getByText(/^Strength:/).textContent).toBe('Strength: Too weak');
    fill('Password', 'Abc12345');
    expect(screen.getByText(/^Strength:/).textContent).toBe('Strength: Fair');
    fill('Password', PASSWORD);
    expect(screen.getByText(/^Strength:/).textContent).toBe('Strength: Strong');
  });

  it('marks a password the server refused as too common on its field until it is changed', async () => {
    const { api } = await renderPage(path, { 'auth.signup': () => Promise.reject(new StubError(400, 'Password is too common')) });
    fill('Username', 'satoshi');
    fill('Email', testUser.email);
    fill('Password', 'Abc12345');
    fill('Confirm Password', 'Abc12345');
    press('Create Account');

    expect(await outcome('alert')).toBe('Password is too common');
    expect(fieldError('Password')).toBe('Password is too common');
    expect(api.callsTo('auth.signup')[0]?.input).toMatchObject({ password: 'Abc12345' });
    fill('Password', 'Abc12345x');
    expect(fieldError('Password')).toBeNull();
  });

  it('shows only the failure when the server cannot be reached', async () => {
    await renderPage(path, { 'auth.signup': () => Promise.reject(new TypeError('Failed to fetch')) });
    fillAll();
    press('Create Account');

    expect(await outcome('alert')).toBe('Failed to create an account. Please try again.');
  });

  it('creates the account, signs in and goes to the dashboard', async () => {
    const { api, router } = await renderPage(path, { 'auth.signup': () => ({ token: 'new-token', user: testUser }) });
    fillAll();
    press('Create Account');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(api.callsTo('auth.signup')[0]?.input).toEqual({ username: 'satoshi', email: testUser.email, password: PASSWORD });
  });
});

describe('/forgot-password', () => {
  it('validates the email', async () => {
    const { api } = await renderPage('/forgot-password');
    press('Send Reset Link');
    expect(fieldError('Email')).toBe('Email is required');
    expect(api.callsTo('auth.forgotPassword')).toHaveLength(0);
  });

  it('confirms the request', async () => {
    const { api } = await renderPage('/forgot-password', {
      'auth.forgotPassword': () => ({ message: 'If an account exists for that email, a password reset link has been sent.' }),
    });
    fill('Email', testUser.email);
    press('Send Reset Link');

    expect(await outcome('status')).toBe('Password reset email sent! Please check your inbox.');
    expect(api.callsTo('auth.forgotPassword')[0]?.input).toEqual({ email: testUser.email });
  });

  it.each([
    [
      'the server error',
      new StubError(429, 'Too many requests. Please wait and try again.'),
      'Too many requests. Please wait and try again.',
    ],
    ['the fallback', new TypeError('Failed to fetch'), 'Failed to send reset password email. Please try again.'],
  ])('shows %s on failure', async (_case, failure, message) => {
    await renderPage('/forgot-password', { 'auth.forgotPassword': () => Promise.reject(failure) });
    fill('Email', testUser.email);
    press('Send Reset Link');
    expect(await outcome('alert')).toBe(message);
  });
});

describe('/reset-password', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says the token is missing and offers a new link when there is none', async () => {
    await renderPage('/reset-password');
    expect(screen.getByRole('alert').textContent).toBe('Invalid or missing reset token');
    expect(screen.queryByLabelText('New Password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('checks the new password and that both entries match', async () => {
    const { api } = await renderPage('/reset-password?token=abc');
    press('Reset Password');
    expect(fieldError('New Password')).toBe('Password is required');
    fill('New Password', 'abcd');
    expect(fieldError('New Password')).toBe('Password must contain uppercase, lowercase and number');
    fill('New Password', PASSWORD);
    fill('Confirm New Password', 'N3w-Otter-Path');
    expect(fieldError('Confirm New Password')).toBe('Passwords do not match');
    press('Reset Password');
    expect(api.callsTo('auth.resetPassword')).toHaveLength(0);
  });

  it('resets the password, says so, and goes to sign-in after 3 seconds', async () => {
    const { api, router } = await renderPage('/reset-password?token=abc123', {
      'auth.resetPassword': () => ({ message: 'Your password has been reset.' }),
    });
    // Fake clocks that still follow real time, so the page's requests and waits work as usual.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fill('New Password', PASSWORD);
    fill('Confirm New Password', PASSWORD);
    press('Reset Password');

    expect(await outcome('status')).toBe('Password reset successful! Redirecting to login...');
    expect(api.callsTo('auth.resetPassword')[0]?.input).toEqual({ token: 'abc123', password: PASSWORD });

    await act(async () => vi.advanceTimersByTime(2_800));
    expect(router.state.location.pathname).toBe('/reset-password');
    await act(async () => vi.advanceTimersByTime(300));
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
  });

  it.each([
    [
      'the server error',
      new StubError(400, 'This reset link is invalid or has expired. Please request a new one.'),
      'This reset link is invalid or has expired. Please request a new one.',
    ],
    ['the fallback', new TypeError('Failed to fetch'), 'Failed to reset password. Please try again.'],
  ])('shows %s on failure and stays', async (_case, failure, message) => {
    const { router } = await renderPage('/reset-password?token=used', { 'auth.resetPassword': () => Promise.reject(failure) });
    fill('New Password', PASSWORD);
    fill('Confirm New Password', PASSWORD);
    press('Reset Password');

    expect(await outcome('alert')).toBe(message);
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'));
  });
  it('shows the password rules and marks a password refused as too common on its field', async () => {
    await renderPage('/reset-password?token=abc', {
      'auth.resetPassword': () => Promise.reject(new StubError(400, 'Password is too common')),
    });
    expect(screen.getByText('Common passwords, such as Password1, are refused.')).toBeTruthy();
    fill('New Password', 'Abc12345');
    fill('Confirm New Password', 'Abc12345');
    press('Reset Password');

    expect(await outcome('alert')).toBe('Password is too common');
    expect(fieldError('New Password')).toBe('Password is too common');
  });
});

describe('/sign-in-link', () => {
  it('docs/security.md §27: signs in with the mailed link on a click, keeps the token and goes to the dashboard', async () => {
    const { router, api } = await renderPage('/sign-in-link?token=link-token-1', {
      'auth.signInWithLink': () => ({ token: 'link-session', user: testUser }),
    });
    // A visit alone does nothing: mail scanners open links.
    expect(api.callsTo('auth.signInWithLink')).toHaveLength(0);
    press('Sign In');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(api.callsTo('auth.signInWithLink')[0]?.input).toEqual({ token: 'link-token-1' });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('link-session');
  });

  it('shows the server refusing a used or expired link', async () => {
    const refused = 'This sign-in link is invalid, used or expired. Please request a new one from the sign-in page.';
    await renderPage('/sign-in-link?token=used', { 'auth.signInWithLink': () => Promise.reject(new StubError(400, refused)) });
    press('Sign In');
    expect(await outcome('alert')).toBe(refused);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
