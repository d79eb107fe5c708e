import { planLimitMessage, type ApiKey } from '@coinsight/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fill } from '../../test/forms';
import { renderApp } from '../../test/renderApp';
import { StubError, TEST_TOKEN, testUser, type Handlers } from '../../test/trpcStub';
import { SECRET_WARNING } from './ApiKeysSection';

const SECRET = 'cs_live_0123456789ABCDEFGHIJKLMNOPQRSTUVW';

const production: ApiKey = {
  id: 7,
  name: 'Production',
  prefix: 'cs_live_AbCd',
  mode: 'live',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: null,
  callsThisMonth: 1234,
};

/** A small in-memory server for apiKeys.*, so the list the page shows follows what it did. */
function keysApi(initial: ApiKey[] = [production]) {
  let keys = [...initial];
  const handlers: Handlers = {
    'apiKeys.list': () => keys,
    'apiKeys.create': ({ name }) => {
      const key: ApiKey = { ...production, id: 8, name, prefix: SECRET.slice(0, 12), callsThisMonth: 0 };
      keys = [...keys, key];
      return { key, secret: SECRET };
    },
    'apiKeys.rename': ({ id, name }) => {
      keys = keys.map((k) => (k.id === id ? { ...k, name } : k));
      const key = keys.find((k) => k.id === id);
      if (!key) throw new StubError(404, 'API key not found');
      return key;
    },
    'apiKeys.delete': ({ id }) => {
      keys = keys.filter((k) => k.id !== id);
      return { ok: true as const };
    },
    // The tab's webhooks section shares the page: answered, so its own messages stay out of these tests.
    'webhooks.secret': () => ({
      secret: 'whsec_test',
      createdAt: '2026-11-01T10:00:00.000Z',
      rotatedAt: null,
      previousSecretExpiresAt: null,
    }),
    'webhooks.deliveries': () => [],
    // The request log: two pages of one call each, the second past the first's cursor; a status filter keeps the 404.
    'apiKeys.requests': ({ status, cursor }) => {
      const entry = (id: number, code: number) => ({
        id,
        at: '2026-11-02T10:00:00.000Z',
        method: 'GET',
        path: '/v1/crypto/prices',
        operation: 'getCryptoPrices',
        status: code,
        latencyMs: 12.34,
        billed: code === 200,
        costMicros: code === 200 ? 150 : 0,
        requestId: `req_${id}`,
        key: { id: 7, name: 'Production', prefix: 'cs_live_AbCd' },
      });
      if (status === '4xx') return { data: [entry(2, 404)], nextCursor: null, asOf: 'x' };
      return cursor ? { data: [entry(2, 404)], nextCursor: null, asOf: 'x' } : { data: [entry(3, 200)], nextCursor: 'c2', asOf: 'x' };
    },
  };
  return handlers;
}

async function openApiTab(api: Handlers, user = testUser) {
  const view = renderApp('/settings?tab=api', { signedInAs: user, api });
  await screen.findByRole('heading', { name: 'API Keys' });
  return view;
}

