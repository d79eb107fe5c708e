import { MARKET_FEEDS } from '@coinsight/contracts';
import { z } from 'zod';
import { INTERNAL_NETWORKS_MESSAGE, parseInternalNetworks } from './internal-networks.js';
import { parseTrustProxy, TRUST_PROXY_MESSAGE } from './trust-proxy.js';

// The only reader of process.env in the api: everything else receives parsed values.

const url = (name: string, schemes: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return schemes.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `${name} must be a ${schemes.map((s) => `${s}//`).join(' or ')} URL`,
    );

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsUndefined, schema.optional());

/** 128 bits: what a guess must beat. `openssl rand -hex 32` estimates about 230, `passwordpassword…` 22. */
export const MIN_SECRET_BITS = 128;

/**
 * A cautious estimate of a secret's randomness: the Shannon entropy of its characters (bits per
 * character, from how often each occurs) times the number of distinct three-character runs in it.
 * A repeated chunk adds no runs, so `passwordpassword…` scores as its 8 distinct runs however long
 * it is, and a string of few different characters scores low per character; random hex or base64
 * scores near its real entropy (slightly under: a few runs repeat by chance).
 */
export function secretEntropyBits(secret: string): number {
  const chars = [...secret];
  if (chars.length < 3) return 0;
  const counts = new Map<string, number>();
  for (const char of chars) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bitsPerChar = 0;
  for (const count of counts.values()) {
    const p = count / chars.length;
    bitsPerChar -= p * Math.log2(p);
  }
  const runs = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) runs.add(chars.slice(i, i + 3).join(''));
  return bitsPerChar * runs.size;
}

