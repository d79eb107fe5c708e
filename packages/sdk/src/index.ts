import type {
  cryptoPricesQuerySchema,
  v1PricesResponseSchema,
  v1UsageResponseSchema,
  v1AlertDeletedResponseSchema,
  v1AlertListResponseSchema,
  v1AlertResponseSchema,
  v1CreateAlertBodySchema,
  v1DataQuerySchema,
  v1DataResponseSchema,
  v1ErrorSchema,
  v1HistoryQuerySchema,
  v1HistoryResponseSchema,
  v1MentionsQuerySchema,
  v1MentionsResponseSchema,
  v1SentimentQuerySchema,
  v1SentimentResponseSchema,
} from '@coinsight/contracts';
import type { z } from 'zod';

// The Coinsight /v1 client (issue 12). Every request and answer type is inferred from the zod
// schemas the API itself parses with (@coinsight/contracts), so the two cannot disagree.

/** A time parameter: unix seconds, an ISO 8601 string, or a Date. */
type Instant = string | number | Date;
/** Parameters the API reads as comma-separated lists also take an array. */
type WithLists<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] | readonly string[] };
type WithInstants<T, K extends keyof T> = Omit<T, K> & { [P in K]?: Instant };

export type PricesQuery = WithLists<z.input<typeof cryptoPricesQuerySchema>, 'symbols'>;
export type Prices = z.output<typeof v1PricesResponseSchema>;
export type Price = Prices['prices'][number];
export type Usage = z.output<typeof v1UsageResponseSchema>;
export type HistoryQuery = WithInstants<z.input<typeof v1HistoryQuerySchema>, 'from' | 'to'>;
export type History = z.output<typeof v1HistoryResponseSchema>;
export type MentionsQuery = z.input<typeof v1MentionsQuerySchema>;
export type Mentions = z.output<typeof v1MentionsResponseSchema>;
export type SentimentQuery = WithLists<z.input<typeof v1SentimentQuerySchema>, 'symbols' | 'sources'>;
export type Sentiment = z.output<typeof v1SentimentResponseSchema>;
export type CreateAlertInput = z.input<typeof v1CreateAlertBodySchema>;
export type AlertAnswer = z.output<typeof v1AlertResponseSchema>;
export type Alert = AlertAnswer['alert'];
export type AlertList = z.output<typeof v1AlertListResponseSchema>;
export type AlertDeleted = z.output<typeof v1AlertDeletedResponseSchema>;
/** Whole-number parameters (documented as integers) also take a number. */
type WithNumbers<T, K extends keyof T> = Omit<T, K> & { [P in K]?: number | string };
export type DataQuery = WithNumbers<WithInstants<z.input<typeof v1DataQuerySchema>, 'from' | 'to'>, 'limit' | 'minLikes'>;
export type DataPage = z.output<typeof v1DataResponseSchema>;
export type Post = DataPage['data'][number];
export type ErrorBody = z.output<typeof v1ErrorSchema>;

export interface CoinsightOptions {
  /** Your API key (cs_live_…), sent as `Authorization: Bearer`; `COINSIGHT_API_KEY` when absent. */
  apiKey?: string | undefined;
  /** Where the API is served, e.g. https://coinsight.example; `COINSIGHT_BASE_URL` when absent. */
  baseUrl?: string | undefined;
  /** Retries after a 429, a 5xx or a network failure, for requests that are safe to repeat. Default 2. */
  maxRetries?: number;
  /** A `Retry-After` longer than this is not waited for: the error is thrown at once. Default 60 s. */
  maxRetryDelayMs?: number;
  /** Per attempt. Default 30 s. */
  timeoutMs?: number;
  /** Another fetch (tests, proxies). Default: the global fetch of Node ≥ 20 and browsers. */
  fetch?: typeof fetch;
}

export interface RequestOptions {
  /** Makes a POST safe to retry: the API answers a repeat with the first answer, acting once. */
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

function env(name: string): string | undefined {
  // `process` is absent in browsers, and its types are not assumed.
  return (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env[name];
}

export class Coinsight {
  readonly baseUrl: string;
  readonly #apiKey: string;
  readonly #maxRetries: number;
  readonly #maxRetryDelayMs: number;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;

  constructor(options: CoinsightOptions) {
    const apiKey = options.apiKey ?? env('COINSIGHT_API_KEY');
    if (!apiKey) throw new TypeError('apiKey is required (or set COINSIGHT_API_KEY): create one in Settings → API');
    const baseUrl = options.baseUrl ?? env('COINSIGHT_BASE_URL');
    if (!baseUrl) throw new TypeError('baseUrl is required (or set COINSIGHT_BASE_URL)');
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
  };

  readonly market = {
    /** Mean sentiment of the last 24 hours per asset and source. */
    sentiment: (query: SentimentQuery, options?: RequestOptions) => this.#get<Sentiment>('/v1/market/sentiment', query, options),
  };

  readonly alerts = {
    /** Creates a price or mention alert. Pass `idempotencyKey` to make retries safe (and enable them). */
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
    iterate: (query: DataQuery = {}, options?: RequestOptions): AsyncIterable<Post> => this.#iterate(query, options),
  };

  /** This account's calls this month, its quota and cost, and this key's calls. Never billed. */
  usage(options?: RequestOptions): Promise<Usage> {
    return this.#get<Usage>('/v1/usage', undefined, options);
  }

  async *#iterate(query: DataQuery, options?: RequestOptions): AsyncGenerator<Post> {
    let cursor = query.cursor;
    do {
      const page = await this.data.list({ ...query, cursor }, options);
      yield* page.data;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  #get<T>(path: string, query: object | undefined, options?: RequestOptions): Promise<T> {
    return this.#request<T>('GET', path, { query: query as Query, ...options });
  }

  async #request<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    options: RequestOptions & { query?: Query; body?: unknown } = {},
  ): Promise<T> {
    const url = `${this.baseUrl}${path}${queryString(options.query)}`;
    const headers: Record<string, string> = { authorization: `Bearer ${this.#apiKey}`, accept: 'application/json' };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
    // A POST without a key might act twice if repeated after an answer that got lost.
    const retryable = method !== 'POST' || options.idempotencyKey !== undefined;
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
        if (response.ok) return (await response.json()) as T;
        failure = await errorOf(response);
      } catch (error) {
        if (error instanceof CoinsightError) throw error;
        if (options.signal?.aborted) throw error;
        failure = new CoinsightError(0, 'network_error', `Could not reach ${this.baseUrl}: ${(error as Error).message}`, null);
      }
      const transient = failure.status === 0 || failure.status >= 500 || (failure.status === 429 && failure.code !== 'quota_exceeded');
      if (!retryable || !transient || attempt >= this.#maxRetries) throw failure;
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
