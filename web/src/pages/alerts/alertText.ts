import { formatPrice, type Alert } from '@coinsight/contracts';
import { formatCount, formatPostDate } from '../../lib/formatNumber';

/** What an alert watches, in words: "BTC price below $64,000.00", "ETH mentions above 50 in an hour". */
export function describeAlert(alert: Pick<Alert, 'kind' | 'symbol' | 'condition' | 'threshold'>): string {
  return alert.kind === 'price'
    ? `${alert.symbol} price ${alert.condition} ${formatPrice(alert.threshold)}`
    : `${alert.symbol} mentions above ${formatCount(alert.threshold)} in an hour`;
}

export type AlertState = 'armed' | 'paused' | 'fired';

/** A fired alert stays fired (paused or not) until it is re-armed. */
export function alertState(alert: Pick<Alert, 'active' | 'firedAt'>): AlertState {
  if (alert.firedAt) return 'fired';
  return alert.active ? 'armed' : 'paused';
}

/** "Fired Nov 23, 2026, 7:05 AM UTC at $63,912.40" */
export function firedText(alert: Alert): string | null {
  if (!alert.firedAt) return null;
  const value =
    alert.firedValue === null
      ? ''
      : ` at ${alert.kind === 'price' ? formatPrice(alert.firedValue) : `${formatCount(alert.firedValue)} mentions`}`;
  return `Fired ${formatPostDate(alert.firedAt)}${value}`;
}
