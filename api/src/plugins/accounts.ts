import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createAccounts, type Accounts } from '../services/auth/accounts.js';
import { authenticateRequest, type Authenticated } from '../services/auth/authenticate.js';
import { AppError } from '../services/errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts;
  }
  interface FastifyRequest {
    /** Set by the requireUser preHandler. */
    auth: Authenticated | null;
  }
}

export const SIGN_IN_REQUIRED_MESSAGE = 'Please sign in to continue.';

export const accountsPlugin = fp(
  async (app) => {
    app.decorate(
      'accounts',
      createAccounts({
        db: app.db,
        jwtSecret: app.config.jwtSecret,
        publicUrl: app.config.publicUrl,
        mailer: app.mailer,
        limits: app.limits,
        log: app.log,
      }),
    );
    app.decorateRequest('auth', null);
  },
  { name: 'accounts', dependencies: ['db', 'mailer', 'limits'] },
);

/** preHandler for REST routes that need a signed-in user: 401 otherwise. */
export async function requireUser(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  const auth = await authenticateRequest(this.db, this.config.jwtSecret, request.headers.authorization, request.log);
  if (!auth) throw new AppError('UNAUTHORIZED', SIGN_IN_REQUIRED_MESSAGE);
  request.auth = auth;
}

/** The signed-in caller of a route guarded by requireUser. */
export function signedIn(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new AppError('UNAUTHORIZED', SIGN_IN_REQUIRED_MESSAGE);
  return request.auth;
}
