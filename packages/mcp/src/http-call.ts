import { MCP_SERVER_VERSION, type V1Call } from './server.js';

export const DEFAULT_BASE_URL = 'https://api.coinsight.dev';

export interface HttpCallOptions {
  /** Where the API is served; `COINSIGHT_BASE_URL`, else https://api.coinsight.dev. */
  baseUrl?: string | undefined;
  /** The API key (cs_live_…), sent as `Authorization: Bearer`. */
  apiKey: string;
  fetch?: typeof fetch;
  /** Per call. Default 30 s. */
  timeoutMs?: number;
}

/** A `call` that makes each tool call an HTTP request to the /v1 API with the key. */
export function httpCall({ baseUrl, apiKey, fetch: doFetch = fetch, timeoutMs = 30_000 }: HttpCallOptions): V1Call {
  const base = (baseUrl || process.env.COINSIGHT_BASE_URL || DEFAULT_BASE_URL).replace(/\/+$/, '');
  return async (request) => {
    const response = await doFetch(`${base}${request.url}`, {
      method: request.method,
      headers: {
        ...request.headers,
        authorization: `Bearer ${apiKey}`,
        accept: 'application/json',
        'user-agent': `coinsight-mcp/${MCP_SERVER_VERSION}`,
        ...(request.body ? { 'content-type': 'application/json' } : {}),
      },
      ...(request.body ? { body: JSON.stringify(request.body) } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's error page): the status says what happened.
    }
    return { status: response.status, body };
  };
}
