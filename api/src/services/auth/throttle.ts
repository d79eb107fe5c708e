import { createHash } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import type { RateLimit, RateLimits } from '../rate-limit.js';

/**
 * Failed logins are counted three ways. Per account and address stops guessing from one place
 * quickly; per address stops one place trying many accounts. The per-account bound stops a
 * spread-out attack on one victim without locking the owner out: once it is reached, only
 * addresses that have themselves failed on the account are refused, so a right password from an
 * address that has not been guessing still gets in, and each fresh address an attacker brings
 * gets one guess instead of five (login.ts, docs/accounts.md).
 *
 * Sign-ups are counted per address (IPv4, or the IPv6 /64 a host is given), per network (IPv4
 * /24, IPv6 /48: one provider's customer rotating addresses) and across the whole service; past
 * the global rate new sign-ups are answered 429 until the minute ends, and the operator is told.
 */
export interface AuthLimits {
  loginFailuresByAccountAndIp: RateLimit;
  loginFailuresByAccount: RateLimit;
  loginFailuresByIp: RateLimit;
  signupsByIp: RateLimit;
  signupsByNetwork: RateLimit;
  /** Every sign-up of the service, under one key: SIGNUP_RATE_PER_MINUTE. */
  signupsGlobal: RateLimit;
  resetRequestsByIp: RateLimit;
  /** Past this a reset request for the account is accepted but sends no more mail. */
  resetMailsByAccount: RateLimit;
  /** One-click sign-in links asked for, per address (429 past it). */
  loginLinkRequestsByIp: RateLimit;
  /** Past this a sign-in link request for the account is accepted but sends no more mail. */
  loginLinkMailsByAccount: RateLimit;
  /** Reset and email links tried (good or bad): a flood of made-up tokens is refused before any work. */
  linkAttemptsByIp: RateLimit;
  /** Current-password checks of a signed-in user (password or email change), counted like logins. */
  passwordChecksByUser: RateLimit;
  /** "Resend verification email" from settings: a few a day is plenty for a person. */
  verificationMailsByUser: RateLimit;
  /** Wrong two-factor codes, per account and address, then per account (as failed logins: two-factor/check.ts). */
  twoFactorFailuresByAccountAndIp: RateLimit;
  twoFactorFailuresByAccount: RateLimit;
}

/** The numbers docs/accounts.md states; the global sign-up rate is the operator's (SIGNUP_RATE_PER_MINUTE). */
export const LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
export const LOGIN_FAILURES_PER_ACCOUNT = 20;
export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const SIGNUPS_PER_ADDRESS_PER_HOUR = 5;
export const SIGNUPS_PER_NETWORK_PER_HOUR = 20;
export const DEFAULT_SIGNUPS_PER_MINUTE = 30;
export const TWO_FACTOR_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
export const TWO_FACTOR_FAILURES_PER_ACCOUNT = 20;

export function createAuthLimits(limits: RateLimits, options: { signupsPerMinute?: number } = {}): AuthLimits {
  return {
    loginFailuresByAccountAndIp: limits.create({
      name: 'login-fail-account-ip',
      points: LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
      durationSeconds: LOGIN_WINDOW_SECONDS,
    }),
    loginFailuresByAccount: limits.create({
      name: 'login-fail-account',
      points: LOGIN_FAILURES_PER_ACCOUNT,
      durationSeconds: LOGIN_WINDOW_SECONDS,
    }),
    loginFailuresByIp: limits.create({ name: 'login-fail-ip', points: 100, durationSeconds: 60 * 60 }),
    signupsByIp: limits.create({ name: 'signup-ip', points: SIGNUPS_PER_ADDRESS_PER_HOUR, durationSeconds: 60 * 60 }),
    signupsByNetwork: limits.create({ name: 'signup-net', points: SIGNUPS_PER_NETWORK_PER_HOUR, durationSeconds: 60 * 60 }),
    signupsGlobal: limits.create({
      name: 'signup-all',
      points: options.signupsPerMinute ?? DEFAULT_SIGNUPS_PER_MINUTE,
      durationSeconds: 60,
    }),
    resetRequestsByIp: limits.create({ name: 'reset-ip', points: 10, durationSeconds: 60 * 60 }),
    resetMailsByAccount: limits.create({ name: 'reset-account', points: 3, durationSeconds: 60 * 60 }),
    loginLinkRequestsByIp: limits.create({ name: 'login-link-ip', points: 10, durationSeconds: 60 * 60 }),
    loginLinkMailsByAccount: limits.create({ name: 'login-link-account', points: 3, durationSeconds: 60 * 60 }),
    linkAttemptsByIp: limits.create({ name: 'link-use-ip', points: 20, durationSeconds: 60 * 60 }),
    passwordChecksByUser: limits.create({ name: 'password-check-user', points: 5, durationSeconds: 15 * 60 }),
    verificationMailsByUser: limits.create({ name: 'verify-mail-user', points: 3, durationSeconds: 60 * 60 }),
    twoFactorFailuresByAccountAndIp: limits.create({
      name: 'totp-fail-account-ip',
      points: TWO_FACTOR_FAILURES_PER_ACCOUNT_AND_ADDRESS,
      durationSeconds: LOGIN_WINDOW_SECONDS,
    }),
    twoFactorFailuresByAccount: limits.create({
      name: 'totp-fail-account',
      points: TWO_FACTOR_FAILURES_PER_ACCOUNT,
      durationSeconds: LOGIN_WINDOW_SECONDS,
    }),
  };
}

export const TOO_MANY_LOGINS_MESSAGE = 'Too many failed sign-in attempts. Please wait and try again.';
/** Past the global sign-up rate: nothing is wrong with this person's request, the service is busy. */
export const SIGNUPS_BUSY_MESSAGE = 'Sign-ups are busy right now. Please try again in a minute.';
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

/**
 * The keys a client's sign-ups are counted under. An IPv4-mapped IPv6 address (::ffff:a.b.c.d,
 * what a dual-stack socket reports) is its IPv4 address. An IPv6 host is given a whole /64, so
 * that is its "address"; the network is the IPv4 /24 or the IPv6 /48 a site is given. Something
 * that is not an address (a test's or a proxy's oddity) is its own address and network.
 */
export function signupKeys(ip: string): { address: string; network: string } {
  if (!ipaddr.isValid(ip)) return { address: ip, network: ip };
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') {
    const octets = (parsed as ipaddr.IPv4).octets;
    return { address: parsed.toString(), network: `${octets.slice(0, 3).join('.')}.0/24` };
  }
  const parts = (parsed as ipaddr.IPv6).parts;
  const prefix = (count: number) =>
    parts
      .slice(0, count)
      .map((part) => part.toString(16))
      .join(':');
  return { address: `${prefix(4)}::/64`, network: `${prefix(3)}::/48` };
}
