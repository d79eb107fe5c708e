import { z } from 'zod';
import {
  createDocument,
  createSchema,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
import {
  IDEMPOTENCY_KEY_PATTERN,
  v1AlertDeletedResponseSchema,
  v1AlertIdParamsSchema,
  v1AlertListResponseSchema,
  v1AlertResponseSchema,
  v1CreateAlertBodySchema,
} from './alerts.js';
import { cryptoPricesQuerySchema } from '../crypto-prices.js';
import { v1ErrorSchema, v1NoQuerySchema } from './common.js';
import { v1DataQuerySchema, v1DataResponseSchema } from './data.js';
import { MAX_HISTORY_CANDLES } from '../market/schemas.js';
import { V1_HISTORY_DEFAULT_SPANS_TEXT, v1HistoryQuerySchema, v1HistoryResponseSchema } from './history.js';
import { v1SentimentQuerySchema, v1SentimentResponseSchema } from './sentiment.js';
import { v1PricesResponseSchema } from './prices.js';
import { v1MentionsQuerySchema, v1MentionsResponseSchema } from './social.js';
import { REQUEST_LOG_RETENTION_DAYS, v1RequestLogQuerySchema, v1RequestLogResponseSchema } from './requests.js';
import { v1UsageResponseSchema } from './usage.js';
import { v1AssetsQuerySchema, v1AssetsResponseSchema } from './assets.js';
import {
  v1SeriesQuerySchema,
  v1SeriesResponseSchema,
  V1_SERIES_MAX_BUCKETS,
  v1TrendingQuerySchema,
  v1TrendingResponseSchema,
} from './timeseries.js';
import { v1WatchlistBodySchema, v1WatchlistResponseSchema } from './watchlist.js';

// The registry of the /v1 public API: every endpoint with its request and answer
// schemas, the very zod schemas the api parses with. The OpenAPI document (GET /v1/openapi.json),
// the SDK's types, the api tests' answer checks and the docs' endpoint list all come from here.
// zod-openapi turns the schemas into OpenAPI 3.1 (request schemas as zod input, answers as
// output), which plain z.toJSONSchema would need a builder around for parameters, components
// and the input/output split.

export type V1Method = 'get' | 'post' | 'put' | 'delete';

export interface V1Response {
  description: string;
  schema: z.ZodType;
}

export interface V1Operation {
  method: V1Method;
  /** OpenAPI path template, `{name}` for a path parameter. */
  path: `/v1/${string}`;
  operationId: string;
  summary: string;
  description: string;
  tags: readonly string[];
  query?: z.ZodType<unknown, Record<string, unknown>>;
  params?: z.ZodType<unknown, Record<string, unknown>>;
  body?: z.ZodType;
  /** Accepts `Idempotency-Key` (a POST whose retry must not act twice). */
  idempotent?: boolean;
  /** No API key, not metered. */
  public?: boolean;
  /** false: never billed (GET /v1/usage), so a budget's hard cap never refuses it (no 402). */
  billable?: false;
  /** Values a first call can be made with: the docs, the sandbox and the document's `example`s. */
  examples?: { query?: Record<string, string>; params?: Record<string, string>; body?: Record<string, unknown> };
  /** The answers besides the error ones (`errors` and the common ones, see `answers`). */
  responses: Record<number, V1Response>;
  /**
   * Error statuses this endpoint answers besides those every keyed one can (400, 401, 429, 500,
   * 503), 402 on a billable one, and 403, 413 and 415 on one that is not a GET (see `answers`).
   */
  errors?: readonly V1ErrorStatus[];
}

// Every error status /v1 answers, described once; typed so an endpoint cannot list one without a description.
const ERROR_DESCRIPTIONS = {
  400: 'A parameter or the body is invalid, or names something unknown (code `bad_request`); `param` names the parameter or field, `message` says what it accepts and `docUrl` links its documentation',
  401: 'The API key is missing, malformed, unknown or deleted (code `unauthorized`)',
  403: "Not allowed (code `forbidden`): the public test key only reads, email on an alert needs a verified address, or the plan's cap is reached; `message` says which",
  402: "The account's monthly budget is reached and its hard cap is on (code `budget_exceeded`): calls past it are refused, not billed, until the month ends or the budget is raised in the billing tab",
  404: 'No such resource for this account (code `not_found`)',
  409: 'The asset named matches several; `candidates` lists them (code `conflict`)',
  413: 'The body is too large (code `payload_too_large`)',
  415: 'The body is not JSON (code `unsupported_media_type`)',
  422: 'The Idempotency-Key was used with another body (code `idempotency_key_reused`)',
  429: 'Over the rate limit (code `rate_limited`) or the free monthly quota (code `quota_exceeded`); wait `Retry-After` seconds',
  500: 'An unexpected failure (code `internal`); the request id identifies it in our logs',
  503: 'The service is briefly unavailable (code `unavailable`); retry after `Retry-After` seconds',
} as const satisfies Record<number, string>;
type V1ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;
const COMMON_ERRORS = [401, 429, 500, 503] as const satisfies readonly V1ErrorStatus[];

const idempotencyHeaders = z.object({
  'Idempotency-Key': z.string().regex(IDEMPOTENCY_KEY_PATTERN).optional().meta({
    description:
      'Makes a retry safe: the same key and body within 24 hours answers the first answer again (header `Idempotent-Replayed: true`) without acting twice. 1 to 255 visible ASCII characters.',
    example: 'order-7f3a',
  }),
});

export const V1_OPERATIONS = [
  {
    method: 'get',
    path: '/v1/crypto/prices',
    operationId: 'getCryptoPrices',
    summary: 'Current prices',
    description:
      'Price, 24-hour change, 24-hour volume and market cap of up to 50 assets, in the order named. `symbols` are comma-separated, each a ticker in any case, a name or an id, as on every operation; answers name them by ticker.',
    tags: ['Crypto'],
    query: cryptoPricesQuerySchema,
    examples: { query: { symbols: 'BTC,ETH' } },
    responses: { 200: { description: 'The prices', schema: v1PricesResponseSchema } },
    errors: [400, 409],
  },
  {
    method: 'get',
    path: '/v1/crypto/history',
    operationId: 'getCryptoHistory',
    summary: 'Price history (candles)',
    description: `Candles of one asset over [from, to), oldest first, at most ${MAX_HISTORY_CANDLES.toLocaleString('en-US')} a call. \`interval\` is 1m, 1h (default) or 1d; \`to\` defaults to now and \`from\` to ${V1_HISTORY_DEFAULT_SPANS_TEXT} before it. Times are unix seconds or ISO 8601.`,
    tags: ['Crypto'],
    query: v1HistoryQuerySchema,
    examples: { query: { symbol: 'BTC', interval: '1h' } },
    responses: { 200: { description: 'The candles', schema: v1HistoryResponseSchema } },
    errors: [400, 409],
  },
  {
    method: 'get',
    path: '/v1/social/mentions',
    operationId: 'getSocialMentions',
    summary: 'Social mentions of an asset',
    description:
      'Posts naming an asset per platform over the timeframe ending now (1h, 24h by default, 7d, 30d), with their mean sentiment and the number of posts behind it.',
    tags: ['Social'],
    query: v1MentionsQuerySchema,
    examples: { query: { symbol: 'BTC', platform: 'twitter', timeframe: '24h' } },
    responses: { 200: { description: 'Mentions and sentiment per platform', schema: v1MentionsResponseSchema } },
    errors: [400, 409],
  },
  {
    method: 'get',
    path: '/v1/social/timeseries',
    operationId: 'getSocialTimeseries',
    summary: 'Social time series of an asset',
    description: `Mentions, mean sentiment (0 to 1) and engagement of an asset per hour (\`interval=1h\`, the default) or UTC day (\`1d\`) over [from, to), oldest first, every bucket present; at most ${V1_SERIES_MAX_BUCKETS.toLocaleString('en-US')} buckets a call. \`to\` defaults to now and \`from\` to 7 days (1h) or 90 days (1d) before it; one platform or all.`,
    tags: ['Social'],
    query: v1SeriesQuerySchema,
    examples: { query: { symbol: 'BTC', interval: '1h', platform: 'all' } },
    responses: { 200: { description: 'The buckets', schema: v1SeriesResponseSchema } },
    errors: [400, 409],
  },
  {
    method: 'get',
    path: '/v1/social/trending',
    operationId: 'getSocialTrending',
    summary: 'Trending topics',
    description:
      'The most mentioned topics (coins as $BTC, hashtags as #defi) over the last 24 hours (the default) or 7 days, with their mean sentiment, the change of their mentions over the last 24 hours and the coins named alongside.',
    tags: ['Social'],
    query: v1TrendingQuerySchema,
    examples: { query: { period: '24h', limit: '10' } },
    responses: { 200: { description: 'Topics, most mentioned first', schema: v1TrendingResponseSchema } },
    errors: [400],
  },
  {
    method: 'get',
    path: '/v1/market/sentiment',
    operationId: 'getMarketSentiment',
    summary: 'Market sentiment',
    description:
      'Mean sentiment (0 to 1) of the last 24 hours for up to 25 assets, per source and over the sources asked for (twitter, instagram, facebook, linkedin; all by default).',
    tags: ['Market'],
    query: v1SentimentQuerySchema,
    examples: { query: { symbols: 'BTC,ETH', sources: 'twitter,instagram' } },
    responses: { 200: { description: 'Sentiment per asset and source', schema: v1SentimentResponseSchema } },
    errors: [400, 409],
  },
  {
    method: 'post',
    path: '/v1/alerts/create',
    operationId: 'createAlert',
    summary: 'Create an alert',
    description:
      'A price alert ({symbol, price, condition, email?}) or a mention alert ({kind: "mentions", symbol, mentions}); with `webhookUrl` it is also POSTed there, signed, when it fires. Send `Idempotency-Key` to retry safely.',
    tags: ['Alerts'],
    query: v1NoQuerySchema,
    body: v1CreateAlertBodySchema,
    idempotent: true,
    examples: { body: { symbol: 'BTC', price: 100000, condition: 'above', email: true } },
    responses: { 201: { description: 'The alert, armed', schema: v1AlertResponseSchema } },
    errors: [400, 403, 409, 413, 415, 422],
  },
  {
    method: 'get',
    path: '/v1/alerts',
    operationId: 'listAlerts',
    summary: 'List alerts',
    description:
      "Every alert of the key's account, newest first, with when each last fired. Never billed, and answered even once the Free quota is used, so alerts can always be seen and deleted.",
    tags: ['Alerts'],
    query: v1NoQuerySchema,
    // Managing alerts is never refused for the quota: a Free account past it can still see and stop the alerts that mail it.
    billable: false,
    responses: { 200: { description: 'The alerts', schema: v1AlertListResponseSchema } },
    errors: [400],
  },
  {
    method: 'delete',
    path: '/v1/alerts/{id}',
    operationId: 'deleteAlert',
    summary: 'Delete an alert',
    description:
      "Deletes one of the account's alerts; another account's alert answers 404 like one that does not exist. Never billed, and answered even once the Free quota is used.",
    tags: ['Alerts'],
    query: v1NoQuerySchema,
    params: v1AlertIdParamsSchema,
    billable: false,
    examples: { params: { id: '1' } },
    responses: { 200: { description: 'The alert is gone', schema: v1AlertDeletedResponseSchema } },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/v1/data',
    operationId: 'listData',
    summary: 'Social posts',
    description:
      'Posts, newest first, filtered by platform, full-text `q` (words, "phrases", -word, OR, $cashtags, #hashtags), symbol, minLikes, from (inclusive) and to (exclusive). Pages of `limit` (1 to 100, 25 by default): pass `nextCursor` back as `cursor` until it is null; no post is skipped or repeated.',
    tags: ['Data'],
    query: v1DataQuerySchema,
    examples: { query: { q: '$BTC', platform: 'twitter', limit: '10' } },
    responses: { 200: { description: 'One page of posts', schema: v1DataResponseSchema } },
    errors: [400, 409],
  },
  {
    method: 'get',
    path: '/v1/assets',
    operationId: 'listAssets',
    summary: 'Tracked assets',
    description:
      'Every tracked asset by market-cap rank with its ticker, name, id and rank: what any `symbol` parameter accepts. Pages of `limit` (1 to 100, 100 by default): pass `nextCursor` back as `cursor` until it is null.',
    tags: ['Crypto'],
    query: v1AssetsQuerySchema,
    examples: { query: { limit: '10' } },
    responses: { 200: { description: 'One page of assets', schema: v1AssetsResponseSchema } },
    errors: [400],
  },
  {
    method: 'get',
    path: '/v1/watchlist',
    operationId: 'getWatchlist',
    summary: 'Your watchlist',
    description: "The assets the key's account starred, in order: the same watchlist as the web app's stars. Never billed.",
    tags: ['Account'],
    query: v1NoQuerySchema,
    billable: false,
    responses: { 200: { description: 'The watchlist', schema: v1WatchlistResponseSchema } },
    errors: [400],
  },
  {
    method: 'put',
    path: '/v1/watchlist',
    operationId: 'putWatchlist',
    summary: 'Replace your watchlist',
    description:
      "Sets the whole watchlist of the key's account, in order: each asset a ticker, name or id, stored as its ticker, each once; `[]` empties it. The web app shows the same list. Never billed.",
    tags: ['Account'],
    query: v1NoQuerySchema,
    body: v1WatchlistBodySchema,
    billable: false,
    examples: { body: { symbols: ['BTC', 'ETH', 'SOL'] } },
    responses: { 200: { description: 'The watchlist as stored', schema: v1WatchlistResponseSchema } },
    errors: [400, 409],
  },
  {
    method: 'get',
    path: '/v1/usage',
    operationId: 'getUsage',
    summary: 'Usage this month',
    description:
      "This account's successful calls this calendar month (UTC) with every key, its quota, cost, the cost projected to the month's end and the budget, and this key's own calls: the billing tab's figures. Rate-limited like every call, never billed, and answered even once the quota is used.",
    tags: ['Account'],
    query: v1NoQuerySchema,
    billable: false,
    responses: { 200: { description: 'Usage, quota, cost, its projection and the budget', schema: v1UsageResponseSchema } },
    errors: [400],
  },
  {
    method: 'get',
    path: '/v1/usage/requests',
    operationId: 'listRequests',
    summary: 'Request log',
    description: `This account's calls with every key over the last ${REQUEST_LOG_RETENTION_DAYS} days, newest first: time, method, path, operation, status, latency, whether it was billed and its cost, and its request id. Filter by \`key\`, \`status\` (404 or 4xx) and \`operation\`; pages of \`limit\` (1 to 100, 25 by default): pass \`nextCursor\` back as \`cursor\` until it is null. A call is listed within a few seconds of its answer. Never billed.`,
    tags: ['Account'],
    query: v1RequestLogQuerySchema,
    billable: false,
    examples: { query: { status: '4xx', limit: '10' } },
    responses: { 200: { description: 'One page of calls', schema: v1RequestLogResponseSchema } },
    errors: [400],
  },
  {
    method: 'get',
    path: '/v1/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This OpenAPI document',
    description: 'The OpenAPI 3.1 description of /v1. Public: no API key, not metered.',
    tags: ['Meta'],
    public: true,
    query: v1NoQuerySchema,
    responses: {
      200: {
        description: 'The document',
        schema: z
          .looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.record(z.string(), z.unknown()) })
          .meta({ id: 'OpenApiDocument', description: 'An OpenAPI 3.1 document' }),
      },
    },
  },
] as const satisfies readonly V1Operation[];

