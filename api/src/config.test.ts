import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { coinGeckoConfigFrom, toAppConfig } from './config.js';
import { loadEnv, MIN_SECRET_BITS, secretEntropyBits } from './env.js';

// What `openssl rand -hex 32` prints.
const SECRET = '1a56b894d985cae9d563e2a7a7b8b16f1d1dd09ba57f27b0239859177f2e2d4f';
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'coinsight-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('toAppConfig', () => {
  it('makes a 256-bit signing secret on first start, owner-readable only, and reuses it', () => {
    const dataDir = path.join(tempDir(), 'data');
    const first = toAppConfig(loadEnv({ DATA_DIR: dataDir }));
    expect(first.jwtSecret).toMatch(/^[0-9a-f]{64}$/);
    // docs/security.md §8: the made secret meets the rule a configured one must.
    expect(secretEntropyBits(first.jwtSecret)).toBeGreaterThanOrEqual(MIN_SECRET_BITS);
    const file = path.join(dataDir, 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(toAppConfig(loadEnv({ DATA_DIR: dataDir })).jwtSecret).toBe(first.jwtSecret);
  });

  it('docs/security.md §8: refuses to start on a guessable secret put in DATA_DIR/jwt-secret by hand', () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, 'jwt-secret'), `${'passwordpassword'.repeat(4)}\n`);
    expect(() => toAppConfig(loadEnv({ DATA_DIR: dataDir }))).toThrow(/jwt-secret holds a guessable signing secret: delete it/);
  });

  it('uses PGlite in the data folder without DATABASE_URL, and PostgreSQL with it', () => {
    const dataDir = tempDir();
    expect(toAppConfig(loadEnv({ DATA_DIR: dataDir })).db).toEqual({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    const production = toAppConfig(loadEnv({ DATABASE_URL: 'postgres://db/app', JWT_SECRET: SECRET, DATA_DIR: dataDir }));
    expect(production).toMatchObject({
      db: { kind: 'postgres', url: 'postgres://db/app' },
      readReplicaUrl: undefined,
      jwtSecret: SECRET,
      seedDemoData: false,
    });
    const replicated = loadEnv({ DATABASE_URL: 'postgres://db/app', READ_DATABASE_URL: 'postgres://replica/app', JWT_SECRET: SECRET });
    expect(toAppConfig(replicated).readReplicaUrl).toBe('postgres://replica/app');
  });

  it('prints mail to the log only in the embedded default (reset links are secrets)', () => {
    const dataDir = tempDir();
    expect(toAppConfig(loadEnv({ DATA_DIR: dataDir })).printMail).toBe(true);
    expect(toAppConfig(loadEnv({ DATABASE_URL: 'postgres://db/app', JWT_SECRET: SECRET, DATA_DIR: dataDir })).printMail).toBe(false);
  });

  it('derives the public URL from PORT and always allows its own origin for CORS', () => {
    const config = toAppConfig(loadEnv({ PORT: '4000', DATA_DIR: tempDir(), CORS_ORIGINS: 'https://a.example, https://b.example' }));
    expect(config.publicUrl).toBe('http://localhost:4000');
    expect(config.corsOrigins).toEqual(['http://localhost:4000', 'https://a.example', 'https://b.example']);
  });

  it('sheds load by default and never with SHED_LOAD=off', () => {
    expect(toAppConfig(loadEnv({ DATA_DIR: tempDir() })).overload.maxEventLoopDelayMs).toBeGreaterThan(0);
    expect(toAppConfig(loadEnv({ DATA_DIR: tempDir(), SHED_LOAD: 'off' })).overload).toMatchObject({
      maxEventLoopDelayMs: 0,
      maxEventLoopUtilization: 0,
    });
    expect(() => loadEnv({ SHED_LOAD: 'maybe' })).toThrow('SHED_LOAD must be on or off');
  });

  it('keeps every post by default, and drops months past POSTS_RETENTION_DAYS when set', () => {
    expect(toAppConfig(loadEnv({ DATA_DIR: tempDir() })).postsRetentionDays).toBeUndefined();
    expect(toAppConfig(loadEnv({ DATA_DIR: tempDir(), POSTS_RETENTION_DAYS: '400' })).postsRetentionDays).toBe(400);
    expect(() => loadEnv({ POSTS_RETENTION_DAYS: '0' })).toThrow('POSTS_RETENTION_DAYS must be a whole number of days from 1 to 999999');
    expect(() => loadEnv({ POSTS_RETENTION_DAYS: 'a year' })).toThrow(
      'POSTS_RETENTION_DAYS must be a whole number of days from 1 to 999999',
    );
  });

  it('takes an OTLP/HTTP collector address for traces, and refuses one that is not a URL', () => {
    expect(loadEnv({}).OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    expect(loadEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: '' }).OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    expect(loadEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).OTEL_EXPORTER_OTLP_ENDPOINT).toBe('http://collector:4318');
    expect(() => loadEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      'OTEL_EXPORTER_OTLP_ENDPOINT must be a http:// or https:// URL',
    );
  });

  it('gives the CoinGecko connector its settings only when a key is set', () => {
    expect(coinGeckoConfigFrom(loadEnv({}))).toBeUndefined();
    expect(coinGeckoConfigFrom(loadEnv({ COINGECKO_API_KEY: 'CG-x', COINGECKO_PLAN: 'pro' }))).toEqual({
      apiKey: 'CG-x',
      plan: 'pro',
      baseUrl: undefined,
      callsPerMinute: 30,
    });
  });
});
