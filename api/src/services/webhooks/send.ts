import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { WebhookTarget } from './url-guard.js';

/** What one POST came to: the endpoint's status, or why no answer came. */
export type SendResult = { statusCode: number; error: null } | { statusCode: null; error: string };

/** The answer's body is read up to this much and ignored: an endpoint streaming megabytes ties up nothing. */
const BODY_CAP_BYTES = 64 * 1024;

const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed while sending',
  ETIMEDOUT: 'connection timed out',
};

function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code && NETWORK_ERRORS[code]) return NETWORK_ERRORS[code];
  if (code && /CERT|SSL|TLS/.test(code)) return `TLS error (${code})`;
  return code ? `network error (${code})` : 'network error';
}

/**
 * POSTs `body` to the target, connecting to the address already checked (`lookup` answers it
 * whatever DNS says now) while the URL's host still names the request (Host header, TLS SNI and
 * certificate check). Redirects are not followed (node:http never does); a new connection each
 * time (agent: false), so no pooled socket to some other address is reused.
 */
export function postWebhook(target: WebhookTarget, headers: Record<string, string>, body: string, timeoutMs: number): Promise<SendResult> {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const signal = AbortSignal.timeout(timeoutMs);
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const settle = (result: SendResult) => {
      if (!settled) {
        settled = true;
        resolve(result);
      }
    };
    const request = client.request(
      target.url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Coinsight-Webhooks/1',
        },
        agent: false,
        lookup,
        signal,
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > BODY_CAP_BYTES) {
            response.destroy();
            settle({ statusCode, error: null });
          }
        });
        response.on('end', () => settle({ statusCode, error: null }));
        // The status is what counts: a body cut off or aborted after it changes nothing.
        response.on('error', () => settle({ statusCode, error: null }));
        response.on('close', () => settle({ statusCode, error: null }));
      },
    );
    request.on('error', (error) =>
      settle({
        statusCode: null,
        error: signal.aborted ? `timed out after ${timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`}` : describe(error),
      }),
    );
    request.end(body);
  });
}
