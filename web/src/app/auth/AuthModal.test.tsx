import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldError, fill } from '../../test/forms';
import { renderApp, type RenderAppOptions } from '../../test/renderApp';
import { StubError, testUser, type Handlers } from '../../test/trpcStub';
import { TOKEN_STORAGE_KEY } from '../session';

async function renderHome(api: Handlers = {}, options: RenderAppOptions = {}) {
  const view = renderApp('/', { api, ...options });
  await screen.findByRole('heading', { level: 1 });
  return view;
}

/** The dialog's code loads on first use, so it appears a tick after the click. */
async function openFromHeader(name: 'Sign In' | 'Sign Up') {
  fireEvent.click(within(screen.getByRole('banner')).getByRole('button', { name }));
  return screen.findByRole('dialog');
}

/** Fills the sign-up form with a valid account and sends it. */
function signUpAsSatoshi(dialog: HTMLElement) {
  fill('Username', 'satoshi', dialog);
  fill('Email', 'satoshi@example.com', dialog);
  fill('Password', 'Tr1cky-Lynx-42', dialog);
  fill('Confirm Password', 'Tr1cky-Lynx-42', dialog);
  submit(dialog);
}

function submit(dialog: HTMLElement) {
  const button = within(dialog)
    .getAllByRole('button')
    .find((b) => b.getAttribute('type') === 'submit');
  if (!button) throw new Error('no submit button');
  fireEvent.click(button);
}

