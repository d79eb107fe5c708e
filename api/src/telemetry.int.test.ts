import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@coinsight/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyHash, newApiKeySecret } from './services/api-keys/secret.js';
import { freePort } from './test/free-port.js';

// With OTEL_EXPORTER_OTLP_ENDPOINT set, the built server (`node api/dist/server.js`)
// sends its traces over OTLP/HTTP (JSON) to a collector, here a node:http stand-in. The spans name
// the route, the status and the request id, the statement without its values, and no secret the
// client sent. They are flushed on SIGTERM, so the test waits for the exit, not for a batch timer.
const SERVER = fileURLToPath(new URL('../dist/server.js', import.meta.url));
// A first embedded start migrates and seeds the demo data, which takes long on a loaded machine:
// the wait only catches a server that never answers.
const START_WAIT_MS = 180_000;

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpSpan {
  name: string;
  traceId: string;
  attributes?: { key: string; value: OtlpValue }[];
}
interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: OtlpValue }[] };
    scopeSpans?: { scope?: { name: string }; spans?: OtlpSpan[] }[];
  }[];
}
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A collector that accepts every OTLP/HTTP JSON export and keeps it. */
function startCollector(received: Received[]): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') received.push({ headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (typeof address !== 'object' || !address) throw new Error('no collector address');
      resolve({ server, url: `http://127.0.0.1:${address.port}` });
    }),
  );
}

function attribute(span: OtlpSpan, key: string): string | number | boolean | undefined {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  if (!value) return undefined;
  if (value.intValue !== undefined) return Number(value.intValue);
  return value.stringValue ?? value.boolValue ?? value.doubleValue;
}

