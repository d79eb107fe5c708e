import type { FastifyRequest } from 'fastify';
import { clientOf } from '../rest/client.js';
import type { Caller } from '../services/caller.js';

/** Who is asking on /v1 (a service's third argument): the key's owner and plan, and the address. */
export function keyCallerOf(request: FastifyRequest): Caller<'userId' | 'plan' | 'client'> {
  return { userId: request.apiKey.userId, plan: request.apiKey.plan, client: clientOf(request) };
}
