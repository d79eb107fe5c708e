import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { THEME_BOOT_SCRIPT } from '@coinsight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.js';
import { VERSION } from './version.js';

let t: TestApp;
let webRoot: string;

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'coinsight-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Coinsight</title><div id="root"></div>');
  writeFileSync(path.join(webRoot, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
  writeFileSync(path.join(webRoot, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync('console.log("app")'));
  t = await createTestApp({ webRoot });
  // Routes that exist only to drive the error handler.
  t.app.get('/api/test/boom', async () => {
    throw new Error('secret detail: password=hunter2 at db.query');
  });
  t.app.post('/api/test/echo', async (request) => ({ received: request.body }));
  await t.app.ready();
});

afterAll(async () => {
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe(`health (${process.env.TEST_DB})`, () => {
  it('GET /api/health checks the database and answers status, db and version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 'ok', db: 'up', version: VERSION });
  });

  it('the health tRPC query answers the same', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/trpc/system.health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: { data: { status: 'ok', db: 'up', version: VERSION } } });
  });
});

describe('unknown API paths', () => {
  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/auth/nope'],
    ['GET', '/api/'],
    ['POST', '/api'],
    ['GET', '/trpc'],
  ])('%s %s answers 404 JSON, never the SPA', async (method, url) => {
    const res = await t.app.inject({ method: method as 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: `Not found: ${method} ${url}` });
  });

  // /v1 asks for a key first, for unknown paths too (v1/auth.int.test.ts), in its own error shape.
  it.each([
    ['GET', '/v1/nope'],
    ['GET', '/v1'],
    ['DELETE', '/v1'],
  ])('%s %s answers 401 JSON in the /v1 error shape, never the SPA', async (method, url) => {
    const res = await t.app.inject({ method: method as 'GET', url });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ error: { code: 'unauthorized', requestId: res.headers['x-request-id'] } });
  });

  it('an unknown tRPC procedure is a 404 in tRPC’s own error format', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/trpc/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { data: { code: 'NOT_FOUND', httpStatus: 404 } } });
  });
});

describe('single-page app', () => {
  // docs/security.md §9: the token sits in localStorage, so XSS must have nowhere to start.
  it('serves index.html at / with a strict Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root">');
    const csp = String(res.headers['content-security-policy']);
    for (const directive of ["script-src 'self'", "object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-inline');
  });

  it("allows one inline script, the theme's boot script, by the hash of its exact text", async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    const hash = createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
  });

  it('sends the same security headers on API answers, errors and unknown paths', async () => {
    for (const url of ['/api/health', '/api/no-such-thing', '/v1/crypto/prices', '/trpc/no.such']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(String(res.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
    }
  });

  // `/api` alone is the API reference page (opened directly or refreshed); `/api/...` stays REST.
  it.each(['/dashboard', '/social/twitter', '/reset-password?token=abc', '/no-such-page', '/api', '/api?tab=x'])(
    'answers the client route %s with index.html, not cached',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed asset to a browser that accepts brotli', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('console.log("app")');
  });

  it('a missing file is a 404, not the SPA (a browser would run HTML as a script)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found: GET /assets/gone-123.js' });
  });

  it('POST to a client route is a 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/dashboard' });
    expect(res.statusCode).toBe(404);
  });
});

describe('errors', () => {
  // docs/security.md §15 (tRPC's errorFormatter: trpc/*.int.test.ts and the fuzz test's 5xx check).
  it('a 5xx body is generic; the cause goes to the log only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Internal server error' });
    expect(res.body).not.toContain('hunter2');
    expect(t.logs.join('')).toContain('secret detail');
  });

  it('malformed JSON is a 400 that says so', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/JSON/);
  });

  it('an unsupported content type is a 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatch(/Unsupported Media Type/i);
  });

  it('a body over 1 MiB is a 413', async () => {
    const payload = JSON.stringify({ text: 'x'.repeat(1_100_000) });
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatch(/too large/i);
  });

  it('never logs a token from a URL: a reset link opened in the SPA or credentials in any query', async () => {
    const secret = 'Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56';
    const page = await t.app.inject({ method: 'GET', url: `/reset-password?token=${secret}` });
    expect(page.statusCode).toBe(200);
    await t.app.inject({
      method: 'GET',
      url: `/api/health?page=2&api_key=${secret}1&Secret=${secret}2&code=${secret}3&password=${secret}4`,
    });
    const logs = t.logs.join('');
    expect(logs).not.toContain(secret);
    expect(logs).toContain('"url":"/reset-password?token=[redacted]"');
    expect(logs).toContain('"url":"/api/health?page=2&api_key=[redacted]&Secret=[redacted]&code=[redacted]&password=[redacted]"');
  });

  it('never logs an authorization header', async () => {
    await t.app.inject({ method: 'GET', url: '/api/test/boom', headers: { authorization: 'Bearer top-secret-token' } });
    expect(t.logs.join('')).not.toContain('top-secret-token');
  });
});

// docs/security.md §9: an allowlist, never a reflected origin.
describe('CORS', () => {
  it('allows the configured origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'http://localhost:3000' } });
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
  });

  it('never reflects an origin that is not on the allowlist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
