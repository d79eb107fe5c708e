import type { Db } from '@coinsight/db';
import type { Caller } from '../../caller.js';
import type { ServiceDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import type { RateLimit } from '../../rate-limit.js';
import { useRecoveryCode } from './recovery-codes.js';
import { acceptedStep, decryptSecret } from './totp.js';

export const TOO_MANY_CODES_MESSAGE = 'Too many wrong codes. Please wait and try again.';

export type SecondFactorDeps = Pick<ServiceDeps, 'db' | 'limits' | 'log' | 'jwtSecret' | 'now'>;

/**
 * Accepts the authenticator code of the user's confirmed enrolment once: the code's time step must
 * be later than the last one accepted, and recording it is the same statement as checking it, so
 * two requests with one code cannot both pass.
 */
async function useTotpCode(
  deps: Pick<ServiceDeps, 'jwtSecret'>,
  db: Db,
  input: { userId: string; code: string; now: Date },
): Promise<boolean> {
  const row = await db
    .selectFrom('two_factor')
    .select(['secret_encrypted', 'last_step'])
    .where('user_id', '=', input.userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  const secret = row ? decryptSecret(row.secret_encrypted, deps.jwtSecret) : null;
  const step = secret ? acceptedStep(secret, input.code, input.now) : null;
  if (step === null) return false;
  const claimed = await db
    .updateTable('two_factor')
    .set({ last_step: step })
    .where('user_id', '=', input.userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .returning('user_id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/**
 * Checks a second factor (an authenticator code or a recovery code) of the user, throttled like
 * failed logins: counted per account and address (5 per 15 minutes) and per account (20), before the
 * check, so concurrent guesses are all counted; past the per-account bound only addresses that have
 * failed on the account are refused, so guessing elsewhere does not lock the owner out. A right
 * code gives its counts back; a failure on our side does too. Answers which kind of code it was,
 * or null for a wrong one (its counts kept).
 */
export async function checkSecondFactor(
  deps: SecondFactorDeps,
  input: { userId: string; code: string },
  caller: Caller<'client'>,
): Promise<'totp' | 'recovery' | null> {
  const { limits, log } = deps;
  const { ip } = caller.client;
  const here = `${input.userId}:${ip}`;
  const counted: Array<{ limit: RateLimit; key: string }> = [];
  const giveBack = () => Promise.all(counted.splice(0).map((c) => c.limit.refund(c.key).catch(() => undefined)));
  const refuse = async (retryAfterSeconds: number): Promise<never> => {
    await giveBack();
    log.warn({ event: 'auth.two_factor_throttled', userId: input.userId, ip }, 'two-factor code refused: too many wrong codes');
    throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_CODES_MESSAGE, { retryAfterSeconds });
  };
  let wrong = false;
  try {
    const byHere = await limits.twoFactorFailuresByAccountAndIp.hit(here);
    counted.push({ limit: limits.twoFactorFailuresByAccountAndIp, key: here });
    if (!byHere.allowed) return await refuse(byHere.resetSeconds);
    const byAccount = await limits.twoFactorFailuresByAccount.hit(input.userId);
    counted.push({ limit: limits.twoFactorFailuresByAccount, key: input.userId });
    if (!byAccount.allowed && byHere.consumed > 1) return await refuse(byAccount.resetSeconds);

    const now = deps.now();
    const kind = /^\d{6}$/.test(input.code)
      ? (await useTotpCode(deps, deps.db, { userId: input.userId, code: input.code, now })) && 'totp'
      : (await useRecoveryCode(deps.db, input.userId, input.code, now)) && 'recovery';
    if (!kind) {
      wrong = true;
      log.info({ event: 'auth.two_factor_failed', userId: input.userId, ip }, 'two-factor code refused');
      return null;
    }
    await giveBack();
    await limits.twoFactorFailuresByAccountAndIp.reset(here).catch(() => undefined);
    return kind;
  } finally {
    if (!wrong) await giveBack();
  }
}
