import { randomUUID } from 'node:crypto';
import { WEBHOOK_EVENT_ALERT_FIRED, type AlertCondition, type AlertFiredEvent, type AlertKind } from '@coinsight/contracts';

/** The body of a fired alert's delivery; built once, stored with the delivery, sent alike on every retry. */
export function alertFiredEvent(
  alert: { id: number; kind: AlertKind; symbol: string; condition: AlertCondition; threshold: number; fired_value: number },
  firedAt: Date,
): AlertFiredEvent {
  return {
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    type: WEBHOOK_EVENT_ALERT_FIRED,
    createdAt: firedAt.toISOString(),
    data: {
      alert: { id: alert.id, kind: alert.kind, symbol: alert.symbol, condition: alert.condition, threshold: alert.threshold },
      firedAt: firedAt.toISOString(),
      value: alert.fired_value,
    },
  };
}
