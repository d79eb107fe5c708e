import { createHash, randomBytes } from 'node:crypto';
import {
  AUTH_MESSAGES,
  type AuthResult,
  type PublicUser,
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  signupSchema,
  updateProfileSchema,
} from '@coinsight/contracts';
import type { Db } from '@coinsight/db';
import { sql } from 'kysely';
import type { Client } from '../../rest/client.js';
import { AppError } from '../errors.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import type { RateLimits } from '../rate-limit.js';
import { passwordChangedMail, resetPasswordMail } from './mails.js';
import { hashPassword, isCommonPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords.js';
import { createAuthThrottle, TOO_MANY_LOGINS_MESSAGE } from './throttle.js';
import { SESSION_TTL_SECONDS, signSessionToken } from './tokens.js';
import { newId, PUBLIC_USER_COLUMNS, toPublicUser } from './users.js';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const RESET_REQUESTED_MESSAGE = 'If an account exists for that email, a password reset link has been sent.';
export const INVALID_RESET_TOKEN_MESSAGE = 'This reset link is invalid or has expired. Please request a new one.';
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';
export const USERNAME_TAKEN_MESSAGE = 'This username is already taken';
const RESET_TTL_MS = 60 * 60 * 1000;

export interface AccountsLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface AccountsDeps {
  db: Db;
  jwtSecret: string;
  publicUrl: string;
  mailer: Mailer;
  limits: RateLimits;
  log: AccountsLog;
}

export type Accounts = ReturnType<typeof createAccounts>;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const emailKey = (email: string) => sha256(email.trim().toLowerCase());

/** Sign-up to password reset, one implementation behind REST and tRPC. */
export function createAccounts(deps: AccountsDeps) {
  const { db, jwtSecret, mailer, log } = deps;
  const throttle = createAuthThrottle(deps.limits);

  function refuseCommon(password: string): void {
    if (isCommonPassword(password)) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.passwordTooCommon);
  }

  async function openSession(executor: Db, user: { id: string; token_version: number }, client: Client): Promise<string> {
    const sessionId = newId('ses');
    await executor
      .insertInto('sessions')
      .values({
        id: sessionId,
        user_id: user.id,
        expires_at: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
        revoked_at: null,
        user_agent: client.userAgent,
        ip: client.ip,
      })
      .execute();
    return signSessionToken({ sub: user.id, jti: sessionId, ver: user.token_version }, jwtSecret);
  }

  /** Mail that must not hold up (or, by its timing, reveal anything in) the answer. */
  function sendLater(message: MailMessage, event: string): void {
    mailer.send(message).catch((error: unknown) => log.error({ err: error, event }, 'mail could not be sent'));
  }

  /** Unique-index violations become the 409 a person can act on. */
  function conflictFrom(error: unknown): AppError | null {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code !== '23505') return null;
    if (constraint === 'users_email_lower_key') return new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE);
    if (constraint === 'users_username_lower_key') return new AppError('CONFLICT', USERNAME_TAKEN_MESSAGE);
    return null;
  }

  return {
    async signup(raw: unknown, client: Client): Promise<AuthResult> {
      const input = signupSchema.parse(raw);
      refuseCommon(input.password);
      await throttle.signupsByIp.consume(client.ip);
      const passwordHash = await hashPassword(input.password);
      try {
        return await db.transaction().execute(async (trx) => {
          const user = await trx
            .insertInto('users')
            .values({ id: newId('usr'), username: input.username, email: input.email, password_hash: passwordHash, avatar: null, social_accounts: {} })
            .returning([...PUBLIC_USER_COLUMNS, 'users.token_version'])
            .executeTakeFirstOrThrow();
          const token = await openSession(trx, user, client);
          log.info({ event: 'auth.signup', userId: user.id }, 'account created');
          return { token, user: toPublicUser(user) };
        });
      } catch (error) {
        throw conflictFrom(error) ?? error;
      }
    },

    async login(raw: unknown, client: Client): Promise<AuthResult> {
      const input = loginSchema.parse(raw);
      const account = emailKey(input.email);
      const accountAndIp = `${account}:${client.ip}`;
      await throttle.loginFailuresByAccountAndIp.check(accountAndIp, TOO_MANY_LOGINS_MESSAGE);
      await throttle.loginFailuresByAccount.check(account, TOO_MANY_LOGINS_MESSAGE);
      await throttle.loginFailuresByIp.check(client.ip, TOO_MANY_LOGINS_MESSAGE);

      const user = await db
        .selectFrom('users')
        .select([...PUBLIC_USER_COLUMNS, 'users.password_hash', 'users.token_version'])
        .where(sql`lower(email)`, '=', input.email.toLowerCase())
        .executeTakeFirst();
      const valid = user ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstDummy(input.password);
      if (!user || !valid) {
        await Promise.all([
          throttle.loginFailuresByAccountAndIp.consume(accountAndIp).catch(() => undefined),
          throttle.loginFailuresByAccount.consume(account).catch(() => undefined),
          throttle.loginFailuresByIp.consume(client.ip).catch(() => undefined),
        ]);
        log.info({ event: 'auth.login_failed', userId: user?.id ?? null, ip: client.ip }, 'sign-in refused');
        throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS_MESSAGE);
      }
      await throttle.loginFailuresByAccountAndIp.reset(accountAndIp);
      if (needsRehash(user.password_hash)) {
        await db.updateTable('users').set({ password_hash: await hashPassword(input.password) }).where('id', '=', user.id).execute();
      }
      const token = await openSession(db, user, client);
      log.info({ event: 'auth.login', userId: user.id, ip: client.ip }, 'signed in');
      return { token, user: toPublicUser(user) };
    },

    async logout(sessionId: string): Promise<void> {
      await db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
      log.info({ event: 'auth.logout', sessionId }, 'signed out');
    },

    async forgotPassword(raw: unknown, client: Client): Promise<{ message: string }> {
      const input = forgotPasswordSchema.parse(raw);
      await throttle.resetRequestsByIp.consume(client.ip);
      // Counted before the lookup, so known and unknown addresses take the same path this far.
      const underLimit = await throttle.resetMailsByAccount.consume(emailKey(input.email)).then(
        () => true,
        () => false,
      );
      const user = await db
        .selectFrom('users')
        .select(['id', 'username', 'email'])
        .where(sql`lower(email)`, '=', input.email.toLowerCase())
        .executeTakeFirst();
      // The answer is the same either way; only the mail differs.
      if (!user) return { message: RESET_REQUESTED_MESSAGE };
      if (!underLimit) {
        log.warn({ event: 'auth.reset_throttled', userId: user.id }, 'reset mail not sent: too many requests for this account');
        return { message: RESET_REQUESTED_MESSAGE };
      }
      const token = randomBytes(32).toString('base64url');
      await db
        .insertInto('password_resets')
        .values({ id: newId('pwr'), user_id: user.id, token_hash: sha256(token), expires_at: new Date(Date.now() + RESET_TTL_MS), used_at: null })
        .execute();
      // Built from PUBLIC_URL, never from the request's Host header.
      const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      sendLater(resetPasswordMail(user.email, user.username, link), 'auth.reset_mail');
      log.info({ event: 'auth.reset_requested', userId: user.id }, 'password reset requested');
      return { message: RESET_REQUESTED_MESSAGE };
    },

    async resetPassword(raw: unknown): Promise<{ message: string }> {
      const input = resetPasswordSchema.parse(raw);
      refuseCommon(input.password);
      const passwordHash = await hashPassword(input.password);
      const user = await db.transaction().execute(async (trx) => {
        const now = new Date();
        // Claiming the token and checking it are one statement: two concurrent uses cannot both win.
        const reset = await trx
          .updateTable('password_resets')
          .set({ used_at: now })
          .where('token_hash', '=', sha256(input.token))
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .returning('user_id')
          .executeTakeFirst();
        if (!reset) return null;
        await trx.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', reset.user_id).where('used_at', 'is', null).execute();
        await trx.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', reset.user_id).where('revoked_at', 'is', null).execute();
        return trx
          .updateTable('users')
          .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1), updated_at: now }))
          .where('id', '=', reset.user_id)
          .returning(['id', 'username', 'email'])
          .executeTakeFirstOrThrow();
      });
      if (!user) {
        log.info({ event: 'auth.reset_refused' }, 'password reset refused: invalid, used or expired token');
        throw new AppError('BAD_REQUEST', INVALID_RESET_TOKEN_MESSAGE);
      }
      sendLater(passwordChangedMail(user.email, user.username, 'reset'), 'auth.reset_notice');
      log.info({ event: 'auth.reset', userId: user.id }, 'password reset');
      return { message: 'Your password has been reset.' };
    },

    async updateProfile(userId: string, raw: unknown): Promise<PublicUser> {
      const input = updateProfileSchema.parse(raw);
      const socialAccounts = Object.fromEntries(Object.entries(input.socialAccounts).filter(([, handle]) => handle));
      try {
        const row = await db
          .updateTable('users')
          .set({ username: input.username, email: input.email, social_accounts: socialAccounts, updated_at: new Date() })
          .where('id', '=', userId)
          .returning([...PUBLIC_USER_COLUMNS])
          .executeTakeFirst();
        if (!row) throw new AppError('NOT_FOUND', 'Account not found');
        return toPublicUser(row);
      } catch (error) {
        throw conflictFrom(error) ?? error;
      }
    },

    /** Ends every session, this one included, and answers a fresh token for the caller. */
    async changePassword(userId: string, raw: unknown, client: Client): Promise<{ message: string; token: string }> {
      const input = changePasswordSchema.parse(raw);
      const user = await db.selectFrom('users').select(['id', 'username', 'email', 'password_hash']).where('id', '=', userId).executeTakeFirst();
      if (!user) throw new AppError('NOT_FOUND', 'Account not found');
      if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
        log.info({ event: 'auth.change_password_refused', userId }, 'password change refused: wrong current password');
        throw new AppError('BAD_REQUEST', WRONG_CURRENT_PASSWORD_MESSAGE);
      }
      refuseCommon(input.newPassword);
      const passwordHash = await hashPassword(input.newPassword);
      const token = await db.transaction().execute(async (trx) => {
        const now = new Date();
        await trx.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
        const updated = await trx
          .updateTable('users')
          .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1), updated_at: now }))
          .where('id', '=', userId)
          .returning(['id', 'token_version'])
          .executeTakeFirstOrThrow();
        return openSession(trx, updated, client);
      });
      sendLater(passwordChangedMail(user.email, user.username, 'changed'), 'auth.change_notice');
      log.info({ event: 'auth.password_changed', userId }, 'password changed');
      return { message: 'Password changed successfully.', token };
    },
  };
}
