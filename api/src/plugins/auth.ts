import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authenticateRequest, type Authenticated } from '../services/auth/authenticate.js';
import { AppError } from '../services/errors.js';

export const SIGN_IN_REQUIRED_MESSAGE = 'Please sign in to continue.';

export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('auth', null);
  },
  { name: 'auth', dependencies: ['services'] },
);

/** preHandler for REST routes that need a signed-in user: 401 otherwise. */
export async function requireUser(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  const auth = await authenticateRequest(this.deps, request.headers.authorization, request.log);
  if (!auth) throw new AppError('UNAUTHORIZED', SIGN_IN_REQUIRED_MESSAGE);
  request.auth = auth;
}

/** The signed-in caller of a route guarded by requireUser. */
export function signedIn(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new AppError('UNAUTHORIZED', SIGN_IN_REQUIRED_MESSAGE);
  return request.auth;
}