const envFields = z.object({
  PORT: z
    .preprocess(emptyAsUndefined, z.string().default('3000'))
    .pipe(z.string().regex(/^\d{1,5}$/, 'PORT must be a whole number from 0 to 65535'))
    .transform(Number)
    .pipe(z.number().max(65535, 'PORT must be a whole number from 0 to 65535')),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('localhost')),
  DATABASE_URL: optional(url('DATABASE_URL', ['postgres:', 'postgresql:'])),
  READ_DATABASE_URL: optional(url('READ_DATABASE_URL', ['postgres:', 'postgresql:'])),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  JWT_SECRET: optional(
    z
      .string()
      .min(32, 'JWT_SECRET must be at least 32 characters (256 random bits as hex is 64)')
      .superRefine((secret, ctx) => {
        const bits = Math.floor(secretEntropyBits(secret));
        if (secret.length >= 32 && bits < MIN_SECRET_BITS)
          ctx.addIssue({
            code: 'custom',
            message: `JWT_SECRET looks guessable (about ${bits} bits of randomness estimated, at least ${MIN_SECRET_BITS} needed): use random bytes, e.g. openssl rand -hex 32`,
          });
      }),
  ),
  REDIS_URL: optional(url('REDIS_URL', ['redis:', 'rediss:'])),
  SMTP_URL: optional(url('SMTP_URL', ['smtp:', 'smtps:'])),
  // Mails a second sent over SMTP, shared by every instance through REDIS_URL (per instance
  // without it); past it mail is queued and sent by the sweep, never dropped. 10 stays under the
  // common providers' default sending rates (Amazon SES starts production accounts at 14 a second).
  MAIL_RATE_PER_SECOND: z
    .preprocess(emptyAsUndefined, z.string().default('10'))
    .pipe(z.string().regex(/^\d{1,5}$/, 'MAIL_RATE_PER_SECOND must be a whole number from 1 to 10000'))
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, 'MAIL_RATE_PER_SECOND must be a whole number from 1 to 10000')
        .max(10_000, 'MAIL_RATE_PER_SECOND must be a whole number from 1 to 10000'),
    ),
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().default('Coinsight <no-reply@localhost>')),
  CONTACT_EMAIL: optional(
    z
      .string()
      .trim()
      .regex(/^[^\s@]+@[^\s@]+$/, 'CONTACT_EMAIL must be an email address'),
  ),
  PUBLIC_URL: optional(url('PUBLIC_URL', ['http:', 'https:'])),
  CORS_ORIGINS: z.preprocess(emptyAsUndefined, z.string().default('')),
  MARKET_FEED: z.preprocess(
    emptyAsUndefined,
    z.enum(MARKET_FEEDS, { message: `MARKET_FEED must be one of ${MARKET_FEEDS.join(', ')}` }).default('simulated'),
  ),
  MARKET_TICK_SECONDS: z
    .preprocess(emptyAsUndefined, z.string().default('10'))
    .pipe(z.string().regex(/^\d{1,5}$/, 'MARKET_TICK_SECONDS must be a whole number of seconds from 1 to 3600'))
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, 'MARKET_TICK_SECONDS must be a whole number of seconds from 1 to 3600')
        .max(3600, 'MARKET_TICK_SECONDS must be a whole number of seconds from 1 to 3600'),
    ),
  MARKET_SEED: z
    .preprocess(emptyAsUndefined, z.string().default('1'))
    .pipe(z.string().regex(/^\d{1,9}$/, 'MARKET_SEED must be a whole number'))
    .transform(Number),
  // Test and development only: lets webhooks reach loopback and private addresses (a local receiver).
  WEBHOOK_ALLOW_PRIVATE: z.preprocess(
    emptyAsUndefined,
    z.enum(['0', '1'], { message: 'WEBHOOK_ALLOW_PRIVATE must be 0 or 1' }).default('0'),
  ),
  // Telegram alerts go through the operator's bot; without a token an alert cannot name a Telegram chat.
  TELEGRAM_BOT_TOKEN: optional(z.string().trim().min(1, 'TELEGRAM_BOT_TOKEN must not be blank')),
  TELEGRAM_API_URL: z.preprocess(emptyAsUndefined, url('TELEGRAM_API_URL', ['http:', 'https:']).default('https://api.telegram.org')),
  // Behind a load balancer or reverse proxy: which hops' X-Forwarded-For to believe (trust-proxy.ts).
  TRUST_PROXY: optional(z.string().trim()),
  // Who may read /metrics and the detail of /readyz (internal-networks.ts); default loopback and private ranges.
  INTERNAL_NETWORKS: optional(z.string().trim()),
  // Seconds between SIGTERM and closing: /readyz answers 503 meanwhile, so a balancer stops sending.
  SHUTDOWN_DRAIN_SECONDS: z
    .preprocess(emptyAsUndefined, z.string().default('0'))
    .pipe(z.string().regex(/^\d{1,3}$/, 'SHUTDOWN_DRAIN_SECONDS must be a whole number of seconds from 0 to 999'))
    .transform(Number),
  // OpenTelemetry traces over OTLP/HTTP when set (telemetry.ts); the exporter reads it, and the
  // other OTEL_EXPORTER_OTLP_* variables, itself. Checked here so a typo stops the start.
  OTEL_EXPORTER_OTLP_ENDPOINT: optional(url('OTEL_EXPORTER_OTLP_ENDPOINT', ['http:', 'https:'])),
  OTEL_SERVICE_NAME: optional(z.string().trim().min(1)),
  // only: a worker process, running jobs and tasks without serving HTTP.
  // off: never shed load (browser tests on a loaded CI machine, where a slow moment is not overload).
  SHED_LOAD: z.preprocess(emptyAsUndefined, z.enum(['on', 'off'], { message: 'SHED_LOAD must be on or off' }).default('on')),
  // off: /v1 calls are not written to the request log (the bench's A/B of its cost; docs/performance.md).
  API_REQUEST_LOG: z.preprocess(emptyAsUndefined, z.enum(['on', 'off'], { message: 'API_REQUEST_LOG must be on or off' }).default('on')),
  // off: every social read planned per call, none on generic plans (the bench's A/B; docs/performance.md, "Generic plans").
  DB_GENERIC_PLANS: z.preprocess(emptyAsUndefined, z.enum(['on', 'off'], { message: 'DB_GENERIC_PLANS must be on or off' }).default('on')),
  // off: filtered list pages are planned on the database, none on the in-memory filter columns (docs/performance.md, "The filter columns").
  SOCIAL_COLUMNS: z.preprocess(emptyAsUndefined, z.enum(['on', 'off'], { message: 'SOCIAL_COLUMNS must be on or off' }).default('on')),
  JOBS: z.preprocess(emptyAsUndefined, z.enum(['on', 'off', 'only'], { message: 'JOBS must be on, off or only' }).default('on')),
  // Test and development only: lets scrape-task URLs reach loopback and private addresses.
  TASK_URL_ALLOW_PRIVATE: z.preprocess(
    emptyAsUndefined,
    z.enum(['0', '1'], { message: 'TASK_URL_ALLOW_PRIVATE must be 0 or 1' }).default('0'),
  ),
  // X API v2 recent search for scrape tasks; the source is refused without a token.
  X_BEARER_TOKEN: optional(z.string().trim().min(1, 'X_BEARER_TOKEN must not be blank')),
  X_API_BASE_URL: z.preprocess(emptyAsUndefined, url('X_API_BASE_URL', ['http:', 'https:']).default('https://api.x.com')),
  // CoinGecko connector (MARKET_FEED=coingecko). The plan picks the documented host and key header.
  COINGECKO_API_KEY: optional(z.string().trim().min(1, 'COINGECKO_API_KEY must not be blank')),
  COINGECKO_PLAN: z.preprocess(
    emptyAsUndefined,
    z.enum(['demo', 'pro'], { message: 'COINGECKO_PLAN must be demo or pro' }).default('demo'),
  ),
  COINGECKO_BASE_URL: optional(url('COINGECKO_BASE_URL', ['http:', 'https:'])),
  COINGECKO_CALLS_PER_MINUTE: z
    .preprocess(emptyAsUndefined, z.string().default('30'))
    .pipe(z.string().regex(/^\d{1,5}$/, 'COINGECKO_CALLS_PER_MINUTE must be a whole number from 1 to 10000'))
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, 'COINGECKO_CALLS_PER_MINUTE must be a whole number from 1 to 10000')
        .max(10000, 'COINGECKO_CALLS_PER_MINUTE must be a whole number from 1 to 10000'),
    ),
  // Months of shared posts older than this many days are dropped, daily (docs/operations.md,
  // "Retention of posts"); unset keeps every post.
  POSTS_RETENTION_DAYS: optional(
    z
      .string()
      .regex(/^\d{1,6}$/, 'POSTS_RETENTION_DAYS must be a whole number of days from 1 to 999999')
      .transform(Number)
      .pipe(z.number().min(1, 'POSTS_RETENTION_DAYS must be a whole number of days from 1 to 999999')),
  ),
  // New accounts a minute across the service before new sign-ups get 429 (docs/accounts.md).
  SIGNUP_RATE_PER_MINUTE: z
    .preprocess(emptyAsUndefined, z.string().default('30'))
    .pipe(z.string().regex(/^\d{1,6}$/, 'SIGNUP_RATE_PER_MINUTE must be a whole number from 1 to 100000'))
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, 'SIGNUP_RATE_PER_MINUTE must be a whole number from 1 to 100000')
        .max(100000, 'SIGNUP_RATE_PER_MINUTE must be a whole number from 1 to 100000'),
    ),
  // Stripe (docs/billing.md): without STRIPE_SECRET_KEY paid plans are not sold here.
  STRIPE_SECRET_KEY: optional(
    z
      .string()
      .trim()
      .regex(/^(sk|rk)_(test|live)_\S+$/, 'STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_test_…, sk_live_…, rk_…)'),
  ),
  STRIPE_WEBHOOK_SECRET: optional(
    z
      .string()
      .trim()
      .regex(/^whsec_\S+$/, "STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret (whsec_…)"),
  ),
  STRIPE_PRICE_ID: optional(
    z
      .string()
      .trim()
      .regex(/^price_\S+$/, 'STRIPE_PRICE_ID must be a Stripe price id (price_…)'),
  ),
  STRIPE_METER_EVENT_NAME: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(/^[a-z0-9_]{1,100}$/, 'STRIPE_METER_EVENT_NAME must be lower-case letters, digits and _')
      .default('coinsight_api_calls'),
  ),
  STRIPE_METER_ID: optional(
    z
      .string()
      .trim()
      .regex(/^mtr_\S+$/, 'STRIPE_METER_ID must be a Stripe meter id (mtr_…)'),
  ),
  // Tests and development only: where the Stripe client connects instead of api.stripe.com (a local fake).
  STRIPE_API_URL: optional(url('STRIPE_API_URL', ['http:', 'https:'])),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
  ),
});

