import type { Db } from '@coinsight/db';
import type { AuthLimits } from './auth/throttle.js';
import type { SessionCache } from './auth/session-cache.js';
import type { Background } from './background.js';
import type { BudgetNoticeMemo } from './billing/budgets/memo.js';
import type { ApiLimits } from './billing/caps/rate-limits.js';
import type { BillingStripe } from './billing/stripe.js';
import type { Log } from './log.js';
import type { MailLimits } from './mail/budget.js';
import type { Mailer } from './mail/mailer.js';
import type { MarketLive, MarketSnapshot } from './market/live-bus.js';
import type { FactCache, ReadCache } from './read-cache.js';
import type { SiteLimits } from './site/limits.js';
import type { PostColumns } from './social/columns/post-columns.js';
import type { DownloadLimits } from './social/download/limits.js';
import type { TaskQueueHolder, TaskSettings } from './tasks/settings.js';
import type { TelegramBot } from './webhooks/channels.js';

// Types only, and only from modules that do not import this one: every service imports it, so
// anything it pulled in at run time, or any module of its that named ServiceDeps back, would tie
// the services into one circle. Building the deps is plugins/services.ts's work.

export type { Log };

/** Every named rate limit. Counters must outlive a request, so they are made once per app. */
export type Limits = AuthLimits & SiteLimits & ApiLimits & MailLimits & DownloadLimits;

/**
 * What services need from the world, built once at start (plugins/services.ts) and handed to
 * every service function as its first argument: REST handlers read it from `app.deps`, tRPC
 * procedures from `ctx.deps`. A function names the part it uses with `Pick<ServiceDeps, …>`.
 */
export interface ServiceDeps {
  db: Db;
  /** The social reads' pool: a short statement timeout and connection wait (plugins/db.ts). */
  readDb: Db;
  /**
   * The same reads on generic plans, each statement planned once per connection (docs/performance.md,
   * "Generic plans"), for the statements whose shape fixes their plan; absent (the embedded
   * database, DB_GENERIC_PLANS=off, tests): `readDb`.
   */
  genericDb?: Db;
  mailer: Mailer;
  limits: Limits;
  log: Log;
  /** Work done after the answer (e.g. a reset request's lookup and mail). */
  background: Background;
  /** Signs and verifies session tokens (JWT_SECRET). */
  jwtSecret: string;
  /** Links in mails are built from it (PUBLIC_URL), never from a request's Host header. */
  publicUrl: string;
  /** The operator's inbox (CONTACT_EMAIL); unset keeps the operator's copies in the outbox and the log. */
  contactEmail: string | undefined;
  /** Webhook delivery settings (config.webhooks): whether private addresses may be reached (tests only). */
  webhooks: { allowPrivate: boolean; telegram?: TelegramBot };
  /** Where rate-limit counters are shared (REDIS_URL), for the health check; undefined without. */
  redis: { ping(): Promise<string> } | undefined;
  /** Verified sessions, trusted for a second; services that revoke sessions or change a user forget them. */
  sessions: SessionCache;
  /** Identical hot reads (analytics, platform totals) answered from memory for READ_CACHE_TTL_MS. */
  reads: ReadCache;
  /** What the reads derive from their database and reuse: search texts' tsqueries, the terms' statistics (FACT_TTL_MS). */
  facts: FactCache;
  /**
   * The shared dataset's filtered columns in memory, which count and order filtered list pages
   * (social/columns, docs/performance.md "The filter columns"); absent (SOCIAL_COLUMNS=off): every page is planned on the database.
   */
  columns?: PostColumns;
  /** Announces stored ticks and streams the overview after each (market/live.ts). */
  marketLive: MarketLive;
  /**
   * The live overview after the last tick, shared by this instance's requests (market/current.ts);
   * usually the bus itself. It stands for the real clock and the live database: deps with another
   * clock or database (test mode) set none, and then every read goes to their database.
   */
  marketSnapshot: MarketSnapshot | undefined;
  /** Budget thresholds this instance already recorded this month (billing/budgets/notices.ts). */
  budgetNotices: BudgetNoticeMemo;
  /**
   * The clock: every service that reads the time calls `deps.now()` (never `new Date()` itself), so a
   * test, a script or a job can pin it; a job runs its services with the clock at its slot's time
   * (`atTime`, services/clock.ts).
   */
  now: () => Date;
  /** Tasks' settings, and the queue new and retried tasks are offered to (set when jobs run here). */
  tasks: TaskSettings & { queue: TaskQueueHolder };
  /** Stripe's client and settings (STRIPE_*); undefined: paid plans are not sold on this server. */
  stripe: BillingStripe | undefined;
}
