import { fastifyPath, V1_OPERATIONS, type V1Operation } from '@coinsight/contracts';
import { seedAssets } from '@coinsight/db';
import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { expectDocumented, v1Account } from '../../test/v1.js';
import { V1_ROUTES } from '../index.js';

// The OpenAPI document of /v1, generated from the contracts' registry.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://coinsight.example' });
  await seedAssets(t.app.db);
});

afterAll(async () => {
  await t?.close();
});

const operations = V1_OPERATIONS as readonly V1Operation[];

describe('GET /v1/openapi.json', () => {
  it('answers without a key a document that validates as OpenAPI 3.1', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
    const document = res.json();
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: 'https://coinsight.example' }]);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/v1/openapi.json'].get.security).toEqual([]);
    // The error shape is one component every error answer points at.
    expect(document.components.schemas.Error.properties.error).toEqual({ $ref: '#/components/schemas/ErrorDetail' });
    expect(document.components.schemas.ErrorDetail.required).toEqual(['code', 'message', 'requestId']);
    // The codes are an enum, so generated clients get a type for them.
    expect(document.components.schemas.ErrorCode.enum).toContain('quota_exceeded');
    expect(document.paths['/v1/alerts/{id}'].delete.responses['404'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
  });

  it('is the same document on every call', async () => {
    const [a, b] = await Promise.all([1, 2].map(() => t.app.inject({ method: 'GET', url: '/v1/openapi.json' })));
    expect(a?.body).toBe(b?.body);
  });

  it('is neither rate-limited nor metered, with or without a key', async () => {
    const c = await v1Account(t.app);
    const before = (await c.get('/v1/usage')).json().calls;
    for (const headers of [{}, { authorization: `Bearer ${c.secret}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBeUndefined();
    }
    expect((await c.get('/v1/crypto/prices?symbols=BTC')).statusCode).toBe(200);
    expect((await c.get('/v1/usage')).json().calls).toBe(before + 1);
  });

  it('exempts exactly GET /v1/openapi.json from the key', async () => {
    for (const [method, url] of [
      ['POST', '/v1/openapi.json'],
      ['GET', '/v1/openapi.jsonx'],
      ['GET', '/v1/openapi.json/x'],
      ['GET', '/v1/openapi'],
      ['GET', '/v1/alerts'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect({ method, url, status: res.statusCode, code: res.json().error?.code }).toEqual({
        method,
        url,
        status: 401,
        code: 'unauthorized',
      });
    }
  });

  it('gives each parameter and body an example that the endpoint accepts', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    for (const op of operations) {
      if (op.query) expect(op.query.safeParse(op.examples?.query ?? {}).success, op.operationId).toBe(true);
      if (op.params) expect(op.params.safeParse(op.examples?.params).success, op.operationId).toBe(true);
      if (op.body) expect(op.body.safeParse(op.examples?.body).success, op.operationId).toBe(true);
      const operation = document.paths[op.path][op.method];
      for (const parameter of operation.parameters ?? []) {
        if (parameter.required) expect(parameter.example, `${op.operationId} ${parameter.name}`).toBeDefined();
      }
      if (op.body) expect(operation.requestBody.content['application/json'].example).toEqual(op.examples?.body);
    }
  });
});

describe('the registry and the routes', () => {
  it('lists every /v1 route, and only those', async () => {
    // V1_ROUTES' plugins registered on a bare Fastify: their handlers are not called, so no deps.
    const probe = Fastify();
    const registered: string[] = [];
    const billable = new Map<string, unknown>();
    probe.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        registered.push(`${method} ${route.url}`);
        billable.set(`${method} ${route.url}`, route.config?.billable);
      }
    });
    await probe.register(
      async (v1) => {
        for (const routes of V1_ROUTES) await v1.register(routes);
      },
      { prefix: '/v1' },
    );
    await probe.ready();
    await probe.close();
    const documented = operations.map((op) => `${op.method.toUpperCase()} ${fastifyPath(op.path)}`);
    expect(registered.sort()).toEqual(documented.sort());
    expect(new Set(operations.map((op) => op.operationId)).size).toBe(operations.length);
    // Each route is billed exactly when the registry says so (and so when the document lists 402).
    for (const op of operations) {
      const route = `${op.method.toUpperCase()} ${fastifyPath(op.path)}`;
      expect({ route, billable: billable.get(route) }).toEqual({ route, billable: !op.public && op.billable !== false });
    }
    // And the real app answers each of them (not the catch-all 404).
    for (const op of operations)
      expect(t.app.hasRoute({ method: op.method.toUpperCase() as 'GET', url: fastifyPath(op.path) }), op.path).toBe(true);
  });
});

describe('the answer check of the /v1 test helpers', () => {
  it('fails an answer off its documented schema or status', async () => {
    const c = await v1Account(t.app);
    const res = await c.get('/v1/alerts');
    const as = (statusCode: number, body: unknown) => ({ ...res, statusCode, body: JSON.stringify(body), json: () => body }) as typeof res;
    expect(() => expectDocumented('GET', '/v1/alerts', as(200, { data: [], asOf: 'now', extra: 1 }))).toThrow(/off its documented schema/);
    expect(() => expectDocumented('GET', '/v1/alerts', as(200, { data: [{ id: 1 }], asOf: 'now' }))).toThrow(/off its documented schema/);
    expect(() => expectDocumented('GET', '/v1/alerts', as(404, { error: { code: 'not_found', message: 'x', requestId: 'r' } }))).toThrow(
      /a status its OpenAPI entry does not list/,
    );
    expect(() => expectDocumented('GET', '/v1/alerts', as(200, { data: [], asOf: '2026-11-26T10:00:00.000Z' }))).not.toThrow();
    // Timestamps are documented date-times, and checked as such.
    expect(() => expectDocumented('GET', '/v1/alerts', as(200, { data: [], asOf: 'now' }))).toThrow(/off its documented schema/);
  });
});
