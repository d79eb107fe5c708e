import type { AlertCondition, AlertKind, NotificationPreferenceId } from '@coinsight/contracts';
import type { Generated } from 'kysely';

/** A user's price or mention alert; `fired_at` set means fired and spent until re-armed. */
export interface AlertsTable {
  id: Generated<number>;
  user_id: string;
  kind: AlertKind;
  symbol: string;
  condition: AlertCondition;
  /** USD (price alert) or posts in the last hour (mention alert). */
  threshold: number;
  email: Generated<boolean>;
  active: Generated<boolean>;
  created_at: Generated<Date>;
  fired_at: Date | null;
  fired_value: number | null;
  /** Also POSTed here when it fires (docs/webhooks.md); null for none. */
  webhook_url: string | null;
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
