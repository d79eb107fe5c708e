import type { Generated, Selectable } from 'kysely';

/** An account's authenticator (TOTP): enrolment begun, or confirmed (two-factor sign-in on). */
export interface TwoFactorTable {
  user_id: string;
  /** AES-256-GCM of the base32 secret (`iv.tag.ciphertext`, base64url); never answered after enrolment. */
  secret_encrypted: string;
  /** Set by a right code after enrolment; null while the enrolment waits for it. */
  confirmed_at: Date | null;
  /** The time step (unix seconds / 30) of the last code accepted: older or equal steps are refused. */
  last_step: number | null;
  created_at: Generated<Date>;
}

/** A single-use recovery code: only its SHA-256 is kept. */
export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: Date | null;
  created_at: Generated<Date>;
}

/** The second step of a sign-in that needs a code: a short-lived, single-use token (hashed). */
export interface TwoFactorChallengesTable {
  id: string;
  user_id: string;
  token_hash: string;
  /** How the first step was proved: `password` or `link`. */
  method: 'password' | 'link';
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
}

export type TwoFactorRow = Selectable<TwoFactorTable>;
