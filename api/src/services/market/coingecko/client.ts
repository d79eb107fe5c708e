import type { z } from 'zod';
import type { Log } from '../../deps.js';
import { errorBodySchema } from './schemas.js';
import { realTiming, TokenBucket, type Timing } from './token-bucket.js';

export type CoinGeckoPlan = 'demo' | 'pro';

/** The documented hosts and key headers per plan. */
export const COINGECKO_PLANS: Record<CoinGeckoPlan, { baseUrl: string; keyHeader: string }> = {
  demo: { baseUrl: 'https://api.coingecko.com/api/v3', keyHeader: 'x-cg-demo-api-key' },
  pro: { baseUrl: 'https://pro-api.coingecko.com/api/v3', keyHeader: 'x-cg-pro-api-key' },
};

export interface CoinGeckoConfig {
  apiKey: string;
  plan: CoinGeckoPlan;
  /** Overrides the plan's host (a proxy, or a test server). */
  baseUrl?: string;
  callsPerMinute: number;
  /** An answer slower than this counts as failed and is retried. */
  timeoutMs?: number;
  /** Tries per call, the first included. */
  maxAttempts?: number;
  /** A Retry-After longer than this is not waited out: the call fails and the next tick tries again. */
  maxRetryAfterMs?: number;
}

export interface CoinGeckoRuntime {
  timing?: Timing;
  /** 0 ≤ x < 1; the jitter of the back-off. */
  random?: () => number;
  log?: Pick<Log, 'warn'>;
}

export type CoinGeckoErrorKind = 'unauthorized' | 'rate_limited' | 'unavailable' | 'timeout' | 'network' | 'invalid_response' | 'refused';

export class CoinGeckoError extends Error {
  constructor(
    readonly kind: CoinGeckoErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'CoinGeckoError';
  }
}

export interface CoinGeckoClient {
  /** GETs `path` with `query`, retrying what can succeed later, and parses the answer with `schema`. */
  get<S extends z.ZodType>(path: string, query: Record<string, string>, schema: S): Promise<z.output<S>>;
}

const BACKOFF_BASE_MS = 1_000;
const BACKOFF_CAP_MS = 30_000;

/** A failed try: what to tell the caller and, if it can be retried, how long the provider asked us to wait. */
class Attempt {
  constructor(
    readonly error: CoinGeckoError,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {}
}

export function createCoinGeckoClient(config: CoinGeckoConfig, runtime: CoinGeckoRuntime = {}): CoinGeckoClient {
  const timing = runtime.timing ?? realTiming;
  const random = runtime.random ?? Math.random;
  const plan = COINGECKO_PLANS[config.plan];
  const baseUrl = (config.baseUrl ?? plan.baseUrl).replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 10_000;
  const maxAttempts = config.maxAttempts ?? 4;
  const maxRetryAfterMs = config.maxRetryAfterMs ?? 120_000;
  const bucket = new TokenBucket(config.callsPerMinute, timing);

  async function attempt(url: string): Promise<unknown> {
    await bucket.take();
    let response: Response;
    try {
      // The key travels in a header only: URLs end up in logs and error messages, headers do not.
      response = await fetch(url, {
        headers: { accept: 'application/json', [plan.keyHeader]: config.apiKey },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        throw new Attempt(new CoinGeckoError('timeout', `no answer within ${timeoutMs} ms`), true);
      }
      throw new Attempt(new CoinGeckoError('network', `cannot reach CoinGecko: ${causeOf(error)}`), true);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      const kind = error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network';
      throw new Attempt(new CoinGeckoError(kind, `answer cut short: ${causeOf(error)}`, response.status), true);
    }
    if (!response.ok) throw failed(response, text);
    try {
      return JSON.parse(text);
    } catch {
      // A 200 that is not JSON is a cache or CDN page in the way, worth another try.
      throw new Attempt(new CoinGeckoError('invalid_response', `answer is not JSON (${text.length} bytes)`, response.status), true);
    }
  }

  function failed(response: Response, text: string): Attempt {
    const status = response.status;
    const detail = providerMessage(text);
    const said = detail ? `: ${detail}` : '';
    if (status === 429) {
      return new Attempt(
        new CoinGeckoError('rate_limited', `rate limit exceeded (429)${said}`, status),
        true,
        retryAfter(response, timing.now()),
      );
    }
    if (status === 401 || status === 403) {
      return new Attempt(
        new CoinGeckoError(
          'unauthorized',
          `CoinGecko refused the key (${status})${said}; check COINGECKO_API_KEY and COINGECKO_PLAN`,
          status,
        ),
        false,
      );
    }
    if (status === 408 || status >= 500) {
      return new Attempt(
        new CoinGeckoError('unavailable', `CoinGecko answered ${status}${said}`, status),
        true,
        retryAfter(response, timing.now()),
      );
    }
    return new Attempt(new CoinGeckoError('refused', `CoinGecko answered ${status}${said}`, status), false);
  }

  return {
    async get(path, query, schema) {
      const url = `${baseUrl}${path}${Object.keys(query).length > 0 ? `?${new URLSearchParams(query).toString()}` : ''}`;
      for (let tries = 1; ; tries++) {
        let body: unknown;
        try {
          body = await attempt(url);
        } catch (error) {
          if (!(error instanceof Attempt)) throw error;
          if (!error.retryable || tries >= maxAttempts) {
            throw new CoinGeckoError(
              error.error.kind,
              `GET ${path} failed after ${tries} ${tries === 1 ? 'try' : 'tries'}: ${error.error.message}`,
              error.error.status,
            );
          }
          if (error.retryAfterMs !== undefined && error.retryAfterMs > maxRetryAfterMs) {
            bucket.pauseUntil(timing.now() + error.retryAfterMs);
            throw new CoinGeckoError(
              error.error.kind,
              `GET ${path}: told to wait ${Math.round(error.retryAfterMs / 1000)} s: ${error.error.message}`,
              error.error.status,
            );
          }
          // Full jitter: instances that failed together do not retry together.
          const delay = error.retryAfterMs ?? Math.round(random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (tries - 1)));
          runtime.log?.warn(
            { path, status: error.error.status, kind: error.error.kind, attempt: tries, delayMs: delay },
            'CoinGecko call failed; retrying',
          );
          // Everyone waits out a rate limit, not just the call that met it.
          if (error.error.kind === 'rate_limited') bucket.pauseUntil(timing.now() + delay);
          else await timing.sleep(delay);
          continue;
        }
        const parsed = schema.safeParse(body);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new CoinGeckoError(
            'invalid_response',
            `GET ${path}: unexpected answer at ${issue?.path.join('.') || 'top level'}: ${issue?.message ?? 'invalid'}`,
          );
        }
        return parsed.data;
      }
    },
  };
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
function retryAfter(response: Response, now: number): number | undefined {
  const value = response.headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function providerMessage(text: string): string | undefined {
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}

function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause: unknown = error.cause;
  return cause instanceof Error ? cause.message : error.message;
}