export type V1OperationId = (typeof V1_OPERATIONS)[number]['operationId'];

const operations: readonly V1Operation[] = V1_OPERATIONS;

/** The operation a request to `method path` (a concrete path such as /v1/alerts/12) is, if any. */
export function findV1Operation(method: string, path: string): V1Operation | undefined {
  const lower = method.toLowerCase();
  return operations.find((op) => op.method === lower && templateRegExp(op.path).test(path));
}

function templateRegExp(template: string): RegExp {
  const literal = (part: string) => part.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
  return new RegExp(
    `^${template
      .split(/\{[^}]+\}/)
      .map(literal)
      .join('[^/]+')}$`,
  );
}

/** `/v1/alerts/{id}` as Fastify writes it: `/v1/alerts/:id`. */
export function fastifyPath(template: string): string {
  return template.replace(/\{([^}]+)\}/g, ':$1');
}

/** The schema an answer of `status` must match: the operation's own, or the error shape. */
export function v1ResponseSchema(operation: V1Operation, status: number): z.ZodType | undefined {
  return answers(operation).get(status)?.schema;
}

/** Every answer an operation can give, by status: the error shape for each error status; its own answers win a clash. */
function answers(operation: V1Operation): Map<number, V1Response> {
  const billed = operation.billable === false ? [] : [402 as const];
  // A method that may carry a body is refused one past the 1 MiB limit (413) or not JSON (415)
  // before its handler, whether it reads one or not; the public test key only reads (403).
  const writes = operation.method === 'get' ? [] : [403 as const, 413 as const, 415 as const];
  // Unknown query parameters are refused on every operation, so each one can answer 400; the
  // load shedder (503) answers every path but the health probes, the public document's too.
  const errors = operation.public
    ? [400 as const, 500 as const, 503 as const]
    : [...new Set([400 as const, ...(operation.errors ?? []), ...COMMON_ERRORS, ...billed, ...writes])].sort((a, b) => a - b);
  return new Map<number, V1Response>([
    ...errors.map((status) => [status, { description: ERROR_DESCRIPTIONS[status], schema: v1ErrorSchema }] as const),
    ...Object.entries(operation.responses).map(([status, own]) => [Number(status), own] as const),
  ]);
}

