import type { FastifyRequest } from 'fastify';
import type { DbHandle } from '@coinsight/db';
import fp from 'fastify-plugin';
import type { ApiKeyIdentity } from '../services/api-keys/verify.js';
import { createBudgetNoticeMemo } from '../services/billing/budgets/memo.js';
import type { ServiceDeps } from '../services/deps.js';
import type { Mailer } from '../services/mail/mailer.js';
import { createFactCache, createReadCache } from '../services/read-cache.js';
import { enrolTestAccount } from '../services/test-mode/accounts.js';
import { openTestDataset, TEST_EPOCH } from '../services/test-mode/dataset.js';

/** What test-mode /v1 calls run against (docs/api-keys.md, "Test mode"). */
export interface TestMode {
  /** The handlers' deps for a test key: the fixed dataset, its clock, no mail. Built on first use. */
  deps(): Promise<ServiceDeps>;
  /** The key's owner as an account of the test dataset (its alerts belong to it there), with the key's plan. */
  enrol(deps: ServiceDeps, key: ApiKeyIdentity): Promise<void>;
  close(): Promise<void>;
}

/** Test mode never mails: a test alert's notices (were any checked) go nowhere. */
const NO_MAIL: Mailer = {
  transport: 'outbox',
  send: async () => undefined,
  sendQueued: async () => 'sent',
  queue: async () => undefined,
  keep: async () => undefined,
  close: async () => undefined,
};

/**
 * The live deps with everything a test key reads or writes swapped for test mode's own: the test
 * dataset's database (in memory, apart from the live one: alerts and idempotency keys made with a
 * test key are stored there, and no job ever checks or mails them), the clock stopped at
 * TEST_EPOCH (so answers are deterministic), its own read cache (a live answer can never be served
 * to a test key, nor the other way round), no live price snapshot (market/current.ts), no mail and no Stripe.
 */
export function createTestMode(live: ServiceDeps): TestMode {
  let building: Promise<{ handle: DbHandle; deps: ServiceDeps }> | undefined;
  const enrolled = new Set<string>();
  const build = async () => {
    const handle = await openTestDataset(live.log);
    const deps: ServiceDeps = {
      ...live,
      db: handle.db,
      readDb: handle.db,
      // Every pool of the live deps reads the live dataset: a test key's reads, fixed-plan ones too, go to its own.
      genericDb: handle.db,
      mailer: NO_MAIL,
      now: () => TEST_EPOCH,
      reads: createReadCache(),
      // The test dataset's statistics are its own.
      facts: createFactCache(),
      // The live prices' snapshot is the live dataset's at the real time: a test key reads its own.
      marketSnapshot: undefined,
      budgetNotices: createBudgetNoticeMemo(),
      stripe: undefined,
    };
    return { handle, deps };
  };
  return {
    async deps() {
      // A failed build is tried again by the next call rather than kept.
      building ??= build().catch((error: unknown) => {
        building = undefined;
        throw error;
      });
      return (await building).deps;
    },
    async enrol(deps, key) {
      const marker = `${key.userId}:${key.plan}`;
      if (enrolled.has(marker)) return;
      await enrolTestAccount(deps, { userId: key.userId, plan: key.plan });
      enrolled.add(marker);
    },
    async close() {
      const pending = building;
      building = undefined;
      if (pending) await (await pending.catch(() => undefined))?.handle.close();
    },
  };
}

/** Decorates the app with its test mode (`app.testMode`), closed with the app. */
export const testModePlugin = fp(
  async (app) => {
    const testMode = createTestMode(app.deps);
    app.decorate('testMode', testMode);
    app.addHook('onClose', () => testMode.close());
  },
  { name: 'test-mode', dependencies: ['services'] },
);

/**
 * GET /v1/crypto/history's default range ends at the real now (the query schema's default); for a
 * test key it ends at the test clock instead, as a live range ends at the live one, so the default
 * call answers the dataset's latest candles, the same every time. Explicit bounds are kept.
 */
export function rangeAsOfTestClock<Q extends { from: Date; to: Date }>(request: FastifyRequest, query: Q): Q {
  const raw = request.query as Record<string, unknown>;
  if (request.apiKey.mode !== 'test' || raw.to !== undefined) return query;
  const to = request.deps.now();
  const from = raw.from !== undefined ? query.from : new Date(to.getTime() - (query.to.getTime() - query.from.getTime()));
  return { ...query, from, to };
}