describe('auth modal', () => {
  it('opens from Sign In as a labelled modal dialog with focus in the email field', async () => {
    await renderHome();
    const dialog = await openFromHeader('Sign In');

    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBe(dialog);
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Email'));
    expect(within(dialog).queryByLabelText('Username')).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    await renderHome();
    // As a keyboard user would: focus the button, then press it.
    within(screen.getByRole('banner')).getByRole('button', { name: 'Sign In' }).focus();
    await openFromHeader('Sign In');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign In' }));
  });

  it('closes with its Close button', async () => {
    await renderHome();
    const dialog = await openFromHeader('Sign Up');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Tab inside the dialog and hides the page behind it', async () => {
    await renderHome();
    const dialog = await openFromHeader('Sign In');
    const controls = Array.from(dialog.querySelectorAll<HTMLElement>('a[href], button, input'));
    const first = controls[0];
    const last = controls.at(-1);
    if (!first || !last) throw new Error('the dialog has no controls');

    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);

    const page = screen.getByRole('banner', { hidden: true }).closest('body > *');
    expect(page?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('banner')).toBeNull();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(page?.getAttribute('aria-hidden')).toBeNull();
  });

  it('checks the sign-in fields in the spec order, showing the first problem of each field', async () => {
    const { api } = await renderHome();
    const dialog = await openFromHeader('Sign In');

    submit(dialog);
    expect(fieldError('Email', dialog)).toBe('Email is required');
    expect(fieldError('Password', dialog)).toBe('Password is required');

    fill('Email', 'satoshi@', dialog);
    fill('Password', 'abc', dialog);
    expect(fieldError('Email', dialog)).toBe('Email is invalid');
    expect(fieldError('Password', dialog)).toBe('Password must be at least 4 characters long');

    fill('Email', 'satoshi@example.com', dialog);
    fill('Password', 'abcd', dialog);
    expect(fieldError('Email', dialog)).toBeNull();
    expect(fieldError('Password', dialog)).toBe('Password must contain uppercase, lowercase and number');

    submit(dialog);
    expect(api.callsTo('auth.login')).toHaveLength(0);
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Password'));
  });

  it('checks the sign-up fields in the spec order, confirmation last', async () => {
    const { api } = await renderHome();
    const dialog = await openFromHeader('Sign Up');
    expect(screen.getByRole('dialog', { name: 'Sign Up' })).toBe(dialog);
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Username'));

    submit(dialog);
    expect(fieldError('Username', dialog)).toBe('Username is required');
    expect(fieldError('Email', dialog)).toBe('Email is required');
    expect(fieldError('Password', dialog)).toBe('Password is required');
    expect(fieldError('Confirm Password', dialog)).toBeNull();

    fill('Username', 'satoshi', dialog);
    fill('Email', 'satoshi@example.com', dialog);
    fill('Password', 'Tr1cky-Lynx-42', dialog);
    fill('Confirm Password', 'Tr1cky-Lynx-43', dialog);
    expect(fieldError('Username', dialog)).toBeNull();
    expect(fieldError('Password', dialog)).toBeNull();
    expect(fieldError('Confirm Password', dialog)).toBe('Passwords do not match');

    submit(dialog);
    expect(api.callsTo('auth.signup')).toHaveLength(0);
  });

  it('switches between sign-in and sign-up inside the dialog, keeping what was typed', async () => {
    await renderHome();
    let dialog = await openFromHeader('Sign In');
    fill('Email', 'satoshi@example.com', dialog);
    submit(dialog);
    expect(fieldError('Password', dialog)).toBe('Password is required');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    dialog = screen.getByRole('dialog', { name: 'Sign Up' });
    expect(within(dialog).getByLabelText('Username')).toBeTruthy();
    expect(within(dialog).getByLabelText('Confirm Password')).toBeTruthy();
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('satoshi@example.com');
    expect(fieldError('Password', dialog)).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    dialog = screen.getByRole('dialog', { name: 'Sign In' });
    expect(within(dialog).queryByLabelText('Username')).toBeNull();
  });

  it('shows the auth service message when sign-in fails and stays open', async () => {
    await renderHome({ 'auth.login': () => Promise.reject(new StubError(401, 'Invalid email or password')) });
    const dialog = await openFromHeader('Sign In');
    fill('Email', 'satoshi@example.com', dialog);
    fill('Password', 'Wr0ng-Password', dialog);
    submit(dialog);

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('shows the generic message when the server cannot be reached', async () => {
    await renderHome({ 'auth.signup': () => Promise.reject(new TypeError('Failed to fetch')) });
    const dialog = await openFromHeader('Sign Up');
    signUpAsSatoshi(dialog);

    expect((await within(dialog).findByRole('alert')).textContent).toBe('An error occurred during signup');
  });

  it('signs up, closes, and shows the user menu instead of the buttons', async () => {
    const { api } = await renderHome({ 'auth.signup': () => ({ token: 'new-token', user: testUser }) });
    const dialog = await openFromHeader('Sign Up');
    signUpAsSatoshi(dialog);

    expect(await screen.findByRole('button', { name: 'Account menu for satoshi' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('auth.signup')[0]?.input).toEqual({ username: 'satoshi', email: 'satoshi@example.com', password: 'Tr1cky-Lynx-42' });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new-token');
    const header = screen.getByRole('banner');
    expect(within(header).queryByRole('button', { name: 'Sign In' })).toBeNull();
    expect(within(header).queryByRole('button', { name: 'Sign Up' })).toBeNull();
  });

  it('opens from the mobile menu too, which closes behind it', async () => {
    await renderHome();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const panel = (await screen.findByRole('navigation', { name: 'Mobile' })).parentElement;
    if (!panel) throw new Error('no mobile panel');
    fireEvent.click(within(panel).getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('dialog', { name: 'Sign Up' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Mobile', hidden: true })).toBeNull());
  });
});

describe('user menu', () => {
  it('shows the signed-in user with their initials, Dashboard, Settings and Sign Out', async () => {
    await renderHome({ 'auth.logout': () => ({ ok: true }) }, { signedInAs: testUser });
    const header = screen.getByRole('banner');
    const trigger = within(header).getByRole('button', { name: 'Account menu for satoshi' });
    expect(trigger.textContent).toContain('SA');
    expect(trigger.textContent).toContain('satoshi');
    expect(within(header).queryByRole('button', { name: 'Sign In' })).toBeNull();

    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(within(header).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(within(header).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings');

    fireEvent.click(within(header).getByRole('button', { name: 'Sign Out' }));
    expect(await within(header).findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'Sign Up' })).toBeTruthy();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('is in the mobile menu as well', async () => {
    await renderHome({ 'auth.logout': () => ({ ok: true }) }, { signedInAs: testUser });
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const panel = (await screen.findByRole('navigation', { name: 'Mobile' })).parentElement;
    if (!panel) throw new Error('no mobile panel');

    expect(within(panel).getByText('satoshi')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(within(panel).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings');
    expect(within(panel).queryByRole('button', { name: 'Sign In' })).toBeNull();

    fireEvent.click(within(panel).getByRole('button', { name: 'Sign Out' }));
    expect(await within(panel).findByRole('button', { name: 'Sign In' })).toBeTruthy();
  });
});
