import { CONTACT_MESSAGES } from '@coinsight/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { StubError, type Handlers } from '../../test/trpcStub';

const contact: Handlers = { 'site.contact': () => ({ email: 'team@coinsight.test' }) };

async function fillAndSend() {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: 'Ada' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByRole('combobox', { name: 'Subject' }), { target: { value: 'billing' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Invoice question' } });
  fireEvent.submit(screen.getByRole('form', { name: 'Contact form' }));
}

describe('contact page', () => {
  it('offers the four subjects of docs/product.md §3, all fields required, and the operator address', async () => {
    renderApp('/contact', { api: contact });
    const subject = await screen.findByRole('combobox', { name: 'Subject' });
    expect(Array.from((subject as HTMLSelectElement).options).map((o) => [o.value, o.text])).toEqual([
      ['', 'Choose a subject'],
      ['general', 'General Inquiry'],
      ['support', 'Technical Support'],
      ['billing', 'Billing Question'],
      ['partnership', 'Partnership Opportunity'],
    ]);
    for (const name of ['Name', 'Email', 'Message']) expect(screen.getByRole('textbox', { name }).hasAttribute('required')).toBe(true);
    expect(subject.hasAttribute('required')).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('type')).toBe('email');
    expect((await screen.findByRole('link', { name: 'team@coinsight.test' })).getAttribute('href')).toBe('mailto:team@coinsight.test');
  });

  it('shows no address when the operator configured none, and the form still sends', async () => {
    const { api } = renderApp('/contact', { api: { 'site.contact': () => ({ email: null }), 'contact.send': () => ({ id: 2 }) } });
    await fillAndSend();
    expect((await screen.findByRole('status')).textContent).toBe(CONTACT_MESSAGES.sent);
    expect(api.callsTo('site.contact')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Email' })).toBeNull();
    expect(screen.queryByRole('link', { name: /@/ })).toBeNull();
    expect(document.body.textContent).not.toContain('localhost');
  });

  it('sends the message, confirms it and clears the form', async () => {
    const { api } = renderApp('/contact', { api: { ...contact, 'contact.send': () => ({ id: 1 }) } });
    await fillAndSend();
    expect((await screen.findByRole('status')).textContent).toBe(CONTACT_MESSAGES.sent);
    expect(api.callsTo('contact.send')[0]?.input).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'billing',
      message: 'Invoice question',
    });
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('');
  });

  it('keeps what was typed and says it failed, with the reason the server gave', async () => {
    renderApp('/contact', {
      api: {
        ...contact,
        'contact.send': () => {
          throw new StubError(429, CONTACT_MESSAGES.tooMany);
        },
      },
    });
    await fillAndSend();
    expect((await screen.findByRole('alert')).textContent).toBe(`${CONTACT_MESSAGES.failed}${CONTACT_MESSAGES.tooMany}`);
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Ada');
  });
});