/** A JSON Schema (draft 2020-12 as OpenAPI 3.1 writes it), self-contained: no $ref left. */
export type V1JsonSchema = Record<string, unknown>;

/**
 * Whether a call of the operation is counted and billed: not when the registry says `billable:
 * false`, nor for a public operation (no key, so no account to bill). The api derives each /v1
 * route's config from it, so this is the one place a route is declared free.
 */
export function v1Billable(operationId: V1OperationId): boolean {
  const operation = v1Operation(operationId);
  return !operation.public && operation.billable !== false;
}

function v1Operation(operationId: V1OperationId): V1Operation {
  const operation = operations.find((op) => op.operationId === operationId);
  if (!operation) throw new Error(`No /v1 operation ${operationId}`);
  return operation;
}

/**
 * The JSON Schemas of an operation's own (2xx) answers by status, made by the same generator as the
 * OpenAPI document (zod-openapi, answers as zod output) from the same zod schemas, with the
 * component references written out in place: what the api hands Fastify as its response schemas,
 * so its serializer writes exactly the documented answer. Error answers are left out: /v1's error
 * handler writes them, with extra fields (e.g. `candidates`) the shared Error schema does not list.
 */
export function v1AnswerJsonSchemas(operationId: V1OperationId): Record<number, V1JsonSchema> {
  const operation = v1Operation(operationId);
  const schemas: Record<number, V1JsonSchema> = {};
  for (const [status, { schema }] of Object.entries(operation.responses)) {
    const { schema: json, components } = createSchema(schema, { io: 'output' });
    schemas[Number(status)] = inlineRefs(json, components) as V1JsonSchema;
  }
  return schemas;
}