const envSchema = envFields.superRefine((env, ctx) => {
  if (env.DATABASE_URL && !env.JWT_SECRET) {
    ctx.addIssue({
      code: 'custom',
      path: ['JWT_SECRET'],
      message: 'JWT_SECRET is required when DATABASE_URL is set (every instance must share it)',
    });
  }
  if (env.READ_DATABASE_URL && !env.DATABASE_URL)
    ctx.addIssue({
      code: 'custom',
      path: ['READ_DATABASE_URL'],
      message: 'READ_DATABASE_URL needs DATABASE_URL: a read replica is a copy of a PostgreSQL primary',
    });
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET)
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_WEBHOOK_SECRET'],
      message: 'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set (Pro is granted only by signed webhooks)',
    });
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_PRICE_ID)
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_PRICE_ID'],
      message: 'STRIPE_PRICE_ID is required when STRIPE_SECRET_KEY is set (create one with pnpm admin stripe-setup)',
    });
  if (parseTrustProxy(env.TRUST_PROXY) === undefined) ctx.addIssue({ code: 'custom', path: ['TRUST_PROXY'], message: TRUST_PROXY_MESSAGE });
  if (parseInternalNetworks(env.INTERNAL_NETWORKS) === undefined)
    ctx.addIssue({ code: 'custom', path: ['INTERNAL_NETWORKS'], message: INTERNAL_NETWORKS_MESSAGE });
  if (env.MARKET_FEED === 'coingecko' && !env.COINGECKO_API_KEY) {
    ctx.addIssue({ code: 'custom', path: ['COINGECKO_API_KEY'], message: 'COINGECKO_API_KEY is required when MARKET_FEED is coingecko' });
  }
});

export type Env = z.output<typeof envSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}.`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; throws a ConfigError listing every problem in one paragraph. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment');
    const given = source[name];
    const shown =
      given === undefined || name.endsWith('SECRET') || name.endsWith('_KEY') || name.endsWith('_URL') ? '' : ` (got "${given}")`;
    return `${issue.message}${shown}`;
  });
  throw new ConfigError(problems);
}

/**
 * What `pnpm admin stripe-setup` needs: the key and where Stripe is, before a price exists (the
 * server's own check asks for STRIPE_PRICE_ID and STRIPE_WEBHOOK_SECRET alongside the key).
 */
export function loadStripeSetupEnv(source: NodeJS.ProcessEnv = process.env) {
  const parsed = envFields.pick({ STRIPE_SECRET_KEY: true, STRIPE_METER_EVENT_NAME: true, STRIPE_API_URL: true }).safeParse(source);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => issue.message));
  return parsed.data;
}
