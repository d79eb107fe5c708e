import type { AlertCondition, AlertKind, ChangeWindow, NotificationPreferenceId } from '@coinsight/contracts';
import type { Generated } from 'kysely';

/**
 * A user's alert. Without `cooldown_minutes`, `fired_at` set means fired and spent until re-armed;
 * with it, the alert fires again after the cooldown once `cleared_at` (the condition stopped holding) is set.
 */
export interface AlertsTable {
  id: Generated<number>;
  user_id: string;
  kind: AlertKind;
  symbol: string;
  condition: AlertCondition;
  /** USD (price), posts in the last hour (mentions), percent (change), 0-1 score (sentiment), factor (spike). */
  threshold: number;
  /** The change alert's window; null for every other kind. */
  change_window: ChangeWindow | null;
  email: Generated<boolean>;
  active: Generated<boolean>;
  created_at: Generated<Date>;
  fired_at: Date | null;
  fired_value: number | null;
  /** Also POSTed here when it fires (docs/webhooks.md); null for none. */
  webhook_url: string | null;
  /** Null: fires once. Otherwise the minutes after a firing before it may fire again. */
  cooldown_minutes: number | null;
  /** When a repeating alert's condition was first seen not holding since it last fired; null until then. */
  cleared_at: Date | null;
  slack_webhook_url: string | null;
  discord_webhook_url: string | null;
  telegram_chat_id: string | null;
}

/** A user's choice for one preference; without a row the default applies. */
export interface NotificationPrefsTable {
  user_id: string;
  pref: NotificationPreferenceId;
  enabled: boolean;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: string;
  kind: string;
  title: string;
  body: string;
  alert_id: number | null;
  created_at: Generated<Date>;
  read_at: Date | null;
}
