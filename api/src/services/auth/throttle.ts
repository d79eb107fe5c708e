import { createHash } from 'node:crypto';
import type { RateLimit, RateLimits } from '../rate-limit.js';

/**
 * Failed logins are counted three ways. Per account and address stops guessing from one place
 * quickly; per account stops a spread-out attack on one victim; per address stops one place
 * trying many accounts. Windows are short, so an attacker can lock a victim out for at most
 * 15 minutes after they stop, and a successful login clears the account-and-address count.
 */
export interface AuthLimits {
  loginFailuresByAccountAndIp: RateLimit;
  loginFailuresByAccount: RateLimit;
  loginFailuresByIp: RateLimit;
  signupsByIp: RateLimit;
  resetRequestsByIp: RateLimit;
  /** Past this a reset request for the account is accepted but sends no more mail. */
  resetMailsByAccount: RateLimit;
  /** Reset and email links tried (good or bad): a flood of made-up tokens is refused before any work. */
  linkAttemptsByIp: RateLimit;
  /** Current-password checks of a signed-in user (password or email change), counted like logins. */
  passwordChecksByUser: RateLimit;
  /** "Resend verification email" from settings: a few a day is plenty for a person. */
  verificationMailsByUser: RateLimit;
}

export function createAuthLimits(limits: RateLimits): AuthLimits {
  return {
    loginFailuresByAccountAndIp: limits.create({ name: 'login-fail-account-ip', points: 5, durationSeconds: 15 * 60 }),
    loginFailuresByAccount: limits.create({ name: 'login-fail-account', points: 20, durationSeconds: 15 * 60 }),
    loginFailuresByIp: limits.create({ name: 'login-fail-ip', points: 100, durationSeconds: 60 * 60 }),
    signupsByIp: limits.create({ name: 'signup-ip', points: 10, durationSeconds: 60 * 60 }),
    resetRequestsByIp: limits.create({ name: 'reset-ip', points: 10, durationSeconds: 60 * 60 }),
    resetMailsByAccount: limits.create({ name: 'reset-account', points: 3, durationSeconds: 60 * 60 }),
    linkAttemptsByIp: limits.create({ name: 'link-use-ip', points: 20, durationSeconds: 60 * 60 }),
    passwordChecksByUser: limits.create({ name: 'password-check-user', points: 5, durationSeconds: 15 * 60 }),
    verificationMailsByUser: limits.create({ name: 'verify-mail-user', points: 3, durationSeconds: 60 * 60 }),
  };
}

export const TOO_MANY_LOGINS_MESSAGE = 'Too many failed sign-in attempts. Please wait and try again.';
export const TOO_MANY_PASSWORD_CHECKS_MESSAGE = 'Too many wrong passwords. Please wait and try again.';

/**
 * Counts a current-password check before it runs (so concurrent guesses are all counted) and gives
 * the count back when the password was right: only wrong guesses add up.
 */
export async function checkCurrentPassword(limits: AuthLimits, userId: string, verify: () => Promise<boolean>): Promise<boolean> {
  await limits.passwordChecksByUser.consume(userId, TOO_MANY_PASSWORD_CHECKS_MESSAGE);
  const valid = await verify();
  if (valid) await limits.passwordChecksByUser.refund(userId);
  return valid;
}

/** The key an account's counters are kept under: the same for any case or spacing of its email. */
export function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}
