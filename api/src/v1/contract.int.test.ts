import { V1_OPERATIONS, type V1Operation } from '@coinsight/contracts';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveServer } from '../test/live-server.js';
import { v1Account } from '../test/v1.js';

// The /v1 contract is exact. Every operation's documented examples and a set of
// hostile requests go to a listening server; each request is judged against GET /v1/openapi.json
// (its parameters and body, unknown ones included) and each answer checked against it (status
// listed, body by its schema, request id). It fails on any 5xx, on an answer off the document, on
// a request the document refuses that the server accepts, and on a documented example refused.

type Json = Record<string, unknown>;
interface Call {
  method: string;
  /** The concrete path, already encoded as sent. */
  path: string;
  query?: [string, string][];
  body?: unknown;
  /** Sent as is instead of JSON (malformed bodies). */
  rawBody?: string;
  contentType?: string;
}

let server: Awaited<ReturnType<typeof startLiveServer>>;
let document: Json;
/** The key calls are made with: a fresh account's every 90 calls, under the Free plan's 100 a minute. */
let key: { secret: string; userId: string };
let callsWithKey = 0;

async function freshKey(): Promise<void> {
  const account = await v1Account(server.app);
  key = { secret: account.secret, userId: account.userId };
  callsWithKey = 0;
}
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

beforeAll(async () => {
  server = await startLiveServer();
  document = (await (await fetch(`${server.baseUrl}/v1/openapi.json`)).json()) as Json;
  ajv.addSchema(document, 'openapi.json');
  await freshKey();
});

afterAll(async () => {
  await server?.close();
});

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
const validator = (...parts: string[]): ValidateFunction => {
  const ref = `openapi.json#/${pointer(...parts)}`;
  return ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
};

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema: Json;
}

