import { TWO_FACTOR_CHALLENGE_MINUTES, type AuthResult, type TwoFactorChallenge, type twoFactorSignInSchema } from '@coinsight/contracts';
import type { Db } from '@coinsight/db';
import type { z } from 'zod';
import type { Caller } from '../../caller.js';
import { AppError } from '../../errors.js';
import { openSession } from '../sessions.js';
import { newLinkToken, tokenHash } from '../tokens.js';
import { newId, PUBLIC_USER_COLUMNS, toPublicUser } from '../users.js';
import { checkSecondFactor, type SecondFactorDeps } from './check.js';

export const CHALLENGE_EXPIRED_MESSAGE = 'This sign-in has expired or was already finished. Please sign in again.';
export const INVALID_CODE_MESSAGE = 'Invalid two-factor code';

/**
 * The first step of a sign-in held (a password, or a mailed link): the answer is a challenge, not
 * a session. Its token (256 random bits, only the SHA-256 kept) finishes this one sign-in with a
 * code, once, within TWO_FACTOR_CHALLENGE_MINUTES, and is accepted nowhere else.
 */
export async function issueChallenge(
  executor: Db,
  input: { userId: string; method: 'password' | 'link'; now: Date },
): Promise<TwoFactorChallenge> {
  const token = newLinkToken();
  await executor
    .insertInto('two_factor_challenges')
    .values({
      id: newId('tfc'),
      user_id: input.userId,
      token_hash: tokenHash(token),
      method: input.method,
      expires_at: new Date(input.now.getTime() + TWO_FACTOR_CHALLENGE_MINUTES * 60_000),
      used_at: null,
    })
    .execute();
  return { twoFactorRequired: true, challenge: token };
}

/**
 * Sign-in's second step: the challenge and a code (authenticator or recovery) make a session. Wrong
 * codes are throttled (two-factor/check.ts) and leave the challenge open until it expires; the
 * right one spends it, in the statement that opens the session's transaction.
 */
export async function completeTwoFactorSignIn(
  deps: SecondFactorDeps,
  input: z.infer<typeof twoFactorSignInSchema>,
  caller: Caller<'client'>,
): Promise<AuthResult> {
  const { ip } = caller.client;
  const hash = tokenHash(input.challenge);
  const challenge = await deps.db
    .selectFrom('two_factor_challenges')
    .select(['user_id', 'method'])
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', deps.now())
    .executeTakeFirst();
  if (!challenge) {
    deps.log.info({ event: 'auth.two_factor_challenge_refused', ip }, 'two-factor step refused: unknown, used or expired challenge');
    throw new AppError('UNAUTHORIZED', CHALLENGE_EXPIRED_MESSAGE);
  }
  const kind = await checkSecondFactor(deps, { userId: challenge.user_id, code: input.code }, caller);
  if (!kind) throw new AppError('UNAUTHORIZED', INVALID_CODE_MESSAGE, { param: 'code' });
  const result = await deps.db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable('two_factor_challenges')
      .set({ used_at: deps.now() })
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    if (!spent) return null;
    const user = await trx
      .selectFrom('users')
      .select([...PUBLIC_USER_COLUMNS, 'users.token_version'])
      .where('id', '=', spent.user_id)
      .executeTakeFirstOrThrow();
    return { token: await openSession(trx, deps.jwtSecret, user, caller.client), user: toPublicUser(user) };
  });
  if (!result) throw new AppError('UNAUTHORIZED', CHALLENGE_EXPIRED_MESSAGE);
  deps.log.info(
    { event: 'auth.login', userId: result.user.id, ip, method: challenge.method, secondFactor: kind },
    'signed in with a second factor',
  );
  return result;
}
