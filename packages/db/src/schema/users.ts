import type { ColumnType, Generated, Selectable } from 'kysely';

/** The account's API plan (limits, quota, billing: packages/contracts/src/plans.ts). */
export type AccountPlan = 'free' | 'pro';

export interface SocialAccounts {
  twitter?: string;
  facebook?: string;
  instagram?: string;
}

export interface UsersTable {
  /** Prefixed random id, e.g. `usr_…`. */
  id: string;
  username: string;
  /** Stored as given; uniqueness is case-insensitive (index on lower(email)). */
  email: string;
  password_hash: string;
  avatar: string | null;
  social_accounts: ColumnType<SocialAccounts, SocialAccounts | undefined, SocialAccounts>;
  /**
   * Set from Stripe's signed webhooks (Pro while the subscription is active), the past-due grace
   * sweep, a downgrade, or the operator's `pnpm admin grant-plan`; each change is recorded in plan_changes.
   */
  plan: ColumnType<AccountPlan, AccountPlan | undefined, AccountPlan>;
  /** Bumped on password change, reset and logout: tokens carry it and older ones stop verifying. */
  token_version: Generated<number>;
  /** When the owner proved the current address is theirs (sign-up link); null until then. Needed for API keys. */
  email_verified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type UserRow = Selectable<UsersTable>;
