import type { ChangeEvent, ReactNode } from 'react';
import { TextField } from '../../components/ui';
import styles from './Alerts.module.css';

/** The form's repeat and channel fields, as typed. */
export type DeliveryValues = {
  repeat: string;
  webhookUrl: string;
  slackWebhookUrl: string;
  discordWebhookUrl: string;
  telegramChatId: string;
};

export const DELIVERY_FIELDS = ['repeat', 'webhookUrl', 'slackWebhookUrl', 'discordWebhookUrl', 'telegramChatId'] as const;
type DeliveryField = (typeof DELIVERY_FIELDS)[number];

/** Only what was filled in: an empty field is no channel (and no repeat: the alert fires once). */
export function deliveryInput(values: DeliveryValues) {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const minutes = text(values.repeat);
  const input = {
    webhookUrl: text(values.webhookUrl),
    slackWebhookUrl: text(values.slackWebhookUrl),
    discordWebhookUrl: text(values.discordWebhookUrl),
    telegramChatId: text(values.telegramChatId),
    repeat: minutes === undefined ? undefined : { cooldownMinutes: Number(minutes) },
  };
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<typeof input>;
}

type Bind = (field: DeliveryField) => {
  name: string;
  value: string;
  error: ReactNode;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
};

/** Repeating and the channels besides the bell and email, folded away: most alerts need neither. */
export function AlertDelivery({ bind }: { bind: Bind }) {
  return (
    <details className={styles.more}>
      <summary>Repeat and channels</summary>
      <div className={styles.moreFields}>
        <TextField
          label="Fire again after (minutes)"
          inputMode="numeric"
          autoComplete="off"
          hint="Empty: fires once. Otherwise it stays on and fires again after this long, once its condition has stopped holding in between."
          {...bind('repeat')}
        />
        <TextField label="Webhook URL" type="url" autoComplete="off" hint="A signed POST (see the webhook docs)." {...bind('webhookUrl')} />
        <TextField label="Slack webhook URL" type="url" autoComplete="off" hint="A Slack incoming webhook." {...bind('slackWebhookUrl')} />
        <TextField label="Discord webhook URL" type="url" autoComplete="off" {...bind('discordWebhookUrl')} />
        <TextField
          label="Telegram chat id"
          autoComplete="off"
          hint="Add the Coinsight bot to the chat first, where the server offers one."
          {...bind('telegramChatId')}
        />
      </div>
    </details>
  );
}
