import type * as Contract from './generated/contract-types.js';
import { VERSION } from './version.js';

// The Coinsight /v1 client (installable on its own). Every request and answer
// type is the API's own: generated at build time from the zod schemas the API parses with
// (scripts/contract-types.ts), written out as plain types so the package imports nothing at all.

export { VERSION };

/** Where the API is served when neither `baseUrl` nor `COINSIGHT_BASE_URL` says otherwise. */
export const DEFAULT_BASE_URL = 'https://api.coinsight.dev';

/** A time parameter: unix seconds, an ISO 8601 string, or a Date. */
type Instant = string | number | Date;
/** Parameters the API reads as comma-separated lists also take an array. */
type WithLists<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] | readonly string[] };
type WithInstants<T, K extends keyof T> = Omit<T, K> & { [P in K]?: Instant };

export type PricesQuery = WithLists<Contract.PricesQuery, 'symbols'>;
export type Prices = Contract.Prices;
export type Price = Prices['prices'][number];
export type Usage = Contract.Usage;
export type HistoryQuery = WithInstants<Contract.HistoryQuery, 'from' | 'to'>;
export type History = Contract.History;
export type MentionsQuery = Contract.MentionsQuery;
export type Mentions = Contract.Mentions;
export type SentimentQuery = WithLists<Contract.SentimentQuery, 'symbols' | 'sources'>;
export type Sentiment = Contract.Sentiment;
export type CreateAlertInput = Contract.CreateAlertInput;
export type AlertAnswer = Contract.AlertAnswer;
export type Alert = AlertAnswer['alert'];
export type AlertList = Contract.AlertList;
export type AlertDeleted = Contract.AlertDeleted;
/** Whole-number parameters (documented as integers) also take a number. */
type WithNumbers<T, K extends keyof T> = Omit<T, K> & { [P in K]?: number | string };
export type DataQuery = WithNumbers<WithInstants<Contract.DataQuery, 'from' | 'to'>, 'limit' | 'minLikes'>;
export type DataPage = Contract.DataPage;
export type RequestLogQuery = WithNumbers<Contract.RequestLogQuery, 'limit'>;
export type RequestLogPage = Contract.RequestLogPage;
export type RequestLogEntry = RequestLogPage['data'][number];
export type Post = DataPage['data'][number];
export type SeriesQuery = WithInstants<Contract.SeriesQuery, 'from' | 'to'>;
export type Series = Contract.Series;
export type SeriesBucket = Series['buckets'][number];
export type TrendingQuery = WithNumbers<Contract.TrendingQuery, 'limit'>;
export type Trending = Contract.Trending;
export type AssetsQuery = WithNumbers<Contract.AssetsQuery, 'limit'>;
export type AssetPage = Contract.AssetPage;
export type Asset = AssetPage['data'][number];
export type Watchlist = Contract.Watchlist;
export type ErrorBody = Contract.ErrorBody;
/** GET /v1/openapi.json: the OpenAPI 3.1 description of /v1. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; [field: string]: unknown };
  paths: Record<string, unknown>;
  [field: string]: unknown;
}

/** The rate-limit state an answer reported (its `RateLimit-*` headers), when it carried one. */
export interface RateLimit {
  /** Requests allowed in the window. */
  limit: number;
  /** Requests left in it. */
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/** What the HTTP answer said besides its body. */
export interface ResponseMeta {
  /** `X-Request-Id`: quote it to support. */
  requestId: string | null;
  status: number;
  rateLimit: RateLimit | null;
  /** True when a POST's Idempotency-Key had been seen: this is the first call's stored answer. */
  idempotentReplayed: boolean;
  /** Every header of the answer. */
  headers: Headers;
}

/**
 * An answer body with its response metadata on `meta`. `meta` is not enumerable: the answer
 * serializes, spreads and compares as the API's JSON alone.
 */
export type WithMeta<T> = T & { readonly meta: ResponseMeta };

export interface CoinsightOptions {
  /** Your API key (cs_live_…), sent as `Authorization: Bearer`; `COINSIGHT_API_KEY` when absent. */
  apiKey?: string | undefined;
  /** Where the API is served: `COINSIGHT_BASE_URL` when absent, else https://api.coinsight.dev. */
  baseUrl?: string | undefined;
  /** Retries after a 429, a 5xx or a network failure (POSTs too: they carry an Idempotency-Key). Default 2. */
  maxRetries?: number;
  /** A `Retry-After` longer than this is not waited for: the error is thrown at once. Default 60 s. */
  maxRetryDelayMs?: number;
  /** Per attempt. Default 30 s. */
  timeoutMs?: number;
  /** Another fetch (tests, proxies). Default: the global fetch of Node ≥ 20 and browsers. */
  fetch?: typeof fetch;
}

export interface RequestOptions {
  /**
   * A POST's Idempotency-Key: the API answers a repeat with the first answer, acting once. Without
   * one the client makes its own per call (reused by its retries); give yours to dedupe across
   * calls, e.g. after a crash, with a key derived from your own order or record.
   */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/**
 * Every failure: an error answer of the API (`status`, `code` and `requestId` from its body), or
 * no answer at all (`status` 0, code `network_error`). Quote `requestId` to support.
 */
export class CoinsightError extends Error {
  readonly status: number;
  readonly code: string;
  readonly requestId: string | null;
  /** Seconds the API asked to wait (429, 503), if it said. */
  readonly retryAfter: number | null;
  /** The whole error object of the answer (e.g. `candidates` of an ambiguous symbol). */
  readonly details: Record<string, unknown>;

