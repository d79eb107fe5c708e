import { SEND_EMAIL_MESSAGES as m } from '@coinsight/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { StubError, testUser } from '../../test/trpcStub';
import { firstInvalidField, validateEmail } from './validate';

describe('validateEmail', () => {
  it('checks recipient, subject and message in the order of docs/product.md §5', () => {
    const errors = validateEmail({ recipient: '', subject: '', message: '' });
    expect(Object.entries(errors)).toEqual([
      ['recipient', m.recipientRequired],
      ['subject', m.subjectRequired],
      ['message', m.messageRequired],
    ]);
    expect(firstInvalidField(errors)).toBe('recipient');
  });

  it('calls a malformed or multiple recipient invalid, and stops there', () => {
    for (const recipient of ['nobody', 'a@example.com, b@example.com']) {
      const errors = validateEmail({ recipient, subject: 'Hi', message: 'Text' });
      expect(errors).toEqual({ recipient: m.recipientInvalid });
    }
    expect(firstInvalidField(validateEmail({ recipient: 'a@example.com', subject: '', message: '' }))).toBe('subject');
    expect(validateEmail({ recipient: 'a@example.com', subject: 'Hi', message: 'Text' })).toEqual({});
  });
});

async function openPanel() {
  fireEvent.click(await screen.findByRole('button', { name: 'Send Email' }));
  return screen.findByRole('dialog', { name: 'Send Email' });
}

describe('Send Email panel', () => {
  it('asks an anonymous visitor to sign in instead of showing the form', async () => {
    renderApp('/about');
    const dialog = await openPanel();
    expect(within(dialog).getByText(m.signInRequired)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
  });

  it('docs/security.md §25: tells a user whose address is unconfirmed why there is no form', async () => {
    renderApp('/about', { signedInAs: { ...testUser, emailVerified: false } });
    const dialog = await openPanel();
    expect(within(dialog).getByText(m.verifyFirst, { exact: false })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Resend the link' }).getAttribute('href')).toBe('/settings?tab=api');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
  });

  it('shows the spec messages inline in order and sends nothing until they are fixed', async () => {
    const { api } = renderApp('/about', { signedInAs: testUser, api: { 'email.send': () => ({ ok: true }) } });
    const dialog = await openPanel();
    const recipient = await within(dialog).findByRole('textbox', { name: 'Recipient' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Email' }));
    const shown = within(dialog)
      .getAllByText(/required|invalid/i)
      .map((node) => node.textContent);
    expect(shown).toEqual([m.recipientRequired, m.subjectRequired, m.messageRequired]);
    expect(document.activeElement).toBe(recipient);

    fireEvent.change(recipient, { target: { value: 'not-an-address' } });
    expect(within(dialog).getByText(m.recipientInvalid)).toBeTruthy();
    expect(api.callsTo('email.send')).toEqual([]);
  });

  it('sends the message and says so, then empties the form', async () => {
    const { api } = renderApp('/about', { signedInAs: testUser, api: { 'email.send': () => ({ ok: true }) } });
    const dialog = await openPanel();
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Recipient' }), { target: { value: 'friend@example.com' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Subject' }), { target: { value: 'Chart' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message' }), { target: { value: 'Look at this.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Email' }));

    expect((await within(dialog).findByRole('status')).textContent).toBe(m.sent);
    expect(api.callsTo('email.send')).toMatchObject([
      {
        input: { recipient: 'friend@example.com', subject: 'Chart', message: 'Look at this.' },
        authorization: 'Bearer test-session-token',
      },
    ]);
    expect((within(dialog).getByRole('textbox', { name: 'Recipient' }) as HTMLInputElement).value).toBe('');
  });

  it('shows the spec failure text, with the server reason when there is one', async () => {
    renderApp('/about', {
      signedInAs: testUser,
      api: {
        'email.send': () => {
          throw new StubError(429, m.tooMany);
        },
      },
    });
    const dialog = await openPanel();
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Recipient' }), { target: { value: 'friend@example.com' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Subject' }), { target: { value: 'Chart' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message' }), { target: { value: 'Look.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Email' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(`${m.failed}${m.tooMany}`);
    await waitFor(() => expect((within(dialog).getByRole('textbox', { name: 'Subject' }) as HTMLInputElement).value).toBe('Chart'));
  });
});
