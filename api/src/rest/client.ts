import type { FastifyRequest } from 'fastify';
import type { Client } from '../services/client.js';

export function clientOf(request: FastifyRequest): Client {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 300) : null };
}