const COMPONENT_REF = '#/components/schemas/';

function inlineRefs(node: unknown, components: Record<string, unknown>): unknown {
  if (Array.isArray(node)) return node.map((item) => inlineRefs(item, components));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith(COMPONENT_REF)) {
    const target = components[ref.slice(COMPONENT_REF.length)];
    if (target === undefined) throw new Error(`Unresolved ${ref}`);
    return inlineRefs(target, components);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inlineRefs(value, components)]));
}

const requestIdHeader = z.string().meta({ description: 'Identifies this request; also `requestId` in error bodies' });
const rateLimitHeaders = {
  'RateLimit-Policy': z.string().meta({
    description:
      'The limits in force (IETF draft RateLimit header fields; a Structured Field List): `"key";q=100;w=60, "account";q=100;w=60, "month";q=1000;w=2592000` (`"month"` on Free only)',
  }),
  RateLimit: z.string().meta({
    description:
      'What is left of each policy (`r`) and seconds until more (`t`): `"key";r=99;t=60, "account";r=99;t=60, "month";r=999;t=1209600` (`"month"` only on billable calls)',
  }),
  'RateLimit-Limit': z.string().meta({ description: "The plan's requests per minute" }),
  'RateLimit-Remaining': z.string().meta({ description: 'Requests left in this window (of the tighter of the key and account limits)' }),
  'RateLimit-Reset': z.string().meta({ description: 'Seconds until this window ends' }),
};
const retryAfterHeader = z.string().meta({ description: 'Seconds to wait before retrying' });
const replayedHeader = z
  .literal('true')
  .optional()
  .meta({ description: 'Present when this is the stored answer to an earlier request with the same Idempotency-Key' });

