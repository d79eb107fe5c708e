import type { AuthResult, loginSchema } from '@coinsight/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Client } from '../client.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords.js';
import { openSession } from './sessions.js';
import { accountKey, TOO_MANY_LOGINS_MESSAGE } from './throttle.js';
import { PUBLIC_USER_COLUMNS, toPublicUser } from './users.js';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';

/** A wrong password and an unknown email get the same answer, in about the same time. */
export async function login(
  deps: Pick<ServiceDeps, 'db' | 'limits' | 'log' | 'jwtSecret'>,
  input: z.infer<typeof loginSchema>,
  client: Client,
): Promise<AuthResult> {
  const { db, limits, log } = deps;
  const account = accountKey(input.email);
  const accountAndIp = `${account}:${client.ip}`;
  // Counted before the password is checked: concurrent guesses cannot all pass a check made
  // before any of them is counted. A success gives its attempt back below.
  const counters = [
    { limit: limits.loginFailuresByAccountAndIp, key: accountAndIp, name: 'account-and-address' },
    { limit: limits.loginFailuresByAccount, key: account, name: 'account' },
    { limit: limits.loginFailuresByIp, key: client.ip, name: 'address' },
  ];
  for (const [index, { limit, key, name }] of counters.entries()) {
    try {
      await limit.consume(key, TOO_MANY_LOGINS_MESSAGE);
    } catch (error) {
      // The refused attempt checks nothing, so it costs the other counters nothing either.
      await Promise.all(counters.slice(0, index).map((c) => c.limit.refund(c.key).catch(() => undefined)));
      if (error instanceof AppError)
        log.warn({ event: 'auth.login_throttled', ip: client.ip, limit: name }, 'sign-in refused: too many failed attempts');
      throw error;
    }
  }

  const user = await db
    .selectFrom('users')
    .select([...PUBLIC_USER_COLUMNS, 'users.password_hash', 'users.token_version'])
    .where(sql`lower(email)`, '=', input.email.toLowerCase())
    .executeTakeFirst();
  const valid = user ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstDummy(input.password);
  if (!user || !valid) {
    log.info({ event: 'auth.login_failed', userId: user?.id ?? null, ip: client.ip }, 'sign-in refused');
    throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS_MESSAGE);
  }
  await Promise.all([
    limits.loginFailuresByAccountAndIp.reset(accountAndIp),
    limits.loginFailuresByAccount.refund(account),
    limits.loginFailuresByIp.refund(client.ip),
  ]);
  if (needsRehash(user.password_hash)) {
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword(input.password) })
      .where('id', '=', user.id)
      .execute();
  }
  const token = await openSession(db, deps.jwtSecret, user, client);
  log.info({ event: 'auth.login', userId: user.id, ip: client.ip }, 'signed in');
  return { token, user: toPublicUser(user) };
}
