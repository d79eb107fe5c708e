import type { NumberFormat, Theme } from '@coinsight/contracts';
import type { Generated } from 'kysely';

/** An account's display preferences; no row means the defaults. */
export interface UserPreferencesTable {
  /** The account (users.id); one row each. */
  user_id: string;
  /** An IANA time zone, canonical spelling. */
  time_zone: Generated<string>;
  theme: Generated<Theme>;
  number_format: Generated<NumberFormat>;
  updated_at: Generated<Date>;
}
