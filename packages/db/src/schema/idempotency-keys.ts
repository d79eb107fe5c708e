import type { Generated, JSONColumnType } from 'kysely';

/** The kept first answer to a /v1 POST with an Idempotency-Key, per account, for 24 hours. */
export interface IdempotencyKeysTable {
  user_id: string;
  /** The client's Idempotency-Key header, 1–255 visible ASCII characters. */
  key: string;
  /** Hex SHA-256 of method, path and canonical JSON body: the same key with another body is refused. */
  request_hash: string;
  status_code: number;
  response: JSONColumnType<object, string, string>;
  created_at: Generated<Date>;
}
