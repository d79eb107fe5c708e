import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldError, fill, outcome } from '../../test/forms';
import { renderApp } from '../../test/renderApp';
import { StubError, testUser } from '../../test/trpcStub';

const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

// In the browser (docs/accounts.md): a new email needs the current password and a confirmed inbox.
describe('changing the email on /settings', () => {
  it('asks for the current password only when the email changes', async () => {
    const { api } = renderApp('/settings', { signedInAs: testUser, api: { 'user.emailChange': () => ({ pendingEmail: null }) } });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByLabelText('Current Password')).toBeNull();
    fill('Email', 'satoshi@new.example.com');
    press('Save Profile');
    expect(fieldError('Current Password')).toBe('Enter your current password to change your email');
    expect(api.callsTo('user.updateProfile')).toHaveLength(0);
  });

  it('sends the password with the new email, and says to check the new inbox while the old address stays', async () => {
    let pendingEmail: string | null = null;
    const { api } = renderApp('/settings', {
      signedInAs: testUser,
      api: {
        'user.emailChange': () => ({ pendingEmail }),
        'user.updateProfile': () => {
          pendingEmail = 'satoshi@new.example.com';
          return testUser;
        },
      },
    });
    await screen.findByRole('heading', { level: 1 });
    fill('Email', 'satoshi@new.example.com');
    fill('Current Password', 'Tr1cky-Lynx-42');
    press('Save Profile');
    expect(await outcome('status')).toBe(
      'Check your new inbox: we sent a confirmation link to satoshi@new.example.com. Your email stays satoshi@example.com until you open it.',
    );
    expect(api.callsTo('user.updateProfile')[0]?.input).toMatchObject({
      email: 'satoshi@new.example.com',
      currentPassword: 'Tr1cky-Lynx-42',
    });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('satoshi@example.com');
  });

  it('shows a wrong password from the server', async () => {
    renderApp('/settings', {
      signedInAs: testUser,
      api: {
        'user.emailChange': () => ({ pendingEmail: null }),
        'user.updateProfile': () => Promise.reject(new StubError(400, 'Current password is incorrect')),
      },
    });
    await screen.findByRole('heading', { level: 1 });
    fill('Email', 'satoshi@new.example.com');
    fill('Current Password', 'Wrong-Guess-1');
    press('Save Profile');
    expect(await outcome('alert')).toBe('Current password is incorrect');
  });
});

describe('the email-change links', () => {
  it('/verify-email confirms only on a click, with the token from the link', async () => {
    const { api } = renderApp('/verify-email?token=abc123', {
      api: { 'user.verifyEmail': () => ({ message: 'Your email address has been changed.', email: 'satoshi@new.example.com' }) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Confirm Email' });
    expect(api.callsTo('user.verifyEmail')).toHaveLength(0);
    press('Confirm Email');
    expect(await outcome('status')).toBe('Your email address has been changed.');
    expect(api.callsTo('user.verifyEmail')[0]?.input).toEqual({ token: 'abc123' });
  });

  it('/revert-email shows the server’s refusal of a used link', async () => {
    renderApp('/revert-email?token=used', {
      api: { 'user.revertEmailChange': () => Promise.reject(new StubError(400, 'This link is invalid or has expired.')) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Undo Email Change' });
    press('Undo the Change and Sign Out Everywhere');
    expect(await outcome('alert')).toBe('This link is invalid or has expired.');
  });
});
