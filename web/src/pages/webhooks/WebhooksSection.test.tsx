import { WEBHOOK_LEGACY_SIGNATURE_SUNSET, type WebhookDelivery, type WebhookSecret } from '@coinsight/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { StubError, testUser, type Handlers } from '../../test/trpcStub';
import { DELIVERIES_LOAD_FAILED_MESSAGE, NO_DELIVERIES_MESSAGE, ROTATE_CONFIRM_MESSAGE } from './WebhooksSection';

const SECRET: WebhookSecret = {
  secret: 'whsec_Zmlyc3RTZWNyZXRGaXJzdFNlY3JldEZpcnN0U2VjcmU=',
  createdAt: '2026-11-20T10:00:00.000Z',
  rotatedAt: null,
  previousSecretExpiresAt: null,
};
const ROTATED: WebhookSecret = {
  secret: 'whsec_c2Vjb25kU2VjcmV0U2Vjb25kU2VjcmV0U2Vjb25kU2U=',
  createdAt: SECRET.createdAt,
  rotatedAt: '2026-11-23T20:00:00.000Z',
  previousSecretExpiresAt: '2026-11-24T20:00:00.000Z',
};

const delivery = (overrides: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 1,
  alertId: 7,
  channel: 'webhook',
  url: 'https://hooks.example.com/coinsight',
  event: 'alert.fired',
  status: 'delivered',
  attempts: [],
  nextAttemptAt: null,
  createdAt: '2026-11-23T19:00:00.000Z',
  deliveredAt: null,
  ...overrides,
});

const DELIVERIES: WebhookDelivery[] = [
  delivery({
    id: 2,
    status: 'pending',
    attempts: [{ attempt: 1, at: '2026-11-23T19:00:00.000Z', statusCode: null, error: 'connection refused', durationMs: 12 }],
    nextAttemptAt: '2026-11-23T19:00:30.000Z',
  }),
  delivery({
    id: 1,
    status: 'delivered',
    attempts: [
      { attempt: 1, at: '2026-11-23T18:00:00.000Z', statusCode: 500, error: null, durationMs: 40 },
      { attempt: 2, at: '2026-11-23T18:00:30.000Z', statusCode: 200, error: null, durationMs: 35 },
    ],
    deliveredAt: '2026-11-23T18:00:30.000Z',
  }),
  delivery({
    id: 3,
    channel: 'slack',
    url: 'https://hooks.slack.com/…abcd',
    status: 'failed',
    attempts: [{ attempt: 1, at: '2026-11-23T17:00:00.000Z', statusCode: 400, error: null, durationMs: 9 }],
  }),
];

async function renderApiTab(api: Handlers) {
  const view = renderApp('/settings?tab=api', { signedInAs: testUser, api });
  await screen.findByRole('heading', { name: 'Webhooks' });
  return view;
}

const secretText = () => screen.getByTestId('webhook-secret').textContent;
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

afterEach(() => vi.restoreAllMocks());

