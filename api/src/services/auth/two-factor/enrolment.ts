import type {
  RecoveryCodes,
  TwoFactorEnrolment,
  TwoFactorStatus,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  twoFactorSetupSchema,
} from '@coinsight/contracts';
import type { Db } from '@coinsight/db';
import QRCode from 'qrcode';
import type { z } from 'zod';
import type { Caller, NoInput } from '../../caller.js';
import type { ServiceDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { sendMail } from '../../mail/send.js';
import { twoFactorChangedMail } from '../mails.js';
import { verifyPassword } from '../passwords.js';
import { checkCurrentPassword } from '../throttle.js';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '../../user/password.js';
import { checkSecondFactor, type SecondFactorDeps } from './check.js';
import { replaceRecoveryCodes } from './recovery-codes.js';
import { acceptedStep, decryptSecret, encryptSecret, newTotpSecret, totpOf } from './totp.js';

export const TWO_FACTOR_ALREADY_ON_MESSAGE = 'Two-factor sign-in is already on. Turn it off first to enrol another authenticator.';
export const TWO_FACTOR_NOT_STARTED_MESSAGE = 'Start the two-factor setup first: there is no authenticator waiting for a code.';
export const TWO_FACTOR_OFF_MESSAGE = 'Two-factor sign-in is not on for this account.';
export const WRONG_CODE_MESSAGE = 'The code is not right. Check your authenticator app and try again.';

/** Whether the user signs in with a second factor (a confirmed enrolment). For teams that require it. */
export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('two_factor')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function twoFactorStatus(deps: Pick<ServiceDeps, 'db'>, _input: NoInput, caller: Caller<'userId'>): Promise<TwoFactorStatus> {
  const enabled = await hasTwoFactor(deps.db, caller.userId);
  if (!enabled) return { enabled, recoveryCodesLeft: 0 };
  const { left } = await deps.db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('left'))
    .where('user_id', '=', caller.userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { enabled, recoveryCodesLeft: Number(left) };
}

type AccountDeps = Pick<ServiceDeps, 'db' | 'limits' | 'log' | 'jwtSecret'>;

/** The user's email, username and hash after their current password checked out (throttled); 400 otherwise. */
async function withCurrentPassword(deps: AccountDeps, userId: string, password: string) {
  const user = await deps.db.selectFrom('users').select(['email', 'username', 'password_hash']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND', 'Account not found');
  if (!(await checkCurrentPassword(deps.limits, userId, () => verifyPassword(user.password_hash, password)))) {
    deps.log.info({ event: 'auth.two_factor_password_refused', userId }, 'two-factor change refused: wrong current password');
    throw new AppError('BAD_REQUEST', WRONG_CURRENT_PASSWORD_MESSAGE, { param: 'currentPassword' });
  }
  return user;
}

/**
 * Begins an enrolment: a new secret (replacing one begun before and never confirmed), answered with
 * its otpauth:// URI and QR code. It is the only answer that ever carries the secret; sign-in asks
 * for codes only once one is confirmed.
 */
export async function startTwoFactor(
  deps: AccountDeps,
  input: z.infer<typeof twoFactorSetupSchema>,
  caller: Caller<'userId'>,
): Promise<TwoFactorEnrolment> {
  const user = await withCurrentPassword(deps, caller.userId, input.currentPassword);
  if (await hasTwoFactor(deps.db, caller.userId)) throw new AppError('CONFLICT', TWO_FACTOR_ALREADY_ON_MESSAGE);
  const secret = newTotpSecret();
  const sealed = encryptSecret(secret, deps.jwtSecret);
  await deps.db
    .insertInto('two_factor')
    .values({ user_id: caller.userId, secret_encrypted: sealed, confirmed_at: null, last_step: null })
    // A confirmed enrolment is never replaced here, even by a request racing its confirmation.
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret_encrypted: sealed, last_step: null, created_at: new Date() })
        .where('two_factor.confirmed_at', 'is', null),
    )
    .execute();
  const uri = totpOf(secret, user.email).toString();
  const qrCode = `data:image/svg+xml;base64,${Buffer.from(await QRCode.toString(uri, { type: 'svg', margin: 2 })).toString('base64')}`;
  deps.log.info({ event: 'auth.two_factor_started', userId: caller.userId }, 'two-factor enrolment started');
  return { secret, uri, qrCode };
}

/** Confirms the enrolment with a code from the authenticator: two-factor sign-in is on, ten recovery codes answered once. */
export async function confirmTwoFactor(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'jwtSecret' | 'mailer' | 'now' | 'sessions'>,
  input: z.infer<typeof twoFactorConfirmSchema>,
  caller: Caller<'userId'>,
): Promise<RecoveryCodes> {
  const { userId } = caller;
  const pending = await deps.db
    .selectFrom('two_factor')
    .innerJoin('users', 'users.id', 'two_factor.user_id')
    .select(['two_factor.secret_encrypted', 'two_factor.confirmed_at', 'users.email', 'users.username'])
    .where('two_factor.user_id', '=', userId)
    .executeTakeFirst();
  if (pending?.confirmed_at) throw new AppError('CONFLICT', TWO_FACTOR_ALREADY_ON_MESSAGE);
  const secret = pending ? decryptSecret(pending.secret_encrypted, deps.jwtSecret) : null;
  if (!pending || !secret) throw new AppError('BAD_REQUEST', TWO_FACTOR_NOT_STARTED_MESSAGE);
  const step = acceptedStep(secret, input.code, deps.now());
  if (step === null) throw new AppError('BAD_REQUEST', WRONG_CODE_MESSAGE, { param: 'code' });
  const recoveryCodes = await deps.db.transaction().execute(async (trx) => {
    const confirmed = await trx
      .updateTable('two_factor')
      .set({ confirmed_at: deps.now(), last_step: step })
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    if (!confirmed) throw new AppError('CONFLICT', TWO_FACTOR_ALREADY_ON_MESSAGE);
    return replaceRecoveryCodes(trx, userId);
  });
  await sendMail(deps, {
    message: twoFactorChangedMail(pending.email, pending.username, 'on'),
    when: 'after-answer',
    event: 'auth.two_factor_notice',
  });
  deps.log.info({ event: 'auth.two_factor_enabled', userId }, 'two-factor sign-in turned on');
  return { recoveryCodes };
}

/** Turns two-factor sign-in off: the password and a code (or a recovery code) both needed. */
export async function disableTwoFactor(
  deps: SecondFactorDeps & Pick<ServiceDeps, 'mailer'>,
  input: z.infer<typeof twoFactorDisableSchema>,
  caller: Caller<'userId' | 'client'>,
): Promise<{ message: string }> {
  const { userId } = caller;
  const user = await withCurrentPassword(deps, userId, input.currentPassword);
  if (!(await hasTwoFactor(deps.db, userId))) throw new AppError('BAD_REQUEST', TWO_FACTOR_OFF_MESSAGE);
  if (!(await checkSecondFactor(deps, { userId, code: input.code }, caller))) {
    throw new AppError('BAD_REQUEST', WRONG_CODE_MESSAGE, { param: 'code' });
  }
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await trx.deleteFrom('two_factor_challenges').where('user_id', '=', userId).execute();
    await trx.deleteFrom('two_factor').where('user_id', '=', userId).execute();
  });
  await sendMail(deps, {
    message: twoFactorChangedMail(user.email, user.username, 'off'),
    when: 'after-answer',
    event: 'auth.two_factor_notice',
  });
  deps.log.info({ event: 'auth.two_factor_disabled', userId }, 'two-factor sign-in turned off');
  return { message: 'Two-factor sign-in is off.' };
}