  constructor(status: number, code: string, message: string, requestId: string | null, retryAfter: number | null = null, details = {}) {
    super(message);
    this.name = 'CoinsightError';
    this.status = status;
    this.code = code;
    this.requestId = requestId;
    this.retryAfter = retryAfter;
    this.details = details;
  }
}

const DEFAULT_RETRIES = 2;
const DEFAULT_MAX_RETRY_DELAY_MS = 60_000;
const DEFAULT_TIMEOUT_MS = 30_000;
const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 8_000;

type Query = Record<string, string | number | boolean | Date | readonly string[] | undefined | null>;

/** `Retry-After` as milliseconds: delta seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  if (/^\s*\d+\s*$/.test(header)) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Exponential backoff with full jitter: spreads out clients that failed together. */
export function backoffMs(attempt: number, random = Math.random): number {
  return Math.round(random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt));
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

function queryString(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (value instanceof Date) params.set(name, value.toISOString());
    else if (Array.isArray(value)) params.set(name, value.join(','));
    else params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

interface ServerGlobals {
  process?: { env?: Record<string, string | undefined>; versions?: { node?: string } };
  Deno?: unknown;
}
// `process` is absent in browsers, and its types are not assumed.
const server = globalThis as ServerGlobals;

function env(name: string): string | undefined {
  return server.process?.env?.[name] || undefined;
}

/** Sent by server runtimes. Browsers refuse a script's User-Agent (or preflight it), so there it is left out. */
export const USER_AGENT = `coinsight-sdk-typescript/${VERSION}`;
const SENDS_USER_AGENT = typeof server.process?.versions?.node === 'string' || server.Deno !== undefined;

/** One key per logical call, reused by its retries: a retried POST is then acted on once. */
function newIdempotencyKey(): string {
  return `coinsight-sdk-${globalThis.crypto.randomUUID()}`;
}

function numberHeader(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  return value !== null && /^\s*\d+\s*$/.test(value) ? Number(value) : null;
}

/**
 * The rate-limit state of an answer: the `RateLimit-Limit/-Remaining/-Reset` trio, else the
 * current draft's `RateLimit` (`r` remaining, `t` seconds) and `RateLimit-Policy` (`q` quota)
 * fields of their first item. Null when the answer has neither (or a browser cannot read them).
 */
export function rateLimitOf(headers: Headers): RateLimit | null {
  const limit = numberHeader(headers, 'ratelimit-limit');
  const remaining = numberHeader(headers, 'ratelimit-remaining');
  const reset = numberHeader(headers, 'ratelimit-reset');
  if (limit !== null && remaining !== null && reset !== null) return { limit, remaining, resetSeconds: reset };
  const param = (header: string | null, key: string) => {
    const match = header?.split(',')[0]?.match(new RegExp(`;\\s*${key}=(\\d+)`));
    return match?.[1] === undefined ? null : Number(match[1]);
  };
  const current = headers.get('ratelimit');
  const r = param(current, 'r');
  const t = param(current, 't');
  const q = param(headers.get('ratelimit-policy'), 'q');
  return r !== null && t !== null && q !== null ? { limit: q, remaining: r, resetSeconds: t } : null;
}

function withMeta<T>(body: T, response: Response): WithMeta<T> {
  const meta: ResponseMeta = {
    requestId: response.headers.get('x-request-id'),
    status: response.status,
    rateLimit: rateLimitOf(response.headers),
    idempotentReplayed: response.headers.get('idempotent-replayed') === 'true',
    headers: response.headers,
  };
  if (typeof body === 'object' && body !== null) Object.defineProperty(body, 'meta', { value: meta, enumerable: false });
  return body as WithMeta<T>;
}

/** Each method of the client and the /v1 operation (operationId) it calls; a test holds it equal to the registry. */
export const OPERATIONS = {
  'crypto.prices': 'getCryptoPrices',
  'crypto.history': 'getCryptoHistory',
  'social.mentions': 'getSocialMentions',
  'social.timeseries': 'getSocialTimeseries',
  'social.trending': 'getSocialTrending',
  'market.sentiment': 'getMarketSentiment',
  'alerts.create': 'createAlert',
  'alerts.list': 'listAlerts',
  'alerts.delete': 'deleteAlert',
  'data.list': 'listData',
  'data.iterate': 'listData',
  'assets.list': 'listAssets',
  'assets.iterate': 'listAssets',
  'watchlist.get': 'getWatchlist',
  'watchlist.set': 'putWatchlist',
  usage: 'getUsage',
  'requests.list': 'listRequests',
  'requests.iterate': 'listRequests',
  openapi: 'getOpenApiDocument',
} as const;

export class Coinsight {
  readonly baseUrl: string;
  readonly #apiKey: string;
  readonly #maxRetries: number;
  readonly #maxRetryDelayMs: number;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;

  constructor(options: CoinsightOptions = {}) {
    const apiKey = options.apiKey || env('COINSIGHT_API_KEY');
    if (!apiKey) throw new TypeError('apiKey is required (or set COINSIGHT_API_KEY): create one in Settings → API');
    const baseUrl = options.baseUrl || env('COINSIGHT_BASE_URL') || DEFAULT_BASE_URL;
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.#apiKey = apiKey;
    this.#maxRetries = options.maxRetries ?? DEFAULT_RETRIES;
    this.#maxRetryDelayMs = options.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  readonly crypto = {
    /** Price, 24 h change, volume and market cap of up to 50 assets, in the order named. */
    prices: (query: PricesQuery, options?: RequestOptions) => this.#get<Prices>('/v1/crypto/prices', query, options),
    /** Candles of one asset over [from, to), oldest first. */
    history: (query: HistoryQuery, options?: RequestOptions) => this.#get<History>('/v1/crypto/history', query, options),
  };

  readonly social = {
    /** Posts naming an asset per platform over a timeframe, with their mean sentiment. */
    mentions: (query: MentionsQuery, options?: RequestOptions) => this.#get<Mentions>('/v1/social/mentions', query, options),
    /** Mentions, mean sentiment and engagement of an asset per hour or UTC day over [from, to), oldest first. */
    timeseries: (query: SeriesQuery, options?: RequestOptions) => this.#get<Series>('/v1/social/timeseries', query, options),
    /** The most mentioned topics of the last 24 hours or 7 days, with their mentions, sentiment and 24 h change. */
    trending: (query: TrendingQuery = {}, options?: RequestOptions) => this.#get<Trending>('/v1/social/trending', query, options),
  };

  readonly market = {
    /** Mean sentiment of the last 24 hours per asset and source. */
    sentiment: (query: SentimentQuery, options?: RequestOptions) => this.#get<Sentiment>('/v1/market/sentiment', query, options),
  };

  readonly alerts = {
    /** Creates a price or mention alert, once: retries carry one Idempotency-Key (yours or the client's). */
    create: (input: CreateAlertInput, options?: RequestOptions) =>
      this.#request<AlertAnswer>('POST', '/v1/alerts/create', { body: input, ...options }),
    list: (options?: RequestOptions) => this.#get<AlertList>('/v1/alerts', undefined, options),
    delete: (id: number, options?: RequestOptions) =>
      this.#request<AlertDeleted>('DELETE', `/v1/alerts/${encodeURIComponent(String(id))}`, options),
  };

  readonly data = {
    /** One page of posts, newest first; pass `nextCursor` back as `cursor` for the next. */
    list: (query: DataQuery = {}, options?: RequestOptions) => this.#get<DataPage>('/v1/data', query, options),
    /** Every post matching `query`, page after page, until the last one. */
    iterate: (query: DataQuery = {}, options?: RequestOptions): AsyncIterable<Post> =>
      this.#pages((cursor) => this.data.list({ ...query, cursor: cursor ?? query.cursor }, options)),
  };

  readonly assets = {
    /** One page of the tracked assets by market-cap rank; pass `nextCursor` back as `cursor` for the next. */
    list: (query: AssetsQuery = {}, options?: RequestOptions) => this.#get<AssetPage>('/v1/assets', query, options),
    /** Every tracked asset, page after page, until the last one. */
    iterate: (query: AssetsQuery = {}, options?: RequestOptions): AsyncIterable<Asset> =>
      this.#pages((cursor) => this.assets.list({ ...query, cursor: cursor ?? query.cursor }, options)),
  };

  readonly watchlist = {
    /** The account's watchlist, in order (the web app's stars). Never billed. */
    get: (options?: RequestOptions) => this.#get<Watchlist>('/v1/watchlist', undefined, options),
    /** Replaces the whole watchlist with `symbols` (tickers, names or ids), in order; `[]` empties it. Never billed. */
    set: (symbols: readonly string[], options?: RequestOptions) =>
      this.#request<Watchlist>('PUT', '/v1/watchlist', { body: { symbols }, ...options }),
  };

  readonly requests = {
    /** One page of this account's calls (30 days), newest first, filtered by key, status (404, 4xx) and operation. Never billed. */
    list: (query: RequestLogQuery = {}, options?: RequestOptions) => this.#get<RequestLogPage>('/v1/usage/requests', query, options),
    /** Every call matching `query`, page after page, until the last one. */
    iterate: (query: RequestLogQuery = {}, options?: RequestOptions): AsyncIterable<RequestLogEntry> =>
      this.#pages((cursor) => this.requests.list({ ...query, cursor: cursor ?? query.cursor }, options)),
  };

  /** This account's calls this month, its quota and cost, and this key's calls. Never billed. */
  usage(options?: RequestOptions): Promise<WithMeta<Usage>> {
    return this.#get<Usage>('/v1/usage', undefined, options);
  }

  /** The OpenAPI 3.1 document of /v1 (public: no key needed, never metered). */
  openapi(options?: RequestOptions): Promise<WithMeta<OpenApiDocument>> {
    return this.#get<OpenApiDocument>('/v1/openapi.json', undefined, options);
  }

  /** Every item of a paged list, page after page: `list` is called with each page's `nextCursor` until it is null. */
  async *#pages<T>(list: (cursor: string | undefined) => Promise<{ data: T[]; nextCursor: string | null }>): AsyncGenerator<T> {
    let cursor: string | undefined;
    do {
      const page = await list(cursor);
      yield* page.data;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  #get<T>(path: string, query: object | undefined, options?: RequestOptions): Promise<WithMeta<T>> {
    return this.#request<T>('GET', path, { query: query as Query, ...options });
  }

  async #request<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options: RequestOptions & { query?: Query; body?: unknown } = {},
  ): Promise<WithMeta<T>> {
    const url = `${this.baseUrl}${path}${queryString(options.query)}`;
    const headers: Record<string, string> = { authorization: `Bearer ${this.#apiKey}`, accept: 'application/json' };
    if (SENDS_USER_AGENT) headers['user-agent'] = USER_AGENT;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    // A POST repeated after an answer that got lost would act twice, unless its retries share a key.
    const idempotencyKey = options.idempotencyKey ?? (method === 'POST' ? newIdempotencyKey() : undefined);
    if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
    for (let attempt = 0; ; attempt++) {
      let failure: CoinsightError;
      try {
        const signal = options.signal
          ? AbortSignal.any([options.signal, AbortSignal.timeout(this.#timeoutMs)])
          : AbortSignal.timeout(this.#timeoutMs);
        const response = await this.#fetch(url, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal,
        });
        if (response.ok) return withMeta((await response.json()) as T, response);
        failure = await errorOf(response);
      } catch (error) {
        if (error instanceof CoinsightError) throw error;
        if (options.signal?.aborted) throw error;
        failure = new CoinsightError(0, 'network_error', `Could not reach ${this.baseUrl}: ${(error as Error).message}`, null);
      }
      const transient = failure.status === 0 || failure.status >= 500 || (failure.status === 429 && failure.code !== 'quota_exceeded');
      if (!transient || attempt >= this.#maxRetries) throw failure;
      const asked = failure.retryAfter === null ? null : failure.retryAfter * 1000;
      if (asked !== null && asked > this.#maxRetryDelayMs) throw failure;
      // Never sooner than the API asked; a little jitter so clients told the same time spread out.
      await sleep(asked === null ? backoffMs(attempt) : asked + backoffMs(0) / 5, options.signal);
    }
  }
}

async function errorOf(response: Response): Promise<CoinsightError> {
  const retryAfter = retryAfterMs(response.headers.get('retry-after'));
  const retrySeconds = retryAfter === null ? null : retryAfter / 1000;
  const headerId = response.headers.get('x-request-id');
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const error = (body as Partial<ErrorBody> | undefined)?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    return new CoinsightError(response.status, error.code, error.message, error.requestId ?? headerId, retrySeconds, error);
  }
  return new CoinsightError(response.status, 'http_error', `HTTP ${response.status} ${response.statusText}`.trim(), headerId, retrySeconds);
}
