import { describe, expect, it } from 'vitest';
import { V1_HISTORY_DEFAULT_SPANS_TEXT } from './history.js';
import { fastifyPath, findV1Operation, V1_OPERATIONS, v1OpenApiDocument, v1ResponseSchema } from './openapi.js';
import { REQUEST_LOG_OPERATIONS } from './requests.js';
import { v1ErrorSchema } from './common.js';

describe('the /v1 registry', () => {
  it("lists the request log's operations as the registry does (every keyed one, its summary)", () => {
    const keyed = V1_OPERATIONS.filter((op) => !('public' in op)).map(({ operationId, summary }) => ({ operationId, summary }));
    expect(REQUEST_LOG_OPERATIONS).toEqual(keyed);
  });

  it('finds the operation of a concrete path', () => {
    expect(findV1Operation('DELETE', '/v1/alerts/12')?.operationId).toBe('deleteAlert');
    expect(findV1Operation('get', '/v1/alerts')?.operationId).toBe('listAlerts');
    expect(findV1Operation('GET', '/v1/alerts/12')).toBeUndefined();
    expect(findV1Operation('GET', '/v1/alerts/12/x')).toBeUndefined();
    expect(findV1Operation('GET', '/v1/openapiXjson')).toBeUndefined();
    expect(fastifyPath('/v1/alerts/{id}')).toBe('/v1/alerts/:id');
  });

  it('answers errors in the one error shape, and only the statuses it lists', () => {
    const del = findV1Operation('DELETE', '/v1/alerts/1')!;
    expect(v1ResponseSchema(del, 404)).toBe(v1ErrorSchema);
    expect(v1ResponseSchema(del, 429)).toBe(v1ErrorSchema);
    expect(v1ResponseSchema(del, 409)).toBeUndefined();
    expect(v1ResponseSchema(findV1Operation('GET', '/v1/openapi.json')!, 401)).toBeUndefined();
  });

  it('describes history defaults from the constants', () => {
    expect(V1_HISTORY_DEFAULT_SPANS_TEXT).toBe('24 hours (1m), 30 days (1h) or 365 days (1d)');
    const document = v1OpenApiDocument({ serverUrl: 'https://x.test', version: '1' });
    expect(document.paths?.['/v1/crypto/history']?.get?.description).toContain(V1_HISTORY_DEFAULT_SPANS_TEXT);
  });
});
