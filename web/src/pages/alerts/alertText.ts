import { ALERT_CHANNEL_NAMES, type Alert, type AlertChannel } from '@coinsight/contracts';
import { formatCount, formatFixed, formatNumber, formatPostDate, formatPrice } from '../../lib/formatNumber';

type Described = Pick<Alert, 'kind' | 'symbol' | 'condition' | 'threshold'> & Partial<Pick<Alert, 'window'>>;

/** What an alert watches, in words: "BTC price below $64,000.00", "ETH mentions above 50 in an hour", "SOL moves 5% in 24 hours". */
export function describeAlert(alert: Described): string {
  switch (alert.kind) {
    case 'price':
      return `${alert.symbol} price ${alert.condition} ${formatPrice(alert.threshold)}`;
    case 'mentions':
      return `${alert.symbol} mentions above ${formatCount(alert.threshold)} in an hour`;
    case 'change':
      return `${alert.symbol} moves ${formatNumber(alert.threshold)}% in ${alert.window === '1h' ? 'an hour' : '24 hours'}`;
    case 'sentiment':
      return `${alert.symbol} sentiment ${alert.condition} ${formatNumber(alert.threshold)}`;
    case 'spike':
      return `${alert.symbol} mentions above ${formatNumber(alert.threshold)}× the usual hour`;
  }
}

export type AlertState = 'armed' | 'paused' | 'fired';

/** A one-off alert that fired stays fired (paused or not) until re-armed; a repeating one stays armed. */
export function alertState(alert: Pick<Alert, 'active' | 'firedAt'> & Partial<Pick<Alert, 'repeat'>>): AlertState {
  if (alert.firedAt && !alert.repeat) return 'fired';
  return alert.active ? 'armed' : 'paused';
}

function firedValueText(alert: Alert, value: number): string {
  switch (alert.kind) {
    case 'price':
      return formatPrice(value);
    case 'change':
      return `${value >= 0 ? '+' : ''}${formatFixed(value, 2)}%`;
    case 'sentiment':
      return `a mean of ${formatFixed(value, 2)}`;
    default:
      return `${formatCount(value)} mentions`;
  }
}

/** "Fired Nov 23, 2026, 7:05 AM UTC at $63,912.40"; "Last fired …" for a repeating alert. */
export function firedText(alert: Alert): string | null {
  if (!alert.firedAt) return null;
  const value = alert.firedValue === null ? '' : ` at ${firedValueText(alert, alert.firedValue)}`;
  return `${alert.repeat ? 'Last fired' : 'Fired'} ${formatPostDate(alert.firedAt)}${value}`;
}

/** When the alert may fire next, in words. */
export function nextText(alert: Alert, now: Date = new Date()): string {
  if (!alert.active) return 'Paused: it does not fire until resumed.';
  if (!alert.repeat) return alert.firedAt ? 'Does not fire again until re-armed.' : 'Fires once, the first time its condition holds.';
  const every = `at most once every ${formatCount(alert.repeat.cooldownMinutes)} minute${alert.repeat.cooldownMinutes === 1 ? '' : 's'}`;
  if (!alert.firedAt || !alert.nextEligibleAt) return `Fires each time its condition holds anew, ${every}.`;
  const from = new Date(alert.nextEligibleAt);
  const waited = from <= now;
  if (alert.conditionCleared) return waited ? 'Can fire again now.' : `Can fire again from ${formatPostDate(alert.nextEligibleAt)}.`;
  return waited
    ? 'Fires again once its condition has stopped holding and holds again.'
    : `Fires again from ${formatPostDate(alert.nextEligibleAt)}, once its condition has stopped holding and holds again.`;
}

/** "In-app, by email, Slack and Telegram." */
export function channelsText(alert: Alert): string {
  const channels: string[] = ['In-app'];
  if (alert.email) channels.push('by email');
  const named: [AlertChannel, unknown][] = [
    ['webhook', alert.webhookUrl],
    ['slack', alert.slackWebhookUrl],
    ['discord', alert.discordWebhookUrl],
    ['telegram', alert.telegramChatId],
  ];
  for (const [channel, set] of named) if (set) channels.push(ALERT_CHANNEL_NAMES[channel]);
  if (channels.length === 1) return 'In-app only.';
  return `${channels.slice(0, -1).join(', ')} and ${channels.at(-1)}.`;
}

/** "Slack keeps failing: …", or null while every channel delivers. */
export function failingText(alert: Alert): string | null {
  if (alert.failingChannels.length === 0) return null;
  const names = alert.failingChannels.map((channel) => ALERT_CHANNEL_NAMES[channel]).join(' and ');
  return `${names} delivery failed after every retry: check the address (Settings → API → Webhooks lists each attempt).`;
}
