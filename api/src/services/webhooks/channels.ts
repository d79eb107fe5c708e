import type { AlertChannel, AlertFiredEvent } from '@coinsight/contracts';
import { resolvePublicTarget, type PublicTarget, type ResolveAll } from '../net/public-address.js';

/** The operator's Telegram bot: alerts naming a chat are sent through it (docs/webhooks.md, Channels). */
export interface TelegramBot {
  botToken: string;
  /** https://api.telegram.org, or a stand-in in tests (TELEGRAM_API_URL). */
  apiUrl: string;
}

/** The field a channel's address is given in, named in its messages. */
export const CHANNEL_FIELDS: Record<AlertChannel, string> = {
  webhook: 'webhookUrl',
  slack: 'slackWebhookUrl',
  discord: 'discordWebhookUrl',
  telegram: 'TELEGRAM_API_URL',
};

/** An alert's channel columns, as the check reads them. */
export interface AlertChannelColumns {
  webhook_url: string | null;
  slack_webhook_url: string | null;
  discord_webhook_url: string | null;
  telegram_chat_id: string | null;
}

/** One outbox row's worth: where, and the exact JSON sent. */
export interface ChannelMessage {
  channel: AlertChannel;
  url: string;
  payload: unknown;
}

/** Telegram deliveries store this in place of the bot's URL, which holds the operator's token. */
const TELEGRAM_PREFIX = 'telegram:';

/**
 * The messages a fired alert sends: the signed `alert.fired` event to its webhook, and its text in
 * the shape each chat service's incoming webhook takes (Slack `{text}`, Discord `{content}`,
 * Telegram's sendMessage `{chat_id, text}`).
 */
export function channelMessages(alert: AlertChannelColumns, event: AlertFiredEvent, text: string): ChannelMessage[] {
  const messages: ChannelMessage[] = [];
  if (alert.webhook_url !== null) messages.push({ channel: 'webhook', url: alert.webhook_url, payload: event });
  if (alert.slack_webhook_url !== null) messages.push({ channel: 'slack', url: alert.slack_webhook_url, payload: { text } });
  if (alert.discord_webhook_url !== null)
    // No mentions parsed: an alert's text must never ping @everyone in someone's server.
    messages.push({ channel: 'discord', url: alert.discord_webhook_url, payload: { content: text, allowed_mentions: { parse: [] } } });
  if (alert.telegram_chat_id !== null)
    messages.push({
      channel: 'telegram',
      url: `${TELEGRAM_PREFIX}${alert.telegram_chat_id}`,
      payload: { chat_id: alert.telegram_chat_id, text, disable_web_page_preview: true },
    });
  return messages;
}

/** Raised when a channel cannot be sent on this server at all (no Telegram bot configured). */
export class ChannelUnavailableError extends Error {}

export const TELEGRAM_NOT_CONFIGURED = 'Telegram alerts are not available on this server (no TELEGRAM_BOT_TOKEN)';

/**
 * Where a delivery connects, a webhook's or a chat channel's, through the public-address guard
 * (net/public-address.ts), at the alert's creation and at every attempt. A Telegram delivery goes to the bot's sendMessage, whose URL is built here and never stored.
 */
export function resolveChannelTarget(
  delivery: { channel: AlertChannel; url: string },
  options: { allowPrivate: boolean; telegram?: TelegramBot; resolve?: ResolveAll },
): Promise<PublicTarget> {
  const field = CHANNEL_FIELDS[delivery.channel];
  let url = delivery.url;
  if (delivery.channel === 'telegram') {
    if (!options.telegram) throw new ChannelUnavailableError(TELEGRAM_NOT_CONFIGURED);
    url = `${options.telegram.apiUrl}/bot${options.telegram.botToken}/sendMessage`;
  }
  return resolvePublicTarget(url, {
    allowPrivate: options.allowPrivate,
    resolve: options.resolve,
    field,
    refusedMessage: `${field} must resolve to a public address`,
  });
}
