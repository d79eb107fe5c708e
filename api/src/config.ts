import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MarketFeedName } from '@coinsight/contracts';
import { dbConfigFrom, type DbConfig } from '@coinsight/db';
import type { LevelWithSilent } from 'pino';
import { ConfigError, MIN_SECRET_BITS, secretEntropyBits, type Env } from './env.js';
import { DEFAULT_OVERLOAD, NO_SHEDDING, type OverloadConfig } from './plugins/overload.js';
import { stripeApiFrom, type StripeSettings } from './services/billing/stripe.js';
import type { CoinGeckoConfig } from './services/market/coingecko/client.js';
import { parseInternalNetworks } from './internal-networks.js';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.js';
import type { TaskSettings } from './services/tasks/settings.js';
import type { TelegramBot } from './services/webhooks/channels.js';

/** Everything buildApp needs, resolved: no defaults or file reads happen past this point. */
export interface AppConfig {
  db: DbConfig;
  /**
   * A read replica of `db` (READ_DATABASE_URL): the social reads' pool (lists, search, analytics)
   * connects there instead; everything that writes, and every read that must see its own writes,
   * stays on the primary. Undefined: one database for all.
   */
  readReplicaUrl: string | undefined;
  /**
   * Whether the reads whose statements fix their plans run on a pool of generic plans, prepared
   * once per connection (DB_GENERIC_PLANS; PostgreSQL only).
   */
  genericPlans: boolean;
  /** Whether filtered list pages are counted and ordered on the server's in-memory filter columns (SOCIAL_COLUMNS). */
  socialColumns: boolean;
  jwtSecret: string;
  publicUrl: string;
  /** Origins allowed to call the API from a browser; the app's own origin is always one. */
  corsOrigins: string[];
  /** The built SPA (web/dist), or undefined to serve only the API. */
  webRoot: string | undefined;
  /** The built client packages served at /downloads/ (packages/downloads/dist), or undefined when not built. */
  downloadsRoot: string | undefined;
  mailFrom: string;
  /**
   * Where contact-form messages go, and the address the contact page shows. Unset: the page
   * shows none and the messages' copies stay in the outbox table and the log.
   */
  contactEmail: string | undefined;
  smtpUrl: string | undefined;
  /** How often stored contact messages whose mail failed are retried; 0 turns the sweep off (tests). */
  contactMailSweepMs: number;
  /** Mails a second sent over SMTP (MAIL_RATE_PER_SECOND); past it mail is queued in the outbox table. */
  mailRatePerSecond: number;
  /** How often mail queued past that rate is sent; 0 turns the sweep off (tests run it themselves). */
  mailQueueSweepMs: number;
  /** Without SMTP, also print each mail (reset links included) to the log: the embedded mode only. */
  printMail: boolean;
  redisUrl: string | undefined;
  market: {
    feed: MarketFeedName;
    /** Seconds between ticks (MARKET_TICK_SECONDS). */
    tickSeconds: number;
    /** The simulated feed's seed: the same seed gives the same prices. */
    seed: number;
    /** The CoinGecko connector's settings (COINGECKO_*); undefined without COINGECKO_API_KEY. */
    coingecko: CoinGeckoConfig | undefined;
  };
  webhooks: {
    /**
     * WEBHOOK_ALLOW_PRIVATE=1, for tests and development only: webhook URLs may reach loopback and
     * private addresses. Off, only public unicast addresses are accepted and connected to.
     */
    allowPrivate: boolean;
    /** The operator's Telegram bot (TELEGRAM_BOT_TOKEN, TELEGRAM_API_URL); undefined without a token. */
    telegram?: TelegramBot;
  };
  /** Runs scheduled jobs (ticks, roll-ups, retention) and tasks; off for an instance that only serves requests. */
  jobs: boolean;
  /** POSTS_RETENTION_DAYS: months of shared posts wholly older are dropped daily; undefined keeps them all. */
  postsRetentionDays?: number;
  /** Whether /v1 calls are written to the request log (docs/api-keys.md, "Request log"). */
  requestLog: boolean;
  /** Tasks' files and sources (TASK_URL_ALLOW_PRIVATE, X_*); the files are in the database. */
  tasks: TaskSettings;
  /** Embedded mode fills an empty installation with demo data at start. */
  seedDemoData: boolean;
  logLevel: LevelWithSilent;
  /**
   * The level of the one line logged per request (`request completed`: method, URL, status, time):
   * `info` with PostgreSQL, an operator's access log; `debug` in the embedded mode, where the log is
   * a developer's terminal, for the start banner and the mail printed there (docs/operations.md, Logs).
   */
  requestLogLevel: 'info' | 'debug';
  /** Load shedding thresholds (plugins/overload.ts); tests force an overload with tiny ones. */
  overload: OverloadConfig;
  /** Pretty, coloured logs for a person at a terminal; JSON lines otherwise. */
  prettyLogs: boolean;
  /** New accounts a minute across the service before sign-ups get 429 (SIGNUP_RATE_PER_MINUTE). */
  signupsPerMinute: number;
  /** Stripe (STRIPE_*); undefined (the embedded default): paid plans are not sold on this server. */
  stripe: StripeSettings | undefined;
  /** Which proxies' X-Forwarded-For is believed (TRUST_PROXY; trust-proxy.ts); false: none. */
  trustProxy: TrustProxy;
  /** Who reads /metrics and the detail of /readyz (INTERNAL_NETWORKS; internal-networks.ts). */
  internalNetworks: string[];
}

