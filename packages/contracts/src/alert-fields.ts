import { z } from 'zod';
import { httpUrlSchema, WEBHOOK_URL_MAX_LENGTH } from './http-url.js';

// The fields of the change, sentiment and spike alerts and of the channels besides email, shared
// by tRPC's createAlertSchema (alerts.ts) and /v1's bodies (v1/alerts.ts), so both say the same.

export const CHANGE_WINDOWS = ['1h', '24h'] as const;
export type ChangeWindow = (typeof CHANGE_WINDOWS)[number];
export const CHANGE_WINDOW_MS: Record<ChangeWindow, number> = { '1h': 3_600_000, '24h': 86_400_000 };

/** The smallest spike factor: below 1.5 times the usual hour, "more than usual" would fire on noise. */
export const SPIKE_MIN_FACTOR = 1.5;
/** The days of the same hour a spike alert's baseline averages. */
export const SPIKE_BASELINE_DAYS = 7;
/** The window of a sentiment alert's mean. */
export const SENTIMENT_ALERT_WINDOW_MS = 86_400_000;

/** The channels a fired alert is sent to besides the in-app notification and mail. */
export const ALERT_CHANNELS = ['webhook', 'slack', 'discord', 'telegram'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
export const ALERT_CHANNEL_NAMES: Record<AlertChannel, string> = {
  webhook: 'Webhook',
  slack: 'Slack',
  discord: 'Discord',
  telegram: 'Telegram',
};

export const MAX_COOLDOWN_MINUTES = 10_080;

export const percentField = z
  .number({ error: 'percent must be a number greater than 0' })
  .positive('percent must be a number greater than 0')
  .max(1000, 'percent must be at most 1000');

export const windowField = z.enum(CHANGE_WINDOWS, { error: `window must be one of ${CHANGE_WINDOWS.join(', ')}` });

export const scoreField = z
  .number({ error: 'score must be a number from 0 to 1' })
  .min(0, 'score must be a number from 0 to 1')
  .max(1, 'score must be a number from 0 to 1');

export const factorField = z
  .number({ error: `factor must be a number of at least ${SPIKE_MIN_FACTOR}` })
  .min(SPIKE_MIN_FACTOR, `factor must be a number of at least ${SPIKE_MIN_FACTOR}`)
  .max(1000, 'factor must be at most 1000');

export const repeatField = z.strictObject(
  {
    cooldownMinutes: z
      .number({ error: `repeat.cooldownMinutes must be a whole number from 1 to ${MAX_COOLDOWN_MINUTES}` })
      .int(`repeat.cooldownMinutes must be a whole number from 1 to ${MAX_COOLDOWN_MINUTES}`)
      .min(1, `repeat.cooldownMinutes must be a whole number from 1 to ${MAX_COOLDOWN_MINUTES}`)
      .max(MAX_COOLDOWN_MINUTES, `repeat.cooldownMinutes must be a whole number from 1 to ${MAX_COOLDOWN_MINUTES}`),
  },
  { error: 'repeat must be an object { cooldownMinutes }' },
);
export type AlertRepeat = z.output<typeof repeatField>;

export const slackWebhookUrlField = httpUrlSchema('slackWebhookUrl', 'slackWebhookUrl must be an http(s) URL', WEBHOOK_URL_MAX_LENGTH);
export const discordWebhookUrlField = httpUrlSchema(
  'discordWebhookUrl',
  'discordWebhookUrl must be an http(s) URL',
  WEBHOOK_URL_MAX_LENGTH,
);

const TELEGRAM_CHAT_MESSAGE = 'telegramChatId must be a chat id (a whole number) or a public @channel name';
/** A Telegram chat: its numeric id (negative for groups), or a public channel's @name; kept as a string. */
export const telegramChatIdField = z
  .union([z.number().int().safe(), z.string().trim()], { error: TELEGRAM_CHAT_MESSAGE })
  .transform((value) => String(value))
  .refine((value) => /^(-?[1-9]\d{0,19}|@[A-Za-z][A-Za-z0-9_]{4,31})$/.test(value), TELEGRAM_CHAT_MESSAGE);

/** Shown instead of a Slack or Discord URL, whose path is the credential that posts to the channel. */
export function maskChannelUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}/…${url.slice(-4)}`;
  } catch {
    return '…';
  }
}