describe('settings api tab: webhooks', () => {
  it('hides the secret until revealed, copies it, and rotates it after a confirmation', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { api } = await renderApiTab({
      'webhooks.secret': () => SECRET,
      'webhooks.deliveries': () => [],
      'webhooks.rotateSecret': () => ROTATED,
    });

    await waitFor(() => expect(screen.getByRole('button', { name: 'Reveal' }).hasAttribute('disabled')).toBe(false));
    expect(secretText()).not.toContain(SECRET.secret);
    press('Reveal');
    expect(secretText()).toBe(SECRET.secret);
    expect(screen.getByRole('button', { name: 'Hide' }).getAttribute('aria-pressed')).toBe('true');

    press('Copy');
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET.secret));
    expect((await screen.findByRole('status')).textContent).toBe('Secret copied to the clipboard.');

    const dates = () => screen.getByTestId('webhook-secret-dates');
    expect(dates().textContent).toMatch(/^Created .+\.$/);
    expect(dates().querySelector('time')?.getAttribute('datetime')).toBe(SECRET.createdAt);

    press('Rotate secret');
    expect(api.callsTo('webhooks.rotateSecret')).toHaveLength(0);
    const confirm = screen.getByRole('group', { name: 'Confirm rotation' }).textContent;
    expect(confirm).toContain(ROTATE_CONFIRM_MESSAGE);
    expect(ROTATE_CONFIRM_MESSAGE).toContain('For 24 hours the current one signs too');
    press('Rotate now');
    await waitFor(() => expect(secretText()).toBe(ROTATED.secret));
    expect(api.callsTo('webhooks.rotateSecret')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toMatch(
      /^New secret in force\. Until .+, deliveries are signed with the previous one too\.$/,
    );
    expect(screen.queryByRole('group', { name: 'Confirm rotation' })).toBeNull();
    // While the window is open, settings say until when the previous secret still signs.
    expect(dates().textContent).toMatch(/^Rotated .+\. The previous secret also signs deliveries until .+\.$/);
    expect([...dates().querySelectorAll('time')].map((time) => time.getAttribute('datetime'))).toEqual([
      ROTATED.rotatedAt,
      ROTATED.previousSecretExpiresAt,
    ]);
  });

  it('cancelling the confirmation rotates nothing', async () => {
    const { api } = await renderApiTab({ 'webhooks.secret': () => SECRET, 'webhooks.deliveries': () => [] });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rotate secret' }).hasAttribute('disabled')).toBe(false));
    press('Rotate secret');
    press('Cancel');
    expect(api.callsTo('webhooks.rotateSecret')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Rotate secret' })).toBeTruthy();
  });

  it('lists recent deliveries with their status and every attempt', async () => {
    const { api } = await renderApiTab({ 'webhooks.secret': () => SECRET, 'webhooks.deliveries': () => DELIVERIES });
    const list = await screen.findByRole('list', { name: 'Recent deliveries' });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(items.map((item) => within(item).getByText(/^(Pending|Delivered|Failed)$/).textContent)).toEqual([
      'Pending',
      'Delivered',
      'Failed',
    ]);
    expect(
      within(screen.getByRole('list', { name: 'Attempts for delivery 1' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Attempt 1: HTTP 500, 40 ms', 'Attempt 2: HTTP 200, 35 ms']);
    expect(within(items[0]!).getByText('Attempt 1: connection refused, 12 ms')).toBeTruthy();
    expect(within(items[0]!).getByText(/Next attempt/)).toBeTruthy();
    expect(within(items[2]!).getByText('Attempt 1: HTTP 400, 9 ms')).toBeTruthy();
    // A chat channel's delivery names the service; its URL is shown as the server masked it.
    expect(within(items[2]!).getByText('alert.fired · Slack')).toBeTruthy();
    expect(within(items[2]!).getByText('https://hooks.slack.com/…abcd')).toBeTruthy();
    expect(api.callsTo('webhooks.deliveries')[0]?.input).toEqual({ limit: 20 });

    // jsdom has no layout, so contrast is the browser suite's to check; structure and names are checked here.
    const section = screen.getByRole('heading', { name: 'Webhooks' }).closest('section')!;
    const results = await axe.run(section, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it("names the Standard Webhooks headers and the legacy header's last day", async () => {
    await renderApiTab({ 'webhooks.secret': () => SECRET, 'webhooks.deliveries': () => [] });
    const section = screen.getByRole('heading', { name: 'Webhooks' }).closest('section')!;
    expect(section.textContent).toContain('webhook-signature');
    expect(section.textContent).toContain(`Coinsight-Signature header is deprecated and sent until ${WEBHOOK_LEGACY_SIGNATURE_SUNSET}`);
  });

  it('says when there are no deliveries yet', async () => {
    await renderApiTab({ 'webhooks.secret': () => SECRET, 'webhooks.deliveries': () => [] });
    expect(await screen.findByText(NO_DELIVERIES_MESSAGE)).toBeTruthy();
  });

  it('shows an error when the deliveries cannot be loaded', async () => {
    await renderApiTab({
      'webhooks.secret': () => SECRET,
      'webhooks.deliveries': () => {
        throw new StubError(500, 'Internal server error');
      },
    });
    // The keys and usage this stub leaves unanswered say so in alerts of their own.
    expect((await screen.findByText(DELIVERIES_LOAD_FAILED_MESSAGE)).getAttribute('role')).toBe('alert');
  });
});
