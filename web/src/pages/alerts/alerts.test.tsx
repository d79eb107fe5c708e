import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ALERT_MESSAGES } from '@coinsight/contracts';
import { describe, expect, it } from 'vitest';
import { fieldError, fill, outcome } from '../../test/forms';
import { alertOf, alertsServer } from '../../test/alertFixtures';
import { renderApp } from '../../test/renderApp';
import { StubError, testUser, type Handlers } from '../../test/trpcStub';
import { ALERTS_EMPTY_MESSAGE } from './AlertList';

async function openAlerts(path = '/alerts', server = alertsServer(), extra: Handlers = {}) {
  const view = renderApp(path, { signedInAs: testUser, api: { ...server.handlers, ...extra } });
  await screen.findByRole('heading', { level: 1, name: 'Alerts' });
  // The symbols come from the market overview.
  await screen.findByRole('option', { name: 'ETH · Ethereum' });
  return { ...view, server };
}

const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement).value;
const alertList = () => screen.getByRole('list', { name: 'Your alerts' });

describe('/alerts', () => {
  it('is for signed-in users only', async () => {
    renderApp('/alerts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
  });

  it('says how to create a first alert', async () => {
    await openAlerts();
    expect(await screen.findByText(ALERTS_EMPTY_MESSAGE)).toBeTruthy();
  });

  it('checks each field with the shared rules before sending', async () => {
    const { api } = await openAlerts();
    press('Create Alert');
    expect(fieldError('Price (USD)')).toBe('price must be a number greater than 0');
    expect(document.activeElement).toBe(screen.getByLabelText('Price (USD)'));
    fill('Price (USD)', '-5');
    expect(fieldError('Price (USD)')).toBe('price must be a number greater than 0');
    fill('Price (USD)', 'lots');
    expect(fieldError('Price (USD)')).toBe('price must be a number greater than 0');

    fireEvent.click(screen.getByRole('radio', { name: 'Mentions' }));
    fill('Mentions in an hour', '2.5');
    press('Create Alert');
    expect(fieldError('Mentions in an hour')).toBe('mentions must be a whole number of 0 or more');
    expect(api.callsTo('alerts.create')).toHaveLength(0);
  });

  it("shows the server's objection next to the field it names", async () => {
    await openAlerts('/alerts?symbol=doge2&price=1', alertsServer(), {
      'alerts.create': (input) => {
        throw new StubError(400, `symbol ${input.symbol} is not a tracked asset`, 'symbol');
      },
    });
    expect(valueOf('Symbol')).toBe('DOGE2');
    press('Create Alert');
    await waitFor(() => expect(fieldError('Symbol')).toBe('symbol DOGE2 is not a tracked asset'));
    expect(fieldError('Price (USD)')).toBeNull();
    fireEvent.change(screen.getByLabelText('Symbol'), { target: { value: 'BTC' } });
    expect(fieldError('Symbol')).toBeNull();
  });

  it('places an objection by the field the server names, whatever its words', async () => {
    await openAlerts('/alerts?symbol=BTC&price=1', alertsServer(), {
      'alerts.create': () => {
        throw new StubError(400, 'Targets that far from the market are not allowed', 'price');
      },
    });
    press('Create Alert');
    await waitFor(() => expect(fieldError('Price (USD)')).toBe('Targets that far from the market are not allowed'));
    expect(fieldError('Symbol')).toBeNull();
  });

  it('reads no field from the words of an objection that names none', async () => {
    await openAlerts('/alerts?symbol=BTC&price=1', alertsServer(), {
      'alerts.create': () => {
        throw new StubError(400, 'price feeds are paused for maintenance');
      },
    });
    press('Create Alert');
    const text = await outcome('alert');
    expect(text).toContain('Could not create the alert. Please try again.');
    expect(text).toContain('price feeds are paused for maintenance');
    expect(fieldError('Price (USD)')).toBeNull();
  });

  it('explains a failure that names no field', async () => {
    await openAlerts('/alerts?price=1', alertsServer(), {
      'alerts.create': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    press('Create Alert');
    expect(await outcome('alert')).toBe('Could not create the alert. Please try again.');
  });

  it.each([
    ['a target above the price waits for a rise', '/alerts?symbol=eth&price=4000', 'ETH', '4000', 'above'],
    ['a target below the price waits for a fall', '/alerts?symbol=BTC&price=60000', 'BTC', '60000', 'below'],
    ['a condition in the address wins', '/alerts?symbol=BTC&price=60000&condition=above', 'BTC', '60000', 'above'],
  ])('is prefilled from the address: %s', async (_case, path, symbol, price, condition) => {
    await openAlerts(path);
    expect(valueOf('Symbol')).toBe(symbol);
    expect(valueOf('Price (USD)')).toBe(price);
    expect(valueOf('Condition')).toBe(condition);
  });

  it('is prefilled for a mention alert with ?kind=mentions', async () => {
    await openAlerts('/alerts?kind=mentions&symbol=ETH&mentions=40');
    expect((screen.getByRole('radio', { name: 'Mentions' }) as HTMLInputElement).checked).toBe(true);
    expect(valueOf('Symbol')).toBe('ETH');
    expect(valueOf('Mentions in an hour')).toBe('40');
    expect(screen.queryByLabelText('Price (USD)')).toBeNull();
  });

  it('creates a price alert, which then appears in the list', async () => {
    const { api } = await openAlerts('/alerts?symbol=BTC&price=60000');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Also email me' }));
    press('Create Alert');

    expect(await outcome('status')).toBe('Alert created: BTC price below $60,000.00.');
    expect(api.callsTo('alerts.create')[0]?.input).toEqual({
      kind: 'price',
      symbol: 'BTC',
      condition: 'below',
      price: 60000,
      email: false,
    });
    const item = await within(await screen.findByRole('list', { name: 'Your alerts' })).findByText('BTC price below $60,000.00');
    const row = item.closest('li') as HTMLElement;
    expect(within(row).getByText('Armed')).toBeTruthy();
    expect(within(row).getByText('In-app only.')).toBeTruthy();
    expect(valueOf('Price (USD)')).toBe('');
  });

  it('docs/security.md §25: an unverified account creates in-app alerts; email is off and says why', async () => {
    const unverified = { ...testUser, emailVerified: false };
    const server = alertsServer();
    const api = renderApp('/alerts?symbol=BTC&price=60000', { signedInAs: unverified, api: server.handlers }).api;
    await screen.findByRole('option', { name: 'ETH · Ethereum' });
    const checkbox = screen.getByRole('checkbox', { name: 'Also email me' }) as HTMLInputElement;
    expect(checkbox.checked).toBe(false);
    expect(checkbox.disabled).toBe(true);
    expect(screen.getByText(ALERT_MESSAGES.verifyForEmail, { exact: false })).toBeTruthy();
    press('Create Alert');
    expect(await outcome('status')).toBe('Alert created: BTC price below $60,000.00.');
    expect(api.callsTo('alerts.create')[0]?.input).toMatchObject({ symbol: 'BTC', email: false });
  });

  it('creates a mention alert', async () => {
    const { api } = await openAlerts();
    fireEvent.click(screen.getByRole('radio', { name: 'Mentions' }));
    fireEvent.change(screen.getByLabelText('Symbol'), { target: { value: 'ETH' } });
    fill('Mentions in an hour', '50');
    press('Create Alert');
    expect(await outcome('status')).toBe('Alert created: ETH mentions above 50 in an hour.');
    expect(api.callsTo('alerts.create')[0]?.input).toEqual({ kind: 'mentions', symbol: 'ETH', mentions: 50, email: true });
    expect(await within(alertList()).findByText('ETH mentions above 50 in an hour')).toBeTruthy();
  });

  it('creates change, sentiment and spike alerts, with repeat and a Slack channel', async () => {
    const { api } = await openAlerts();
    fireEvent.click(screen.getByRole('radio', { name: 'Change' }));
    fill('Move (%)', '5');
    fireEvent.change(screen.getByLabelText('Over'), { target: { value: '1h' } });
    fill('Fire again after (minutes)', '60');
    fill('Slack webhook URL', 'https://hooks.slack.com/services/T/B/x');
    press('Create Alert');
    expect(await outcome('status')).toBe('Alert created: BTC moves 5% in an hour.');
    expect(api.callsTo('alerts.create')[0]?.input).toEqual({
      kind: 'change',
      symbol: 'BTC',
      percent: 5,
      window: '1h',
      email: true,
      repeat: { cooldownMinutes: 60 },
      slackWebhookUrl: 'https://hooks.slack.com/services/T/B/x',
    });

    fireEvent.click(screen.getByRole('radio', { name: 'Sentiment' }));
    fireEvent.change(screen.getByLabelText('Condition'), { target: { value: 'below' } });
    fill('Sentiment score (0 to 1)', '1.5');
    press('Create Alert');
    expect(fieldError('Sentiment score (0 to 1)')).toBe('score must be a number from 0 to 1');
    fill('Sentiment score (0 to 1)', '0.3');
    press('Create Alert');
    expect(await outcome('status')).toBe('Alert created: BTC sentiment below 0.3.');

    fireEvent.click(screen.getByRole('radio', { name: 'Spike' }));
    fill('Times the usual', '1.2');
    press('Create Alert');
    expect(fieldError('Times the usual')).toBe('factor must be a number of at least 1.5');
    fill('Times the usual', '3');
    fill('Fire again after (minutes)', '0');
    press('Create Alert');
    expect(fieldError('Fire again after (minutes)')).toBe('repeat.cooldownMinutes must be a whole number from 1 to 10080');
    fill('Fire again after (minutes)', '');
    press('Create Alert');
    expect(await outcome('status')).toBe('Alert created: BTC mentions above 3× the usual hour.');
    expect(api.callsTo('alerts.create').map((call) => call.input)).toHaveLength(3);
  });

  it("lists each alert's kind, channels, last firing and next eligibility in words, and a failing channel", async () => {
    await openAlerts(
      '/alerts',
      alertsServer({
        alerts: [
          alertOf({
            id: 5,
            kind: 'change',
            threshold: 5,
            window: '24h',
            repeat: { cooldownMinutes: 60 },
            firedAt: '2026-11-23T07:05:00.000Z',
            firedValue: -5.25,
            nextEligibleAt: '2026-11-23T08:05:00.000Z',
            conditionCleared: false,
            slackWebhookUrl: 'https://hooks.slack.com/…abcd',
            telegramChatId: '-100',
            failingChannels: ['slack'],
          }),
          alertOf({ id: 4, kind: 'spike', symbol: 'ETH', threshold: 3, repeat: { cooldownMinutes: 30 }, email: false }),
        ],
      }),
    );
    const row = (text: string) => within(alertList()).getByText(text).closest('li') as HTMLElement;
    const change = await waitFor(() => row('BTC moves 5% in 24 hours'));
    expect(within(change).getByText('Armed')).toBeTruthy();
    expect(change.textContent).toContain('Last fired Nov 23, 2026, 7:05 AM UTC at -5.25%.');
    expect(change.textContent).toContain('In-app, by email, Slack and Telegram.');
    expect(change.textContent).toContain('Fires again once its condition has stopped holding and holds again.');
    expect(change.textContent).toContain('Slack delivery failed after every retry');
    const spike = row('ETH mentions above 3× the usual hour');
    expect(spike.textContent).toContain('In-app only.');
    expect(spike.textContent).toContain('Fires each time its condition holds anew, at most once every 30 minutes.');
  });

  describe('the list', () => {
    const server = () =>
      alertsServer({
        alerts: [
          alertOf({ id: 3, threshold: 70_000 }),
          alertOf({ id: 2, symbol: 'ETH', condition: 'below', threshold: 2_500, active: false }),
          alertOf({
            id: 1,
            condition: 'below',
            threshold: 64_000,
            firedAt: '2026-11-23T07:05:00.000Z',
            firedValue: 63_912.4,
            email: false,
          }),
        ],
      });
    const rowOf = (text: string) => within(alertList()).getByText(text).closest('li') as HTMLElement;

    it('shows what each alert watches and its state', async () => {
      await openAlerts('/alerts', server());
      await screen.findByRole('list', { name: 'Your alerts' });
      expect(within(rowOf('BTC price above $70,000.00')).getByText('Armed')).toBeTruthy();
      expect(within(rowOf('ETH price below $2,500.00')).getByText('Paused')).toBeTruthy();
      const fired = rowOf('BTC price below $64,000.00');
      expect(within(fired).getByText('Fired')).toBeTruthy();
      expect(fired.textContent).toContain('Fired Nov 23, 2026, 7:05 AM UTC at $63,912.40.');
    });

    it('pauses, resumes and re-arms', async () => {
      const { api } = await openAlerts('/alerts', server());
      await screen.findByRole('list', { name: 'Your alerts' });

      press('Pause BTC price above $70,000.00');
      expect(await outcome('status')).toBe('BTC price above $70,000.00: paused.');
      await waitFor(() => expect(within(rowOf('BTC price above $70,000.00')).getByText('Paused')).toBeTruthy());

      press('Resume ETH price below $2,500.00');
      await waitFor(() => expect(within(rowOf('ETH price below $2,500.00')).getByText('Armed')).toBeTruthy());

      press('Re-arm BTC price below $64,000.00');
      await waitFor(() => expect(within(rowOf('BTC price below $64,000.00')).getByText('Armed')).toBeTruthy());
      expect(rowOf('BTC price below $64,000.00').textContent).not.toContain('Fired');

      expect(api.callsTo('alerts.update').map((call) => call.input)).toEqual([
        { id: 3, active: false },
        { id: 2, active: true },
        { id: 1, rearm: true, active: true },
      ]);
    });

    it('deletes only after a confirmation', async () => {
      const { api } = await openAlerts('/alerts', server());
      await screen.findByRole('list', { name: 'Your alerts' });

      press('Delete ETH price below $2,500.00');
      const dialog = screen.getByRole('dialog', { name: 'Delete this alert?' });
      expect(dialog.textContent).toContain('ETH price below $2,500.00 will be deleted.');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(api.callsTo('alerts.delete')).toHaveLength(0);

      press('Delete ETH price below $2,500.00');
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete Alert' }));
      await waitFor(() => expect(within(alertList()).queryByText('ETH price below $2,500.00')).toBeNull());
      expect(api.callsTo('alerts.delete')[0]?.input).toEqual({ id: 2 });
      expect(await outcome('status')).toBe('ETH price below $2,500.00: deleted.');
    });

    it("says so when an action fails, in the server's words", async () => {
      await openAlerts('/alerts', server(), {
        'alerts.update': () => {
          throw new StubError(404, 'Alert not found');
        },
      });
      await screen.findByRole('list', { name: 'Your alerts' });
      press('Pause BTC price above $70,000.00');
      expect(await outcome('alert')).toBe('Alert not found');
    });
  });
});
