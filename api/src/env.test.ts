import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { stripeSettingsFrom, toAppConfig } from './config.js';
import { ConfigError, loadEnv, MIN_SECRET_BITS, secretEntropyBits } from './env.js';

// What `openssl rand -hex 32` prints.
const SECRET = '830dba6d226806944d130fa1aed824e484366b6788450b899efdf162073eabf3';

describe('loadEnv', () => {
  it('needs no configuration: embedded defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: 'localhost', DATA_DIR: './data', LOG_LEVEL: 'info' });
    // Moving prices from the first start: the simulated feed, ticking every 10 s, jobs on.
    expect(env).toMatchObject({ MARKET_FEED: 'simulated', MARKET_TICK_SECONDS: 10, MARKET_SEED: 1, JOBS: 'on', MAIL_RATE_PER_SECOND: 10 });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.JWT_SECRET).toBeUndefined();
    // No made-up operator address: the contact page shows one only when it is configured.
    expect(env.CONTACT_EMAIL).toBeUndefined();
  });

  it('reads every variable it knows', () => {
    const env = loadEnv({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      DATA_DIR: '/var/lib/coinsight',
      JWT_SECRET: SECRET,
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Coinsight <hello@coinsight.dev>',
      PUBLIC_URL: 'https://coinsight.dev',
      CONTACT_EMAIL: 'team@coinsight.dev',
    });
    expect(env).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      REDIS_URL: 'redis://cache:6379',
      PUBLIC_URL: 'https://coinsight.dev',
      CONTACT_EMAIL: 'team@coinsight.dev',
    });
  });

  it('reads the market feed and job settings, and refuses unknown ones readably', () => {
    expect(
      loadEnv({ MARKET_FEED: 'coingecko', COINGECKO_API_KEY: 'CG-test', MARKET_TICK_SECONDS: '30', MARKET_SEED: '42', JOBS: 'off' }),
    ).toMatchObject({
      MARKET_FEED: 'coingecko',
      MARKET_TICK_SECONDS: 30,
      MARKET_SEED: 42,
      JOBS: 'off',
    });
    expect(() => loadEnv({ MARKET_FEED: 'binance', MARKET_TICK_SECONDS: '0', JOBS: 'no' })).toThrow(
      'Invalid configuration: MARKET_FEED must be one of simulated, coingecko (got "binance"); ' +
        'MARKET_TICK_SECONDS must be a whole number of seconds from 1 to 3600 (got "0"); JOBS must be on, off or only (got "no").',
    );
    expect(() => loadEnv({ MARKET_FEED: 'coingecko' })).toThrow('COINGECKO_API_KEY is required when MARKET_FEED is coingecko');
  });

  it('runs the fixed-plan reads on generic plans unless DB_GENERIC_PLANS is off', () => {
    expect(toAppConfig(loadEnv({})).genericPlans).toBe(true);
    expect(toAppConfig(loadEnv({ DB_GENERIC_PLANS: 'off' })).genericPlans).toBe(false);
    expect(() => loadEnv({ DB_GENERIC_PLANS: 'no' })).toThrow('DB_GENERIC_PLANS must be on or off (got "no")');
  });

  it('treats an empty variable as unset', () => {
    const env = loadEnv({ PORT: '', DATABASE_URL: '' });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number from 0 to 65535 (got "abc")'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535 (got "70000")'],
    [{ DATABASE_URL: 'mysql://db/app', JWT_SECRET: SECRET }, 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [{ DATABASE_URL: 'postgres://db/app' }, 'JWT_SECRET is required when DATABASE_URL is set'],
    [{ READ_DATABASE_URL: 'postgres://replica/app' }, 'READ_DATABASE_URL needs DATABASE_URL'],
    [
      { DATABASE_URL: 'postgres://db/app', JWT_SECRET: SECRET, READ_DATABASE_URL: 'replica/app' },
      'READ_DATABASE_URL must be a postgres:// or postgresql:// URL',
    ],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL must be a redis:// or rediss:// URL'],
    [{ CONTACT_EMAIL: 'support' }, 'CONTACT_EMAIL must be an email address (got "support")'],
    [{ COINGECKO_PLAN: 'free' }, 'COINGECKO_PLAN must be demo or pro (got "free")'],
    [{ COINGECKO_BASE_URL: 'api.coingecko.com' }, 'COINGECKO_BASE_URL must be a http:// or https:// URL'],
    [{ COINGECKO_CALLS_PER_MINUTE: '0' }, 'COINGECKO_CALLS_PER_MINUTE must be a whole number from 1 to 10000'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
  ])('refuses %j with a message naming the variable', (source, message) => {
    expect(() => loadEnv(source)).toThrow(ConfigError);
    expect(() => loadEnv(source)).toThrow(message);
  });

  // docs/security.md §8
  it.each([
    ['passwordpassword'.repeat(2)],
    ['passwordpassword'.repeat(8)],
    ['a'.repeat(64)],
    ['0123456789abcdef'.repeat(4)],
    ['x'.repeat(32)],
  ])('docs/security.md §8: refuses the low-entropy JWT_SECRET %s, naming the variable and never the secret', (secret) => {
    const attempt = () => loadEnv({ DATABASE_URL: 'postgres://db/app', JWT_SECRET: secret });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      /^Invalid configuration: JWT_SECRET looks guessable \(about \d+ bits of randomness estimated, at least 128 needed\): use random bytes, e\.g\. openssl rand -hex 32\.$/,
    );
    expect(attempt).not.toThrow(secret);
  });

  it('docs/security.md §8: accepts random secrets: openssl rand -hex 32 and -base64 32 output', () => {
    for (let i = 0; i < 50; i++) {
      const hex = randomBytes(32).toString('hex');
      expect(loadEnv({ DATABASE_URL: 'postgres://db/app', JWT_SECRET: hex }).JWT_SECRET).toBe(hex);
      const base64 = randomBytes(32).toString('base64');
      expect(loadEnv({ DATABASE_URL: 'postgres://db/app', JWT_SECRET: base64 }).JWT_SECRET).toBe(base64);
    }
    expect(secretEntropyBits(SECRET)).toBeGreaterThan(200);
    expect(secretEntropyBits('passwordpassword'.repeat(2))).toBeLessThan(MIN_SECRET_BITS);
  });

  it('lists every problem at once, in one paragraph, without echoing secrets or URLs', () => {
    const attempt = () => loadEnv({ PORT: 'x', JWT_SECRET: 'hunter2', SMTP_URL: 'mail.example.com:25' });
    expect(attempt).toThrow(/^Invalid configuration: PORT .*; JWT_SECRET .*; SMTP_URL .*\.$/);
    expect(attempt).not.toThrow(/hunter2|\n/);
  });

  it('reads the CoinGecko settings with the demo plan by default, and never echoes the key', () => {
    expect(loadEnv({})).toMatchObject({ COINGECKO_PLAN: 'demo', COINGECKO_CALLS_PER_MINUTE: 30 });
    expect(loadEnv({}).COINGECKO_API_KEY).toBeUndefined();
    expect(loadEnv({ COINGECKO_API_KEY: ' CG-abc ', COINGECKO_PLAN: 'pro', COINGECKO_CALLS_PER_MINUTE: '500' })).toMatchObject({
      COINGECKO_API_KEY: 'CG-abc',
      COINGECKO_PLAN: 'pro',
      COINGECKO_CALLS_PER_MINUTE: 500,
    });
    expect(() => loadEnv({ COINGECKO_API_KEY: '   ' })).toThrow(/^Invalid configuration: COINGECKO_API_KEY must not be blank\.$/);
  });

  it('reads the Stripe settings, needs the webhook secret and price with the key, and never echoes the key or secret', () => {
    expect(stripeSettingsFrom(loadEnv({}))).toBeUndefined();
    const env = loadEnv({
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_def456',
      STRIPE_PRICE_ID: 'price_789',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(stripeSettingsFrom(env)).toEqual({
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_def456',
      priceId: 'price_789',
      meterEventName: 'coinsight_api_calls',
      meterId: undefined,
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow(
      'Invalid configuration: STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set (Pro is granted only by signed webhooks); ' +
        'STRIPE_PRICE_ID is required when STRIPE_SECRET_KEY is set (create one with pnpm admin stripe-setup).',
    );
    let message = '';
    try {
      loadEnv({ STRIPE_SECRET_KEY: 'pk_live_wrongkind', STRIPE_WEBHOOK_SECRET: 'nothook' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('STRIPE_SECRET_KEY must be a Stripe secret or restricted key');
    expect(message).not.toContain('pk_live_wrongkind');
    expect(message).not.toContain('nothook');
  });
});
