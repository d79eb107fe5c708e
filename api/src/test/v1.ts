import { findV1Operation, v1OpenApiDocument } from '@coinsight/contracts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createApiKey } from '../services/api-keys/keys.js';
import { signup } from './auth.js';

/**
 * A fresh account with an API key made through the keys service, as a customer gets one. The
 * address is marked confirmed in the table (the confirmation flow has its own tests).
 */
export async function v1Account(app: FastifyInstance) {
  const { user } = await signup(app);
  return v1Client(app, user.id);
}

/** An API key for an existing account (its address marked confirmed), and calls made with it. */
export async function v1Client(app: FastifyInstance, userId: string) {
  await app.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', userId).execute();
  const { secret } = await createApiKey(app.deps, { name: 'integration test' }, { userId });
  const headers = { authorization: `Bearer ${secret}` };
  return {
    userId,
    secret,
    get: async (url: string) => documented('GET', url, await app.inject({ method: 'GET', url, headers })),
    post: async (url: string, payload: object, extra: Record<string, string> = {}) =>
      documented('POST', url, await app.inject({ method: 'POST', url, payload, headers: { ...headers, ...extra } })),
    put: async (url: string, payload: object) => documented('PUT', url, await app.inject({ method: 'PUT', url, payload, headers })),
    delete: async (url: string) => documented('DELETE', url, await app.inject({ method: 'DELETE', url, headers })),
  };
}

/**
 * The one /v1 error shape, with the header's request id in the body; `extra` fields beside. A 400
 * also links its documentation (`docUrl`) and may name the parameter (`param`: checked when
 * `extra` names one).
 */
export function expectV1Error(res: LightMyRequestResponse, status: number, code: string, message?: string, extra: object = {}) {
  const body = res.json() as { error?: Record<string, unknown> };
  const { docUrl, param, ...rest } = body.error ?? {};
  const { param: expectedParam, ...others } = extra as { param?: string };
  expect({ status: res.statusCode, body: { error: rest } }).toEqual({
    status,
    body: { error: { code, message: message ?? expect.any(String), requestId: res.headers['x-request-id'], ...others } },
  });
  if (status === 400) expect(docUrl).toMatch(/^https?:\/\/[^ ]+\/api(#op-[A-Za-z]+)?$/);
  else expect(docUrl).toBeUndefined();
  if (expectedParam !== undefined) expect(param).toBe(expectedParam);
}

// Every answer the helpers above get is checked against the OpenAPI document: the
// documented schema of that operation and status, extra fields included (answers are closed
// objects in the document), and its required headers (X-Request-Id, RateLimit-*, Retry-After). So a route cannot answer what its documentation does not say.
const document = v1OpenApiDocument({ serverUrl: 'http://localhost:3000', version: 'test' });
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(document, 'openapi.json');
const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** Fails unless `res` is what the document says `method url` answers with its status. */
export function expectDocumented(method: string, url: string, res: LightMyRequestResponse): void {
  const path = url.split('?')[0] ?? url;
  // Only /v1 is described by the document: REST and tRPC answers pass as they are.
  if (path !== '/v1' && !path.startsWith('/v1/')) return;
  const operation = findV1Operation(method, path);
  // An unknown /v1 path answers the error shape too.
  const ref = operation
    ? `openapi.json#/${pointer('paths', operation.path, operation.method, 'responses', String(res.statusCode), 'content', 'application/json', 'schema')}`
    : 'openapi.json#/components/schemas/Error';
  const documented = operation ? document.paths?.[operation.path]?.[operation.method]?.responses?.[String(res.statusCode)] : undefined;
  if (operation && !documented) throw new Error(`${method} ${path} answered ${res.statusCode}, a status its OpenAPI entry does not list`);
  const headers = (documented && 'headers' in documented ? documented.headers : undefined) ?? {};
  for (const [name, header] of Object.entries(headers as Record<string, { required?: boolean }>)) {
    if (header.required && res.headers[name.toLowerCase()] === undefined) {
      throw new Error(`${method} ${path} answered ${res.statusCode} without its documented header ${name}`);
    }
  }
  const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
  if (!validate(res.json())) {
    throw new Error(
      `${method} ${path} answered ${res.statusCode} off its documented schema: ${ajv.errorsText(validate.errors)}\n${res.body}`,
    );
  }
}

function documented(method: string, url: string, res: LightMyRequestResponse): LightMyRequestResponse {
  expectDocumented(method, url, res);
  return res;
}