const press = (name: string, container: HTMLElement = document.body) => fireEvent.click(within(container).getByRole('button', { name }));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('settings api tab', () => {
  it('lists the keys with prefix, created, last used and calls this month', async () => {
    await openApiTab(keysApi());
    const list = await screen.findByRole('list', { name: 'Your API keys' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByRole('heading', { name: 'Production' })).toBeTruthy();
    expect(item.textContent).toContain('cs_live_AbCd…');
    expect(item.textContent).toContain('Nov 1, 2026');
    expect(item.textContent).toContain('Never');
    expect(item.textContent).toContain('1,234');
  });

  it('creates a key and shows its secret once, with a copy button and a warning', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { api } = await openApiTab(keysApi());
    fill('Key name', 'Staging');
    press('Create API Key');

    const panel = await screen.findByRole('region', { name: 'New API key' });
    expect(panel.textContent).toContain(SECRET);
    expect(panel.textContent).toContain(SECRET_WARNING);
    expect(api.callsTo('apiKeys.create')[0]?.input).toEqual({ name: 'Staging', mode: 'live' });
    expect(api.callsTo('apiKeys.create')[0]?.authorization).toBe(`Bearer ${TEST_TOKEN}`);
    press('Copy key', panel);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    expect(await within(panel).findByText('Copied to the clipboard.')).toBeTruthy();
    await screen.findByRole('heading', { name: 'Staging' });

    press('Done', panel);
    expect(screen.queryByRole('region', { name: 'New API key' })).toBeNull();
    // Lists show the prefix only: the secret is gone from the page.
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('creates a test key when the mode says so, and lists each key with its mode', async () => {
    const { api } = await openApiTab(keysApi([production, { ...production, id: 8, name: 'CI', prefix: 'cs_test_WxYz', mode: 'test' }]));
    const list = await screen.findByRole('list', { name: 'Your API keys' });
    const [live, test] = within(list).getAllByRole('listitem');
    expect(live?.textContent).toContain('ModeLive');
    expect(test?.textContent).toContain('cs_test_WxYz…');
    expect(test?.textContent).toContain('ModeTest: fixed test data, never metered');

    fill('Key name', 'CI');
    fireEvent.change(screen.getByLabelText('Mode'), { target: { value: 'test' } });
    press('Create API Key');
    await screen.findByRole('region', { name: 'New API key' });
    expect(api.callsTo('apiKeys.create')[0]?.input).toEqual({ name: 'CI', mode: 'test' });
  });

  it('checks the name before asking, and shows the server refusal', async () => {
    const { api } = await openApiTab({
      ...keysApi(),
      'apiKeys.create': () => Promise.reject(new StubError(403, planLimitMessage('free', 'apiKeys'))),
    });
    press('Create API Key');
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(api.callsTo('apiKeys.create')).toHaveLength(0);
    fill('Key name', 'sixth');
    press('Create API Key');
    // docs/security.md §26: the plan's cap, as the server words it.
    expect((await screen.findByRole('alert')).textContent).toBe(planLimitMessage('free', 'apiKeys'));
  });

  it('lists the requests of every key, pages with the cursor and filters by status', async () => {
    const { api } = await openApiTab(keysApi());
    const table = await screen.findByRole('table', { name: 'Requests' });
    await within(table).findByText('req_3');
    const row = within(table).getByText('req_3').closest('tr');
    expect(row?.textContent).toMatch(/GET \/v1\/crypto\/prices.*getCryptoPrices.*200.*12\.3 ms.*Yes.*\$0\.00015/);
    press('Older');
    await within(table).findByText('req_2');
    expect(api.callsTo('apiKeys.requests').at(-1)?.input).toEqual({ limit: '25', cursor: 'c2' });
    press('Newer');
    await within(table).findByText('req_3');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '4xx' } });
    await within(table).findByText('req_2');
    expect(api.callsTo('apiKeys.requests').at(-1)?.input).toEqual({ limit: '25', status: '4xx' });
  });

  it('renames a key inline', async () => {
    const { api } = await openApiTab(keysApi());
    press('Rename Production', await screen.findByRole('list', { name: 'Your API keys' }));
    fill('New name', 'Live');
    press('Save');
    await screen.findByRole('heading', { name: 'Live' });
    expect(api.callsTo('apiKeys.rename')[0]?.input).toEqual({ id: 7, name: 'Live' });
  });

  it('deletes a key only once confirmed', async () => {
    const { api } = await openApiTab(keysApi());
    press('Delete Production', await screen.findByRole('list', { name: 'Your API keys' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Production?' });
    press('Cancel', dialog);
    expect(api.callsTo('apiKeys.delete')).toHaveLength(0);

    press('Delete Production');
    press('Delete key', screen.getByRole('dialog'));
    expect(await screen.findByText('You have no API keys yet.')).toBeTruthy();
    expect(api.callsTo('apiKeys.delete')[0]?.input).toEqual({ id: 7 });
  });

  describe('with an unconfirmed email address', () => {
    const unverified = { ...testUser, emailVerified: false };

    it('explains why, offers no create form, and resends the link', async () => {
      const { api } = await openApiTab(
        {
          ...keysApi([]),
          'user.resendVerification': () => ({ message: 'We sent a new confirmation link to satoshi@example.com. It works for 24 hours.' }),
        },
        unverified,
      );
      const notice = screen.getByRole('region', { name: 'Email confirmation' });
      expect(notice.textContent).toContain('Verify your email address before creating an API key.');
      expect(screen.queryByRole('form', { name: 'Create API key' })).toBeNull();
      press('Resend verification email', notice);
      expect((await within(notice).findByRole('status')).textContent).toContain('We sent a new confirmation link');
      expect(api.callsTo('user.resendVerification')).toHaveLength(1);
    });

    it('shows a throttled resend as the server words it', async () => {
      await openApiTab(
        { ...keysApi([]), 'user.resendVerification': () => Promise.reject(new StubError(429, 'Too many confirmation emails requested.')) },
        unverified,
      );
      press('Resend verification email');
      expect((await screen.findByRole('alert')).textContent).toBe('Too many confirmation emails requested.');
    });
  });
});

describe('/confirm-email', () => {
  it('confirms the address with the token of the link, on a click', async () => {
    const { api } = renderApp('/confirm-email?token=abc123', {
      api: { 'auth.verifyAccount': () => ({ message: 'Your email address is confirmed. You can now create API keys.' }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm Email Address' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your email address is confirmed. You can now create API keys.');
    expect(api.callsTo('auth.verifyAccount')[0]?.input).toEqual({ token: 'abc123' });
  });
});
