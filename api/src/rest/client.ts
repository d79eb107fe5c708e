import type { FastifyRequest } from 'fastify';
import { signedIn } from '../plugins/auth.js';
import type { Caller } from '../services/caller.js';
import type { Client } from '../services/client.js';

export function clientOf(request: FastifyRequest): Client {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 300) : null };
}

/** Who is asking (a service's third argument): the address always, the user and session when signed in. */
export function callerOf(request: FastifyRequest): Caller<'client'> {
  const client = clientOf(request);
  const { auth } = request;
  return auth ? { client, userId: auth.user.id, user: auth.user, sessionId: auth.session.id } : { client };
}

/** The caller of a route guarded by requireUser, signed in by type (401 if it is not). */
export function signedInCallerOf(request: FastifyRequest): Caller<'client' | 'userId' | 'user' | 'sessionId'> {
  const { user, session } = signedIn(request);
  return { client: clientOf(request), userId: user.id, user, sessionId: session.id };
}
