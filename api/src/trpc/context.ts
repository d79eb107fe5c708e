import type { Db } from '@coinsight/db';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
// Brings in the FastifyInstance.db declaration for packages that type-check this file alone (web).
import type {} from '../plugins/db.js';

export interface Context {
  db: Db;
}

/** The context without HTTP, for tests and server-side callers. */
export function createContextInner(inner: { db: Db }): Context {
  return { db: inner.db };
}

export function createContext({ req }: CreateFastifyContextOptions): Context {
  return createContextInner({ db: req.server.db });
}