/** The headers of an answer: a request id always; the rate-limit ones once the key is accepted. */
function responseHeaders(op: V1Operation, status: number) {
  const limited = !op.public && status !== 401;
  return z.object({
    'X-Request-Id': requestIdHeader,
    ...(limited ? rateLimitHeaders : {}),
    ...(status === 429 || status === 503 ? { 'Retry-After': retryAfterHeader } : {}),
    ...(op.idempotent && status < 300 ? { 'Idempotent-Replayed': replayedHeader } : {}),
  });
}

function operationObject(op: V1Operation): ZodOpenApiOperationObject {
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, { description, schema }] of answers(op)) {
    responses[String(status) as `${2 | 4 | 5}${string}`] = {
      description,
      headers: responseHeaders(op, status),
      content: { 'application/json': { schema } },
    };
  }
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: op.description,
    tags: [...op.tags],
    ...(op.public ? { security: [] } : {}),
    requestParams: {
      ...(op.query ? { query: op.query } : {}),
      ...(op.params ? { path: op.params } : {}),
      ...(op.idempotent ? { header: idempotencyHeaders } : {}),
    },
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: op.body, ...(op.examples?.body ? { example: op.examples.body } : {}) } },
          },
        }
      : {}),
    responses,
  };
}

export type V1OpenApiDocument = ReturnType<typeof createDocument>;

