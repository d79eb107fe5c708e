import { NEWSLETTER_MESSAGES } from '@coinsight/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { StubError } from '../../test/trpcStub';

describe('newsletter confirmation page', () => {
  it('confirms on a click, not on load, with the token from the link', async () => {
    const { api } = renderApp('/newsletter/confirm?token=tok_123', { api: { 'newsletter.confirm': () => ({ status: 'confirmed' }) } });
    const button = await screen.findByRole('button', { name: 'Confirm subscription' });
    expect(api.callsTo('newsletter.confirm')).toEqual([]);
    fireEvent.click(button);
    expect((await screen.findByRole('status')).textContent).toBe(NEWSLETTER_MESSAGES.confirmed);
    expect(api.callsTo('newsletter.confirm').map((c) => c.input)).toEqual([{ token: 'tok_123' }]);
    expect(screen.queryByRole('button', { name: 'Confirm subscription' })).toBeNull();
    expect(document.title).toContain('Confirm your subscription');
  });

  it.each([NEWSLETTER_MESSAGES.confirmExpired, NEWSLETTER_MESSAGES.confirmUsed])('shows the server’s reason: %s', async (reason) => {
    renderApp('/newsletter/confirm?token=old', {
      api: {
        'newsletter.confirm': () => {
          throw new StubError(400, reason);
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm subscription' }));
    expect((await screen.findByRole('alert')).textContent).toBe(reason);
    // Still there: a passing network fault can be retried.
    expect(screen.getByRole('button', { name: 'Confirm subscription' })).toBeTruthy();
  });

  it('says the link is not valid when it lost its token', async () => {
    const { api } = renderApp('/newsletter/confirm');
    expect((await screen.findByRole('alert')).textContent).toBe(NEWSLETTER_MESSAGES.confirmInvalid);
    expect(screen.queryByRole('button', { name: 'Confirm subscription' })).toBeNull();
    expect(api.callsTo('newsletter.confirm')).toEqual([]);
  });
});

describe('newsletter unsubscribe page', () => {
  it('unsubscribes on a click, with the token from the link, and needs no sign-in', async () => {
    const { api } = renderApp('/newsletter/unsubscribe?token=12.abc', {
      api: { 'newsletter.unsubscribe': () => ({ status: 'unsubscribed' }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('status')).textContent).toBe(NEWSLETTER_MESSAGES.unsubscribed);
    expect(api.callsTo('newsletter.unsubscribe').map((c) => c.input)).toEqual([{ token: '12.abc' }]);
  });

  it('shows why a damaged link fails', async () => {
    renderApp('/newsletter/unsubscribe?token=bad', {
      api: {
        'newsletter.unsubscribe': () => {
          throw new StubError(400, NEWSLETTER_MESSAGES.unsubscribeInvalid);
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe(NEWSLETTER_MESSAGES.unsubscribeInvalid);
  });

  it('falls back to its own message when the server gives no reason', async () => {
    renderApp('/newsletter/unsubscribe?token=12.abc', {
      api: {
        'newsletter.unsubscribe': () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe(NEWSLETTER_MESSAGES.unsubscribeFailed);
  });
});
