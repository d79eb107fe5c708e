import type { ColumnType, Generated, Selectable } from 'kysely';

/** A /v1 API key. The secret itself is never stored. */
export interface ApiKeysTable {
  id: Generated<number>;
  user_id: string;
  /** 1–64 characters, chosen by the user. */
  name: string;
  /** The secret's first characters (`cs_live_AbCd`), shown in lists to tell keys apart. */
  prefix: string;
  /** Hex SHA-256 of the secret: a fast hash suffices for 192 random bits, and /v1 hashes on every call. */
  secret_hash: string;
  created_at: Generated<Date>;
  /** Updated at most about once a minute per key, not on every call. */
  last_used_at: Date | null;
  /** Set on delete: the key fails from the next call on; the row stays for usage history. */
  deleted_at: Date | null;
  /** A team key's maker (docs/accounts.md, "Teams"): removing them from the team deletes it. Null on personal keys. */
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export type ApiKeyRow = Selectable<ApiKeysTable>;
