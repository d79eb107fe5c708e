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
  await limits.loginFailuresByAccountAndIp.check(accountAndIp, TOO_MANY_LOGINS_MESSAGE);
  await limits.loginFailuresByAccount.check(account, TOO_MANY_LOGINS_MESSAGE);
  await limits.loginFailuresByIp.check(client.ip, TOO_MANY_LOGINS_MESSAGE);

  const user = await db
    .selectFrom('users')
    .select([...PUBLIC_USER_COLUMNS, 'users.password_hash', 'users.token_version'])
    .where(sql`lower(email)`, '=', input.email.toLowerCase())
    .executeTakeFirst();
  const valid = user ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstDummy(input.password);
  if (!user || !valid) {
    await Promise.all([
      limits.loginFailuresByAccountAndIp.consume(accountAndIp).catch(() => undefined),
      limits.loginFailuresByAccount.consume(account).catch(() => undefined),
      limits.loginFailuresByIp.consume(client.ip).catch(() => undefined),
    ]);
    log.info({ event: 'auth.login_failed', userId: user?.id ?? null, ip: client.ip }, 'sign-in refused');
    throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS_MESSAGE);
  }
  await limits.loginFailuresByAccountAndIp.reset(accountAndIp);
  if (needsRehash(user.password_hash)) {
    await db.updateTable('users').set({ password_hash: await hashPassword(input.password) }).where('id', '=', user.id).execute();
  }
  const token = await openSession(db, deps.jwtSecret, user, client);
  log.info({ event: 'auth.login', userId: user.id, ip: client.ip }, 'signed in');
  return { token, user: toPublicUser(user) };
}
