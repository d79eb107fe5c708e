import type { FastifyRequest } from 'fastify';

/** Who is calling, as far as throttling and session records need to know. */
export interface Client {
  ip: string;
  userAgent: string | null;
}

export function clientOf(request: FastifyRequest): Client {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 300) : null };
}