/** The documented operation of a concrete path, with its template. */
function operationOf(method: string, path: string): { template: string; method: string; entry: Json } | undefined {
  const paths = document.paths as Record<string, Record<string, Json>>;
  const lower = method === 'HEAD' ? 'get' : method.toLowerCase();
  for (const [template, item] of Object.entries(paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+').replaceAll('.', '\\.')}$`);
    if (pattern.test(path) && item[lower]) return { template, method: lower, entry: item[lower] };
  }
  return undefined;
}

/** Why the document refuses a call, or null when it accepts it. */
function documentRefuses(call: Call): string | null {
  const op = operationOf(call.method, call.path);
  if (!op) return 'no such operation';
  if (call.path.includes('%')) {
    try {
      decodeURIComponent(call.path);
    } catch {
      return 'malformed path';
    }
  }
  const parameters = (op.entry.parameters ?? []) as Parameter[];
  const query = call.query ?? [];
  const names = query.map(([name]) => name);
  for (const name of names) {
    if (!parameters.some((p) => p.in === 'query' && p.name === name)) return `unknown parameter ${name}`;
    if (names.indexOf(name) !== names.lastIndexOf(name)) return `${name} given twice`;
  }
  for (const [index, parameter] of parameters.entries()) {
    if (parameter.in === 'header') continue;
    const value =
      parameter.in === 'query'
        ? query.find(([name]) => name === parameter.name)?.[1]
        : decodeURIComponent(call.path.split('/')[op.template.split('/').indexOf(`{${parameter.name}}`)] ?? '');
    if (value === undefined) {
      if (parameter.required) return `${parameter.name} missing`;
      continue;
    }
    // Query and path values are text: an integer parameter is its digits.
    const typed = parameter.schema.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
    const validate = validator('paths', op.template, op.method, 'parameters', String(index), 'schema');
    if (!validate(typed)) return `${parameter.name}: ${ajv.errorsText(validate.errors)}`;
  }
  const requestBody = op.entry.requestBody as { content: Record<string, Json> } | undefined;
  if (requestBody) {
    if (call.rawBody !== undefined || (call.contentType && call.contentType !== 'application/json')) return 'body not JSON';
    const validate = validator('paths', op.template, op.method, 'requestBody', 'content', 'application/json', 'schema');
    if (!validate(call.body)) return `body: ${ajv.errorsText(validate.errors)}`;
  }
  return null;
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

async function send(call: Call): Promise<Answer> {
  if (++callsWithKey > 90) await freshKey();
  const search = new URLSearchParams(call.query ?? []).toString();
  const hasBody = call.body !== undefined || call.rawBody !== undefined;
  const res = await fetch(`${server.baseUrl}${call.path}${search ? `?${search}` : ''}`, {
    method: call.method,
    headers: {
      authorization: `Bearer ${key.secret}`,
      ...(hasBody ? { 'content-type': call.contentType ?? 'application/json' } : {}),
    },
    ...(hasBody ? { body: call.rawBody ?? JSON.stringify(call.body) } : {}),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** Fails unless the answer is one the document gives this call. */
function expectDocumentedAnswer(call: Call, answer: Answer): void {
  const label = `${call.method} ${call.path}?${new URLSearchParams(call.query ?? []).toString()} ${call.rawBody ?? JSON.stringify(call.body) ?? ''}`;
  expect(answer.status, `${label}: a server error`).toBeLessThan(500);
  const requestId = answer.headers.get('x-request-id');
  expect(requestId, `${label}: no X-Request-Id`).toMatch(/^req_[0-9a-f]{32}$/);
  if (call.method === 'HEAD' || call.method === 'OPTIONS') return;
  expect(answer.headers.get('content-type'), label).toMatch(/^application\/json/);
  const body: unknown = JSON.parse(answer.text);
  const op = operationOf(call.method, call.path);
  const responses = (op?.entry.responses ?? {}) as Record<string, Json>;
  if (!op || answer.status >= 400) {
    expect(op === undefined || String(answer.status) in responses, `${label}: status ${answer.status} is not documented`).toBe(true);
    const validate = validator('components', 'schemas', 'Error');
    expect(validate(body), `${label}: ${ajv.errorsText(validate.errors)}\n${answer.text}`).toBe(true);
    expect((body as { error: { requestId: string } }).error.requestId, label).toBe(requestId);
    return;
  }
  expect(String(answer.status) in responses, `${label}: status ${answer.status} is not documented`).toBe(true);
  const validate = validator('paths', op.template, op.method, 'responses', String(answer.status), 'content', 'application/json', 'schema');
  expect(validate(body), `${label}: ${ajv.errorsText(validate.errors)}\n${answer.text}`).toBe(true);
}

/** Sends a call and holds request and answer to the document; returns the answer. */
async function check(call: Call, expected?: 'accepted' | 'refused'): Promise<Answer> {
  const refusal = documentRefuses(call);
  const answer = await send(call);
  const label = `${call.method} ${call.path} ${JSON.stringify(call.query ?? [])} ${call.rawBody ?? JSON.stringify(call.body) ?? ''}`;
  expectDocumentedAnswer(call, answer);
  // What the document refuses, the server refuses: never a 2xx.
  if (refusal !== null && call.method !== 'OPTIONS') {
    expect(
      answer.status,
      `${label}: the document refuses it (${refusal}) but the server answered ${answer.status}\n${answer.text}`,
    ).toBeGreaterThanOrEqual(400);
  }
  if (expected === 'accepted') {
    expect(refusal, `${label}: the document refuses its own example`).toBeNull();
    expect(answer.status, `${label}: ${answer.text}`).toBeLessThan(300);
  }
  if (expected === 'refused') expect(answer.status, `${label}: ${answer.text}`).toBe(400);
  return answer;
}

const operations = V1_OPERATIONS as readonly V1Operation[];
const concretePath = (op: V1Operation, params: Record<string, string> = {}) =>
  op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? '1'));

async function usageCalls(): Promise<number> {
  return (JSON.parse((await send({ method: 'GET', path: '/v1/usage' })).text) as { calls: number }).calls;
}

describe(`the /v1 contract (${process.env.TEST_DB})`, () => {
  it("accepts every operation's documented examples, answering as documented", async () => {
    let created: number | undefined;
    for (const op of operations.filter((o) => o.method !== 'delete')) {
      const answer = await check(
        {
          method: op.method.toUpperCase(),
          path: concretePath(op),
          query: Object.entries(op.examples?.query ?? {}),
          body: op.examples?.body,
        },
        'accepted',
      );
      if (op.operationId === 'createAlert') created = (JSON.parse(answer.text) as { alert: { id: number } }).alert.id;
    }
    const del = operations.find((o) => o.operationId === 'deleteAlert')!;
    await check({ method: 'DELETE', path: concretePath(del, { id: String(created) }) }, 'accepted');
  });

  it('refuses unknown parameters on every operation with a 400 naming them', async () => {
    for (const op of operations) {
      const call = {
        method: op.method.toUpperCase(),
        path: concretePath(op, { id: '1' }),
        query: [...Object.entries(op.examples?.query ?? {}), ['symbl', 'BTC'] as [string, string]],
        body: op.examples?.body,
      };
      const answer = await check(call, 'refused');
      expect(JSON.parse(answer.text)).toMatchObject({
        error: {
          code: 'bad_request',
          message: 'unknown parameter: symbl',
          param: 'symbl',
          docUrl: expect.stringContaining(`#op-${op.operationId}`),
        },
      });
    }
  });

  it('reads symbols the same way on every operation, as documented', async () => {
    for (const [path, name] of [
      ['/v1/crypto/prices', 'symbols'],
      ['/v1/market/sentiment', 'symbols'],
      ['/v1/crypto/history', 'symbol'],
      ['/v1/social/mentions', 'symbol'],
      ['/v1/data', 'symbol'],
    ] as const) {
      for (const value of ['bitcoin', 'btc', 'Bitcoin', 'BTC']) await check({ method: 'GET', path, query: [[name, value]] }, 'accepted');
      for (const value of ['', ' BTC', 'BTC;', 'b\u0001tc', 'x'.repeat(65), '-btc', 'bítcoin']) {
        await check({ method: 'GET', path, query: [[name, value]] }, 'refused');
      }
    }
    await check(
      { method: 'POST', path: '/v1/alerts/create', body: { symbol: 'bitcoin', price: 1, condition: 'below', email: false } },
      'accepted',
    );
  });

  it('accepts the change, sentiment and spike bodies, with repeat, answering as documented; refuses their bad figures naming the field', async () => {
    const accepted = [
      { kind: 'change', symbol: 'BTC', percent: 5, window: '24h', email: false },
      { kind: 'change', symbol: 'ETH', percent: 0.5, window: '1h', email: false, repeat: { cooldownMinutes: 60 } },
      { kind: 'sentiment', symbol: 'bitcoin', condition: 'below', score: 0.3, email: false },
      { kind: 'spike', symbol: 'SOL', factor: 1.5, email: false, repeat: { cooldownMinutes: 1 } },
      { symbol: 'BTC', price: 1, condition: 'above', email: false, repeat: { cooldownMinutes: 10_080 } },
    ];
    for (const body of accepted) await check({ method: 'POST', path: '/v1/alerts/create', body }, 'accepted');
    const refused: [unknown, string][] = [
      [{ kind: 'change', symbol: 'BTC', percent: 5 }, 'window'],
      [{ kind: 'change', symbol: 'BTC', percent: 0, window: '1h' }, 'percent'],
      [{ kind: 'change', symbol: 'BTC', percent: 5, window: '7d' }, 'window'],
      [{ kind: 'sentiment', symbol: 'BTC', condition: 'above', score: 1.5 }, 'score'],
      [{ kind: 'sentiment', symbol: 'BTC', score: 0.5 }, 'condition'],
      [{ kind: 'spike', symbol: 'BTC', factor: 1.2 }, 'factor'],
      [{ kind: 'spike', symbol: 'BTC', factor: 2, price: 5 }, 'price'],
      [{ kind: 'spike', symbol: 'BTC', factor: 2, repeat: { cooldownMinutes: 0 } }, 'repeat.cooldownMinutes'],
      [{ kind: 'spike', symbol: 'BTC', factor: 2, repeat: { cooldownMinutes: 5, every: 1 } }, 'repeat.every'],
      [{ kind: 'spike', symbol: 'BTC', factor: 2, telegramChatId: 'not a chat' }, 'telegramChatId'],
      [{ kind: 'spike', symbol: 'BTC', factor: 2, slackWebhookUrl: 'javascript:alert(1)' }, 'slackWebhookUrl'],
      [{ kind: 'spike', symbol: 'BTC', factor: 2, discordWebhookUrl: 'http://127.0.0.1/x' }, 'discordWebhookUrl'],
    ];
    for (const [body, param] of refused) {
      const answer = await check({ method: 'POST', path: '/v1/alerts/create', body }, 'refused');
      expect(JSON.parse(answer.text), JSON.stringify(body)).toMatchObject({ error: { code: 'bad_request', param } });
    }
  });

  it('holds the document against hostile query parameters', async () => {
    const hostile = ['', ' ', '-1', '1.5', '99999999999999999999', 'x'.repeat(5000), '\u0000', 'null', '日本'];
    for (const op of operations.filter((o) => o.method === 'get' && o.query)) {
      const base = Object.entries(op.examples?.query ?? {});
      const documented = ((operationOf('GET', op.path)?.entry.parameters ?? []) as Parameter[])
        .filter((p) => p.in === 'query')
        .map((p) => p.name);
      const names = [...new Set([...base.map(([name]) => name), ...documented])];
      for (const name of names) {
        for (const value of hostile) {
          await check({ method: 'GET', path: op.path, query: [...base.filter(([n]) => n !== name), [name, value]] });
        }
      }
      // The same parameter twice.
      if (base[0]) await check({ method: 'GET', path: op.path, query: [...base, base[0]] }, 'refused');
    }
  });

  it('holds the document against hostile alert bodies, and refuses a misspelt field instead of dropping it', async () => {
    const price = { symbol: 'BTC', price: 100, condition: 'above' };
    const bodies: unknown[] = [
      {},
      [],
      null,
      'BTC',
      { ...price, emial: false },
      { ...price, email: 'someone.else@example.com' },
      { ...price, email: 'not an address' },
      { ...price, email: 'yes' },
      { ...price, price: '100' },
      { ...price, price: -1 },
      { ...price, price: 0 },
      { ...price, condition: 'sideways' },
      { ...price, kind: 'volume' },
      { ...price, kind: 'mentions' },
      { kind: 'mentions', symbol: 'BTC', mentions: 1.5 },
      { kind: 'mentions', symbol: 'BTC', mentions: 10, price: 5 },
      { ...price, symbol: 'x'.repeat(10_000) },
      { ...price, symbol: 'BT\u0000C' },
      { ...price, webhookUrl: 'javascript:alert(1)' },
      { ...price, nested: { a: { b: { c: [1, 2, 3] } } } },
    ];
    for (const body of bodies) await check({ method: 'POST', path: '/v1/alerts/create', body }, 'refused');
    const typo = await send({ method: 'POST', path: '/v1/alerts/create', body: { ...price, emial: false } });
    expect(JSON.parse(typo.text)).toMatchObject({ error: { message: 'unknown field: emial', param: 'emial' } });
    const other = await send({ method: 'POST', path: '/v1/alerts/create', body: { ...price, email: 'someone.else@example.com' } });
    expect(JSON.parse(other.text)).toMatchObject({
      error: { code: 'bad_request', param: 'email', message: expect.stringContaining('never another one') },
    });
    await check({ method: 'POST', path: '/v1/alerts/create', rawBody: '{"symbol":' }, 'refused');
    await check({ method: 'POST', path: '/v1/alerts/create', rawBody: 'symbol=BTC', contentType: 'text/plain' });
  });

  it("takes the account's own verified address as email: true (docs/product.md §3's payload)", async () => {
    await freshKey();
    const { email } = await server.app.db.selectFrom('users').select('email').where('id', '=', key.userId).executeTakeFirstOrThrow();
    const answer = await check(
      { method: 'POST', path: '/v1/alerts/create', body: { symbol: 'ETH', price: 1, condition: 'below', email: email.toUpperCase() } },
      'accepted',
    );
    expect(JSON.parse(answer.text)).toMatchObject({ alert: { symbol: 'ETH', email: true } });
  });

  it('answers malformed paths, unknown paths and bad ids in the one error shape', async () => {
    for (const path of [
      '/v1/alerts/%FF',
      '/v1/alerts/%',
      '/v1/alerts/0',
      '/v1/alerts/abc',
      '/v1/alerts/99999999999999999999',
      '/v1/alerts/-1',
    ]) {
      const answer = await check({ method: 'DELETE', path });
      expect(answer.status, path).toBe(400);
    }
    const bad = JSON.parse((await send({ method: 'GET', path: '/v1/alerts/%FF' })).text) as Json;
    expect(bad).toMatchObject({ error: { code: 'bad_request', requestId: expect.stringMatching(/^req_/) } });
    for (const path of ['/v1/nope', '/v1/crypto', '/v1/alerts/1/x']) expect((await check({ method: 'GET', path })).status).toBe(404);
  });

  it('never bills HEAD or OPTIONS, and answers them with a request id', async () => {
    await freshKey();
    const before = await usageCalls();
    for (const op of operations.filter((o) => o.method === 'get')) {
      const query = Object.entries(op.examples?.query ?? {});
      const head = await check({ method: 'HEAD', path: op.path, query });
      expect(head.text).toBe('');
      expect(head.status).toBe(200);
      const options = await check({ method: 'OPTIONS', path: op.path, query });
      expect(options.status).toBe(204);
    }
    expect(await usageCalls()).toBe(before);
  });
});
