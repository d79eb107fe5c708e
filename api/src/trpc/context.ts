import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { clientOf } from '../rest/client.js';
import { authenticateRequest, type Authenticated } from '../services/auth/authenticate.js';
import type { Client } from '../services/client.js';
import type { ServiceDeps } from '../services/deps.js';
import { toTRPCError } from './trpc.js';
// Brings in the FastifyInstance declarations for packages that type-check this file alone (web).
import type {} from '../app.js';

export interface Context {
  /** The services' dependencies, built once at start (plugins/services.ts). */
  deps: ServiceDeps;
  /** Who is calling (address, user agent), for throttling and session records. */
  client: Client;
  /** The signed-in user and session, or null for an anonymous caller. */
  auth: Authenticated | null;
}

export async function createContext({ req }: CreateFastifyContextOptions): Promise<Context> {
  const app = req.server;
  let auth: Authenticated | null;
  try {
    auth = await authenticateRequest(app.db, app.config.jwtSecret, req.headers.authorization, req.log);
  } catch (error) {
    // Runs before any procedure middleware: a database outage here must read as one too.
    throw toTRPCError(error) ?? error;
  }
  return { deps: app.deps, client: clientOf(req), auth };
}
