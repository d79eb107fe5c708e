import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, type AuthResult } from './auth.js';
import { text } from './text.js';

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the code from your authenticator app, or a recovery code',
  codeInvalid: 'Enter the 6-digit code from your authenticator app, or a recovery code',
  challengeMissing: 'Sign in again: the two-factor step has no sign-in to finish',
  currentPasswordRequired: 'Current password is required',
} as const;

const m = TWO_FACTOR_MESSAGES;

/** A 6-digit authenticator code, or a recovery code (`xxxx-xxxx-xxxx-xxxx`, letters and digits; spaces and case ignored). */
export const twoFactorCodeSchema = text('Code', { error: m.codeRequired })
  .trim()
  .min(1, m.codeRequired)
  .max(40, m.codeInvalid)
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^(\d{6}|[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}-?[A-Za-z0-9]{4})$/, m.codeInvalid));

const currentPassword = text('Current password', { error: m.currentPasswordRequired })
  .min(1, m.currentPasswordRequired)
  .max(PASSWORD_MAX_LENGTH, m.currentPasswordRequired);

/** Sign-in's second step: the challenge the first step answered, and a code. */
export const twoFactorSignInSchema = z.object({
  challenge: z.string({ error: m.challengeMissing }).trim().min(1, m.challengeMissing).max(200, m.challengeMissing),
  code: twoFactorCodeSchema,
});
export type TwoFactorSignInInput = z.input<typeof twoFactorSignInSchema>;

/** Starting an enrolment needs the password: a stolen session must not lock the owner out. */
export const twoFactorSetupSchema = z.object({ currentPassword });
export type TwoFactorSetupInput = z.input<typeof twoFactorSetupSchema>;

/** Confirms an enrolment with a code from the authenticator (6 digits only: no recovery codes yet). */
export const twoFactorConfirmSchema = z.object({
  code: text('Code', { error: m.codeRequired })
    .trim()
    .min(1, m.codeRequired)
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});
export type TwoFactorConfirmInput = z.input<typeof twoFactorConfirmSchema>;

/** Turning two-factor sign-in off needs the password and a code (or a recovery code). */
export const twoFactorDisableSchema = z.object({ currentPassword, code: twoFactorCodeSchema });
export type TwoFactorDisableInput = z.input<typeof twoFactorDisableSchema>;

/** A sign-in whose password (or mailed link) was right, on an account that asks for a code. */
export interface TwoFactorChallenge {
  twoFactorRequired: true;
  /** Single use, for `TWO_FACTOR_CHALLENGE_MINUTES`; it is not a session and opens nothing else. */
  challenge: string;
}

/** What a sign-in answers: a session, or the challenge of its second step. */
export type SignInResult = AuthResult | TwoFactorChallenge;

export const TWO_FACTOR_CHALLENGE_MINUTES = 5;
export const RECOVERY_CODE_COUNT = 10;

export function needsSecondFactor(result: SignInResult): result is TwoFactorChallenge {
  return 'twoFactorRequired' in result;
}

export interface TwoFactorStatus {
  enabled: boolean;
  /** Unused recovery codes (0 when off). */
  recoveryCodesLeft: number;
}

/** An enrolment begun: shown once, until it is confirmed; the secret is never answered again. */
export interface TwoFactorEnrolment {
  /** Base32, for typing into an authenticator by hand. */
  secret: string;
  /** `otpauth://totp/…`, what the QR code holds. */
  uri: string;
  /** The QR code of `uri`, an SVG image as a data URL. */
  qrCode: string;
}

export interface RecoveryCodes {
  /** Ten single-use codes, shown once. */
  recoveryCodes: string[];
}

/** One signed-in session of the account (Settings → Security). */
export interface SessionInfo {
  id: string;
  /** Browser and system read from the user agent, e.g. `Chrome 131 on macOS`; `Unknown device` without one. */
  device: string;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  /** The session this request came with. */
  current: boolean;
}

export const sessionIdSchema = z.object({
  id: z
    .string({ error: 'Session id is required' })
    .trim()
    .regex(/^ses_[A-Za-z0-9_-]{1,40}$/, 'Session id is invalid'),
});
export type SessionIdInput = z.input<typeof sessionIdSchema>;
