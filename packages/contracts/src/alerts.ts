import { z } from 'zod';
import { symbolParam } from './market/schemas.js';
import { webhookUrlSchema } from './http-url.js';
import {
  discordWebhookUrlField,
  factorField,
  percentField,
  repeatField,
  scoreField,
  slackWebhookUrlField,
  telegramChatIdField,
  windowField,
  type AlertChannel,
  type AlertRepeat,
  type ChangeWindow,
} from './alert-fields.js';

export * from './alert-fields.js';

export const ALERT_KINDS = ['price', 'mentions', 'change', 'sentiment', 'spike'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ALERT_CONDITIONS = ['above', 'below'] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

/** The window a mention alert counts posts over. */
export const MENTION_ALERT_WINDOW_MS = 3_600_000;

/** docs/product.md §3's preferences with their defaults; a user's choice overrides one. */
export const NOTIFICATION_PREFERENCES = [
  { id: 'price-alerts', name: 'Price Alerts', description: 'Email me when one of my price alerts fires.', enabled: true },
  { id: 'social-mentions', name: 'Social Mentions', description: 'Email me when one of my mention alerts fires.', enabled: true },
  { id: 'market-analysis', name: 'Market Analysis', description: 'Periodic market analysis by email.', enabled: false },
] as const;
export const NOTIFICATION_PREFERENCE_IDS = ['price-alerts', 'social-mentions', 'market-analysis'] as const;
export type NotificationPreferenceId = (typeof NOTIFICATION_PREFERENCE_IDS)[number];

/** The preference that decides whether an alert of a kind also mails. */
export const ALERT_MAIL_PREFERENCE: Record<AlertKind, NotificationPreferenceId> = {
  price: 'price-alerts',
  mentions: 'social-mentions',
  change: 'price-alerts',
  sentiment: 'social-mentions',
  spike: 'social-mentions',
};

export const ALERT_MESSAGES = {
  /** 403 on create or update with email on: mail goes only to an address proven to be the owner's (docs/security.md §25). */
  verifyForEmail: 'Verify your email address before an alert can email you. Alerts without email (in-app only) work now.',
} as const;

const alertId = z.number({ error: 'id must be a whole number' }).int('id must be a whole number').positive('id must be a whole number');

/**
 * docs/product.md §3's alert payload {symbol, price, condition, email?}, with `kind` (default price) for
 * the others: mentions {mentions} fires above a whole number of posts in an hour; change {percent,
 * window} on a move of at least `percent` either way; sentiment {condition, score} on the 24-hour
 * mean; spike {factor} on an hour's mentions above `factor` times the usual (docs/market-data.md).
 * `repeat` (optional) makes it fire again after a cooldown. Channels (optional): `webhookUrl`
 * (signed, docs/webhooks.md), `slackWebhookUrl`, `discordWebhookUrl`, `telegramChatId`.
 */
export const createAlertSchema = z
  .object({
    kind: z.enum(ALERT_KINDS, { error: `kind must be one of ${ALERT_KINDS.join(', ')}` }).default('price'),
    symbol: symbolParam,
    price: z
      .number({ error: 'price must be a number greater than 0' })
      .positive('price must be a number greater than 0')
      .finite()
      .optional(),
    condition: z.enum(ALERT_CONDITIONS, { error: `condition must be one of ${ALERT_CONDITIONS.join(', ')}` }).optional(),
    mentions: z
      .number({ error: 'mentions must be a whole number of 0 or more' })
      .int('mentions must be a whole number of 0 or more')
      .min(0, 'mentions must be a whole number of 0 or more')
      .max(1_000_000, 'mentions must be at most 1000000')
      .optional(),
    percent: percentField.optional(),
    window: windowField.optional(),
    score: scoreField.optional(),
    factor: factorField.optional(),
    email: z.boolean({ error: 'email must be true or false' }).default(true),
    webhookUrl: webhookUrlSchema.optional(),
    slackWebhookUrl: slackWebhookUrlField.optional(),
    discordWebhookUrl: discordWebhookUrlField.optional(),
    telegramChatId: telegramChatIdField.optional(),
    repeat: repeatField.optional(),
  })
  .superRefine((input, ctx) => {
    const need = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
    const conditionMessage = `condition must be one of ${ALERT_CONDITIONS.join(', ')}`;
    if (input.kind === 'price') {
      if (input.price === undefined) need('price', 'price must be a number greater than 0');
      if (input.condition === undefined) need('condition', conditionMessage);
    } else if (input.kind === 'mentions') {
      if (input.mentions === undefined) need('mentions', 'mentions must be a whole number of 0 or more');
    } else if (input.kind === 'change') {
      if (input.percent === undefined) need('percent', 'percent must be a number greater than 0');
      if (input.window === undefined) need('window', 'window must be one of 1h, 24h');
    } else if (input.kind === 'sentiment') {
      if (input.condition === undefined) need('condition', conditionMessage);
      if (input.score === undefined) need('score', 'score must be a number from 0 to 1');
    } else if (input.factor === undefined) {
      need('factor', 'factor must be a number of at least 1.5');
    }
  })
  .transform((input) => ({
    kind: input.kind,
    symbol: input.symbol,
    // Change and spike alerts fire on a figure above their threshold.
    condition: input.kind === 'price' || input.kind === 'sentiment' ? (input.condition ?? 'above') : ('above' as const),
    threshold: thresholdOf(input),
    window: input.kind === 'change' ? (input.window ?? null) : null,
    email: input.email,
    webhookUrl: input.webhookUrl ?? null,
    slackWebhookUrl: input.slackWebhookUrl ?? null,
    discordWebhookUrl: input.discordWebhookUrl ?? null,
    telegramChatId: input.telegramChatId ?? null,
    repeat: input.repeat ?? null,
  }));

function thresholdOf(input: {
  kind: AlertKind;
  price?: number;
  mentions?: number;
  percent?: number;
  score?: number;
  factor?: number;
}): number {
  const byKind: Record<AlertKind, number | undefined> = {
    price: input.price,
    mentions: input.mentions,
    change: input.percent,
    sentiment: input.score,
    spike: input.factor,
  };
  return byKind[input.kind] ?? 0;
}

export type CreateAlertInput = z.output<typeof createAlertSchema>;

/** Pause (active false), resume (true), re-arm a fired alert, or change its email flag. */
export const updateAlertSchema = z
  .object({
    id: alertId,
    active: z.boolean({ error: 'active must be true or false' }).optional(),
    rearm: z.literal(true, { error: 'rearm must be true' }).optional(),
    email: z.boolean({ error: 'email must be true or false' }).optional(),
  })
  .refine((input) => input.active !== undefined || input.rearm !== undefined || input.email !== undefined, {
    message: 'active, rearm or email is required',
  });
export type UpdateAlertInput = z.output<typeof updateAlertSchema>;

export const alertIdSchema = z.object({ id: alertId });

export interface Alert {
  id: number;
  kind: AlertKind;
  symbol: string;
  /** `above` for change and spike alerts. */
  condition: AlertCondition;
  /** USD (price), posts in the last hour (mentions), percent (change), 0-1 score (sentiment), factor (spike). */
  threshold: number;
  /** The change alert's window; null for the other kinds. */
  window: ChangeWindow | null;
  /** Null: fires once, then waits to be re-armed. */
  repeat: AlertRepeat | null;
  email: boolean;
  active: boolean;
  createdAt: string;
  /** When it fired and at what price or count; null while armed. */
  firedAt: string | null;
  firedValue: number | null;
  /** Where it is also POSTed when it fires; null for none. */
  webhookUrl: string | null;
  /** Slack and Discord webhook URLs, shown masked (their path is the credential); null for none. */
  slackWebhookUrl: string | null;
  discordWebhookUrl: string | null;
  telegramChatId: string | null;
  /** Channels whose latest delivery for this alert failed for good (every retry spent, or refused). */
  failingChannels: AlertChannel[];
  /**
   * A repeating alert that fired: from when it may fire again (the cooldown's end), and whether its
   * condition has stopped holding since (it must, before it fires again). Null/false otherwise.
   */
  nextEligibleAt: string | null;
  conditionCleared: boolean;
}

export const updateNotificationPrefSchema = z.object({
  id: z.enum(NOTIFICATION_PREFERENCE_IDS, { error: `id must be one of ${NOTIFICATION_PREFERENCE_IDS.join(', ')}` }),
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});

export interface NotificationPreference {
  id: NotificationPreferenceId;
  name: string;
  description: string;
  enabled: boolean;
}

/** Notifications, newest first; docs/product.md §9's default page size. */
export const notificationsQuerySchema = z
  .object({
    page: z.number({ error: 'page must be a whole number' }).int('page must be a whole number').min(1, 'page must be 1 or more').default(1),
    limit: z
      .number({ error: 'limit must be a whole number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be between 1 and 100')
      .max(100, 'limit must be between 1 and 100')
      .default(25),
  })
  .prefault({});

export interface AppNotification {
  id: number;
  kind: string;
  title: string;
  body: string;
  alertId: number | null;
  createdAt: string;
  read: boolean;
}

export interface NotificationPage {
  notifications: AppNotification[];
  pagination: { total: number; page: number; limit: number; pages: number };
}