const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));
export const DEFAULT_DOWNLOADS_ROOT = fileURLToPath(new URL('../../packages/downloads/dist', import.meta.url));

export function toAppConfig(env: Env, options: { isTty?: boolean } = {}): AppConfig {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const embedded = !env.DATABASE_URL;
  return {
    db: dbConfigFrom({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }),
    readReplicaUrl: env.READ_DATABASE_URL,
    genericPlans: env.DB_GENERIC_PLANS !== 'off',
    socialColumns: env.SOCIAL_COLUMNS !== 'off',
    jwtSecret: env.JWT_SECRET ?? localJwtSecret(env.DATA_DIR),
    publicUrl,
    corsOrigins: [
      new URL(publicUrl).origin,
      ...env.CORS_ORIGINS.split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ],
    webRoot: existsSync(path.join(DEFAULT_WEB_ROOT, 'index.html')) ? DEFAULT_WEB_ROOT : undefined,
    downloadsRoot: existsSync(path.join(DEFAULT_DOWNLOADS_ROOT, 'index.json')) ? DEFAULT_DOWNLOADS_ROOT : undefined,
    mailFrom: env.MAIL_FROM,
    contactEmail: env.CONTACT_EMAIL,
    smtpUrl: env.SMTP_URL,
    contactMailSweepMs: 30_000,
    mailRatePerSecond: env.MAIL_RATE_PER_SECOND,
    mailQueueSweepMs: 1_000,
    printMail: embedded,
    redisUrl: env.REDIS_URL,
    market: { feed: env.MARKET_FEED, tickSeconds: env.MARKET_TICK_SECONDS, seed: env.MARKET_SEED, coingecko: coinGeckoConfigFrom(env) },
    webhooks: {
      allowPrivate: env.WEBHOOK_ALLOW_PRIVATE === '1',
      telegram: env.TELEGRAM_BOT_TOKEN ? { botToken: env.TELEGRAM_BOT_TOKEN, apiUrl: env.TELEGRAM_API_URL.replace(/\/+$/, '') } : undefined,
    },
    jobs: env.JOBS !== 'off',
    postsRetentionDays: env.POSTS_RETENTION_DAYS,
    requestLog: env.API_REQUEST_LOG !== 'off',
    tasks: {
      allowPrivateUrls: env.TASK_URL_ALLOW_PRIVATE === '1',
      x: env.X_BEARER_TOKEN ? { bearerToken: env.X_BEARER_TOKEN, baseUrl: env.X_API_BASE_URL.replace(/\/+$/, '') } : undefined,
    },
    seedDemoData: embedded,
    logLevel: env.LOG_LEVEL,
    requestLogLevel: embedded ? 'debug' : 'info',
    overload: env.SHED_LOAD === 'off' ? NO_SHEDDING : DEFAULT_OVERLOAD,
    prettyLogs: options.isTty ?? false,
    signupsPerMinute: env.SIGNUP_RATE_PER_MINUTE,
    stripe: stripeSettingsFrom(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY) ?? false,
    internalNetworks: parseInternalNetworks(env.INTERNAL_NETWORKS) ?? [],
  };
}

/** Stripe's settings; undefined without STRIPE_SECRET_KEY (env.ts requires the rest alongside it). */
export function stripeSettingsFrom(env: Env): StripeSettings | undefined {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET || !env.STRIPE_PRICE_ID) return undefined;
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    priceId: env.STRIPE_PRICE_ID,
    meterEventName: env.STRIPE_METER_EVENT_NAME,
    meterId: env.STRIPE_METER_ID,
    api: stripeApiFrom(env.STRIPE_API_URL),
  };
}

/**
 * The embedded mode needs no configuration: its signing secret (256 random bits) is made on
 * first start and kept beside the database, readable by the owner only.
 */
function localJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    // Made here as 256 random bits; anything weaker was put there by hand and signs nothing.
    if (secretEntropyBits(stored) < MIN_SECRET_BITS)
      throw new ConfigError([`${file} holds a guessable signing secret: delete it to have a random one made at the next start`]);
    return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}

/** The CoinGecko connector's settings; undefined without COINGECKO_API_KEY (the feed cannot run). */
export function coinGeckoConfigFrom(env: Env): CoinGeckoConfig | undefined {
  if (!env.COINGECKO_API_KEY) return undefined;
  return {
    apiKey: env.COINGECKO_API_KEY,
    plan: env.COINGECKO_PLAN,
    baseUrl: env.COINGECKO_BASE_URL,
    callsPerMinute: env.COINGECKO_CALLS_PER_MINUTE,
  };
}