describe('OpenTelemetry traces (OTEL_EXPORTER_OTLP_ENDPOINT)', { timeout: START_WAIT_MS + 60_000 }, () => {
  let database: TestDatabase;
  let collector: { server: Server; url: string };
  const received: Received[] = [];
  const workDir = mkdtempSync(path.join(tmpdir(), 'coinsight-otel-'));
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    collector = await startCollector(received);
  });

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await new Promise((resolve) => collector?.server.close(resolve));
    await database?.drop();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('exports the request spans with route, status and request id, and no secret, flushed on SIGTERM', async () => {
    expect(existsSync(SERVER)).toBe(true);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const { TEST_DATABASE_URL: _t, TEST_DB: _d, TEST_REDIS_URL: redisUrl, ...inherited } = process.env;
    const dbEnv: Record<string, string> =
      database.config.kind === 'postgres'
        ? { DATABASE_URL: database.config.url, JWT_SECRET: randomBytes(32).toString('hex') }
        : { DATA_DIR: path.join(workDir, 'data') };
    // With Redis (as CI runs it), /api/health asks it too: an ioredis span.
    if (redisUrl) dbEnv.REDIS_URL = redisUrl;
    let output = '';
    child = spawn(process.execPath, [SERVER], {
      cwd: workDir,
      env: {
        ...inherited,
        ...dbEnv,
        PORT: String(port),
        HOST: '127.0.0.1',
        // info: the refused key's log line gives the request id the spans must carry.
        LOG_LEVEL: 'info',
        JOBS: 'off',
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        // Read by the exporter itself: the collector's credentials never pass through the api's config.
        OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20collector-credential',
        OTEL_SERVICE_NAME: '',
      },
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child?.on('exit', (code) => resolve(code)));

    for (let deadline = Date.now() + START_WAIT_MS; ;) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      if (Date.now() > deadline) throw new Error(`server did not answer:\n${output}`);
      const health = await fetch(`${base}/api/health`).catch(() => undefined);
      if (health?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    // Once more now that the server has started, until its Redis connection is up (on a loaded
    // machine it can come after the first answers): that check's trace holds an ioredis span.
    for (let deadline = Date.now() + START_WAIT_MS; ;) {
      const health = await fetch(`${base}/api/health`);
      expect(health.ok).toBe(true);
      if (!redisUrl || ((await health.json()) as { redis?: string }).redis === 'up') break;
      if (Date.now() > deadline) throw new Error(`Redis never answered the health check:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    // A well-formed key no account holds: the server looks it up (a statement) and answers 401.
    const apiKey = newApiKeySecret();
    const querySecret = `q${randomBytes(8).toString('hex')}`;
    const tokenSecret = `t${randomBytes(8).toString('hex')}`;
    const cookieSecret = `c${randomBytes(8).toString('hex')}`;
    const refused = await fetch(`${base}/v1/crypto/prices?symbols=BTC&key=${querySecret}&token=${tokenSecret}`, {
      headers: { authorization: `Bearer ${apiKey}`, cookie: `cs_session=${cookieSecret}` },
    });
    expect(refused.status).toBe(401);

    child.kill('SIGTERM');
    expect(await exited, output).toBe(0);

    const refusal = output
      .split('\n')
      .filter((line) => line.includes('"v1.auth_failed"'))
      .map((line) => JSON.parse(line) as { reqId?: string })[0];
    const requestId = refusal?.reqId;
    expect(requestId, output).toMatch(/^req_[0-9a-f]{32}$/);
    // Logged neither: the log line names the failure, not the key.
    expect(output).not.toContain(apiKey);

    expect(received.length, output).toBeGreaterThan(0);
    expect(received[0]!.headers.authorization).toBe('Bearer collector-credential');
    const all = received.map((r) => r.body).join('\n');
    for (const secret of [apiKey, apiKeyHash(apiKey), querySecret, tokenSecret, cookieSecret]) expect(all).not.toContain(secret);

    const exports = received.map((r) => JSON.parse(r.body) as OtlpExport);
    const resources = exports.flatMap((e) => e.resourceSpans ?? []);
    const serviceNames = resources.map((r) => r.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue);
    expect(new Set(serviceNames)).toEqual(new Set(['coinsight-api']));
    const scopes = resources.flatMap((r) => r.scopeSpans ?? []);
    const spans = scopes.flatMap((s) => s.spans ?? []);

    // The HTTP server span (node:http), named by the route @fastify/otel found.
    const server = spans.find((s) => s.name === 'GET /v1/crypto/prices' && attribute(s, 'http.response.status_code') === 401);
    expect(server, JSON.stringify(spans.map((s) => s.name))).toBeDefined();
    expect(attribute(server!, 'http.route')).toBe('/v1/crypto/prices');

    // Fastify's request span: the route, the status and the request id the client was given.
    const fastify = spans.find((s) => s.traceId === server!.traceId && attribute(s, 'coinsight.request_id') !== undefined);
    expect(fastify).toBeDefined();
    expect(attribute(fastify!, 'http.route')).toBe('/v1/crypto/prices');
    expect(attribute(fastify!, 'http.response.status_code')).toBe(401);
    expect(attribute(fastify!, 'coinsight.request_id')).toBe(requestId);
    expect(attribute(server!, 'coinsight.request_id')).toBe(requestId);
    // The path is kept with the names of the query's parameters, never the secret ones' values.
    expect(String(attribute(fastify!, 'url.path'))).toContain('key=REDACTED');

    if (redisUrl) {
      // Any health check's trace: the first ones may ask Redis before its connection is up (the
      // command waits in ioredis's offline queue), the last one above found it up.
      const healthTraces = new Set(
        spans.filter((s) => s.name === 'GET /api/health' && attribute(s, 'http.route') === '/api/health').map((s) => s.traceId),
      );
      const redis = scopes
        .filter((s) => s.scope?.name === '@opentelemetry/instrumentation-ioredis')
        .flatMap((s) => s.spans ?? [])
        .filter((s) => healthTraces.has(s.traceId));
      expect(redis.length, JSON.stringify(spans.map((s) => s.name))).toBeGreaterThan(0);
    }

    if (database.config.kind === 'postgres') {
      // pg: the key lookup, in the request's trace, as a statement with placeholders.
      const statements = spans.filter((s) => s.traceId === server!.traceId && attribute(s, 'db.system.name') === 'postgresql');
      const texts = statements.map((s) => String(attribute(s, 'db.query.text') ?? attribute(s, 'db.statement')));
      expect(
        texts.some((text) => /api_keys/.test(text) && /\$1/.test(text)),
        JSON.stringify(texts),
      ).toBe(true);
    }
  });
});
