import type { ApiOperation, ApiParameter } from './openapi';

/** A field's value by `in:name`, as the sandbox form holds it. */
export type ParameterValues = Record<string, string>;

export const fieldKey = (parameter: Pick<ApiParameter, 'in' | 'name'>) => `${parameter.in}:${parameter.name}`;

/** The form's starting values: every query and path parameter's example; a header only when required. */
export function exampleValues(operation: ApiOperation): ParameterValues {
  const values: ParameterValues = {};
  for (const parameter of operation.parameters) {
    // An example Idempotency-Key would make every second call a replay of the first.
    const prefill = parameter.in !== 'header' || parameter.required;
    values[fieldKey(parameter)] = prefill ? (parameter.example ?? '') : '';
  }
  return values;
}

export interface SandboxRequest {
  method: string;
  /** Path and query, e.g. `/v1/crypto/prices?symbols=BTC,ETH`. */
  url: string;
  headers: [string, string][];
  body?: string;
}

// Commas and colons read better left alone in a query string, and the API splits lists on commas.
const encodeQueryValue = (value: string) => encodeURIComponent(value).replace(/%2C/gi, ',').replace(/%3A/gi, ':');

/** The request the sandbox sends; throws naming the field when a path parameter is empty. */
export function buildRequest(operation: ApiOperation, values: ParameterValues, body: string, apiKey: string): SandboxRequest {
  let path = operation.path;
  const query: string[] = [];
  const headers: [string, string][] = [['Authorization', `Bearer ${apiKey}`]];
  for (const parameter of operation.parameters) {
    const value = (values[fieldKey(parameter)] ?? '').trim();
    if (parameter.in === 'path') {
      if (!value) throw new Error(`${parameter.name} is required`);
      path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
    } else if (value && parameter.in === 'query') {
      query.push(`${encodeURIComponent(parameter.name)}=${encodeQueryValue(value)}`);
    } else if (value && parameter.in === 'header') {
      headers.push([parameter.name, value]);
    }
  }
  const hasBody = operation.requestBody !== undefined && operation.method !== 'get';
  if (hasBody) headers.push(['Content-Type', 'application/json']);
  return {
    method: operation.method.toUpperCase(),
    url: query.length > 0 ? `${path}?${query.join('&')}` : path,
    headers,
    body: hasBody ? body : undefined,
  };
}

/** Single-quoted for a POSIX shell: nothing inside is expanded. */
const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** The same call as a curl command line; `showKey: false` masks the key for the screen. */
export function curlCommand(request: SandboxRequest, origin: string, showKey: boolean): string {
  const parts = ['curl'];
  if (request.method !== 'GET') parts.push('-X', request.method);
  parts.push(shellQuote(`${origin}${request.url}`));
  for (const [name, value] of request.headers) {
    const shown = name === 'Authorization' && !showKey ? maskBearer(value) : value;
    parts.push('-H', shellQuote(`${name}: ${shown}`));
  }
  if (request.body !== undefined) parts.push('--data', shellQuote(request.body));
  return parts.join(' ');
}

/** `Bearer cs_live_AbCd••••••••`: enough to tell keys apart, not enough to use one. */
export function maskBearer(value: string): string {
  const key = value.replace(/^Bearer /, '');
  return `Bearer ${maskKey(key)}`;
}

export function maskKey(key: string): string {
  return key.length <= 12 ? '•'.repeat(key.length) : `${key.slice(0, 12)}${'•'.repeat(8)}`;
}

/** The answer headers worth seeing in a sandbox, in this order, when the server sent them. */
export const SHOWN_HEADERS = [
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'retry-after',
  'x-request-id',
  'content-type',
] as const;

export interface SandboxAnswer {
  status: number;
  statusText: string;
  /** Milliseconds from sending to the whole body read. */
  latencyMs: number;
  headers: [string, string][];
  /** Pretty JSON when the body is JSON, else the text as it came. */
  body: string;
}

/** Sends the request from the browser, as any client would: same origin, the key as Bearer. */
export async function sendRequest(request: SandboxRequest, fetcher: typeof fetch = fetch): Promise<SandboxAnswer> {
  const started = performance.now();
  const response = await fetcher(request.url, { method: request.method, headers: request.headers, body: request.body });
  const raw = await response.text();
  const latencyMs = performance.now() - started;
  let body = raw;
  try {
    body = JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    // Not JSON: shown as it came.
  }
  const headers = SHOWN_HEADERS.flatMap((name): [string, string][] => {
    const value = response.headers.get(name);
    return value === null ? [] : [[name, value]];
  });
  return { status: response.status, statusText: response.statusText, latencyMs, headers, body };
}
