import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Transform, type Readable } from 'node:stream';
import { PublicTargetError, resolvePublicTarget, type PublicTarget, type ResolveAll } from './public-address.js';

export interface FetchPublicOptions {
  /** Tests and development only: loopback and private addresses allowed. */
  allowPrivate: boolean;
  resolve?: ResolveAll;
  /** Named in messages (e.g. `source.url`). */
  field: string;
  refusedMessage: string;
  /** The body is cut off with an error past this many bytes. */
  maxBytes: number;
  /** The whole fetch, body included, ends with an error past this. */
  timeoutMs: number;
  maxRedirects?: number;
  /** Tests only: origins whose address is not checked (a local fixture server); redirects from them still are. */
  trustedOrigins?: readonly string[];
  /** Aborts the fetch (a cancelled task). */
  signal?: AbortSignal;
}

export interface PublicResponse {
  /** The body, at most maxBytes; errors with FetchError past it or past the time limit. */
  body: Readable;
  contentType: string | undefined;
  /** The URL that answered, after redirects. */
  url: URL;
  bytes: number | undefined;
}

/** A fetch that failed for a reason the user can act on; `permanent` ones are not worth retrying. */
export class FetchError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'FetchError';
  }
}

const DEFAULT_MAX_REDIRECTS = 5;

function pinnedLookup(target: PublicTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

function request(target: PublicTarget, signal: AbortSignal): Promise<http.IncomingMessage> {
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(target.url, {
      method: 'GET',
      headers: { 'user-agent': 'Coinsight-Tasks/1', accept: 'application/x-ndjson, text/csv, text/plain, */*' },
      // A new connection each time, to the address just checked: no pooled socket to another one.
      agent: false,
      lookup: pinnedLookup(target),
      signal,
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
}

/**
 * GETs a URL a user gave, connecting only to public addresses: the host is resolved and checked
 * before each connection and the checked address pinned for it (no DNS rebinding), and every
 * redirect's target is checked the same way before it is followed. The body is limited in size
 * and the whole exchange in time.
 */
export async function fetchPublic(rawUrl: string, options: FetchPublicOptions): Promise<PublicResponse> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const seconds = Math.round(options.timeoutMs / 1000);
  const describe = (error: unknown): Error => {
    if (error instanceof PublicTargetError) return new FetchError(error.message, error.reason === 'refused');
    if (error instanceof FetchError) return error;
    if (timeout.aborted) return new FetchError(`${options.field} did not answer within ${seconds} s`, false);
    if (signal.aborted) return signal.reason instanceof Error ? signal.reason : new Error('aborted');
    const code = (error as NodeJS.ErrnoException).code;
    return new FetchError(`${options.field} could not be fetched${code ? ` (${code})` : ''}`, false);
  };

  let url = rawUrl;
  for (let hop = 0; ; hop++) {
    let response: http.IncomingMessage;
    try {
      const trusted = options.trustedOrigins?.includes(new URL(url).origin) ?? false;
      const target = await resolvePublicTarget(url, { ...options, allowPrivate: options.allowPrivate || trusted });
      response = await request(target, signal);
    } catch (error) {
      throw describe(error);
    }
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (hop >= (options.maxRedirects ?? DEFAULT_MAX_REDIRECTS))
        throw new FetchError(`${options.field} redirected more than ${options.maxRedirects ?? DEFAULT_MAX_REDIRECTS} times`, true);
      const next = new URL(response.headers.location, url);
      if (next.protocol !== 'http:' && next.protocol !== 'https:')
        throw new FetchError(`${options.field} redirected to a non-http(s) URL`, true);
      url = next.toString();
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      // 4xx will not change by asking again; 5xx and 429 may.
      throw new FetchError(`${options.field} answered HTTP ${status}`, status >= 400 && status < 500 && status !== 429 && status !== 408);
    }
    const length = Number(response.headers['content-length']);
    if (Number.isFinite(length) && length > options.maxBytes) {
      response.destroy();
      throw new FetchError(`${options.field} serves ${length} bytes, more than the limit of ${options.maxBytes}`, true);
    }
    let received = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        if (received > options.maxBytes)
          done(new FetchError(`${options.field} served more than the limit of ${options.maxBytes} bytes`, true));
        else done(null, chunk);
      },
    });
    response.on('error', (error) => limit.destroy(describe(error)));
    signal.addEventListener('abort', () => response.destroy(), { once: true });
    response.pipe(limit);
    limit.on('error', () => response.destroy());
    return {
      body: limit,
      contentType: response.headers['content-type'],
      url: new URL(url),
      bytes: Number.isFinite(length) ? length : undefined,
    };
  }
}
