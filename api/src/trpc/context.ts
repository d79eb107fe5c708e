import type { Db } from '@coinsight/db';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { AppConfig } from '../config.js';
import type { Accounts } from '../services/auth/accounts.js';
import type { Mailer } from '../services/mail/mailer.js';
import type { RateLimits } from '../services/rate-limit.js';
import { authenticateRequest, type Authenticated } from '../services/auth/authenticate.js';
import { clientOf, type Client } from '../rest/client.js';
// Brings in the FastifyInstance declarations for packages that type-check this file alone (web).
import type {} from '../app.js';

export interface Context {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  limits: RateLimits;
  accounts: Accounts;
  /** Who is calling (address, user agent), for throttling and session records. */
  client: Client;
  /** The signed-in user and session, or null for an anonymous caller. */
  auth: Authenticated | null;
}

export async function createContext({ req }: CreateFastifyContextOptions): Promise<Context> {
  const app = req.server;
  return {
    db: app.db,
    config: app.config,
    mailer: app.mailer,
    limits: app.limits,
    accounts: app.accounts,
    client: clientOf(req),
    auth: await authenticateRequest(app.db, app.config.jwtSecret, req.headers.authorization, req.log),
  };
}