export interface V1OpenApiOptions {
  /** Where the API is served (the configured public URL, no trailing slash). */
  serverUrl: string;
  version: string;
}

/** The OpenAPI 3.1 document of /v1, built from V1_OPERATIONS. Cheap enough to build once per process. */
export function v1OpenApiDocument(options: V1OpenApiOptions): V1OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of operations) {
    paths[op.path] = { ...paths[op.path], [op.method]: operationObject(op) };
  }
  const document = createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Coinsight API',
      version: options.version,
      license: { name: 'Coinsight Terms of Service', url: `${options.serverUrl}/terms` },
      contact: { name: 'Coinsight', url: `${options.serverUrl}/contact` },
      description:
        'Crypto prices, social mentions, sentiment, alerts and posts. Send your API key as `Authorization: Bearer <key>`; create keys in Settings → API. Every error answers `{ "error": { "code", "message", "requestId" } }`.',
    },
    servers: [{ url: options.serverUrl }],
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key (cs_live_…) from Settings → API' },
      },
    },
    tags: [
      { name: 'Crypto', description: 'Prices and candles' },
      { name: 'Social', description: 'Mentions across platforms' },
      { name: 'Market', description: 'Sentiment' },
      { name: 'Alerts', description: 'Price and mention alerts' },
      { name: 'Data', description: 'Social posts' },
      { name: 'Account', description: 'Usage and quota' },
      { name: 'Meta', description: 'This document' },
    ],
    paths,
  });
  // Parameter examples, from the registry (the schemas are shared, so they carry none).
  for (const op of operations) {
    const examples: Partial<Record<string, Record<string, string>>> = { query: op.examples?.query, path: op.examples?.params };
    for (const parameter of document.paths?.[op.path]?.[op.method]?.parameters ?? []) {
      if (!('name' in parameter)) continue;
      const value = examples[parameter.in]?.[parameter.name];
      // A whole-number parameter is documented as an integer: its example is the number.
      const schema: unknown = parameter.schema;
      const integer = typeof schema === 'object' && schema !== null && 'type' in schema && schema.type === 'integer';
      if (value !== undefined) parameter.example = integer ? Number(value) : value;
    }
  }
  return document;
}
