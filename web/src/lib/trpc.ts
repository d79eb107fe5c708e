import { QueryClient } from '@tanstack/react-query';
import { httpBatchLink, httpSubscriptionLink, splitLink, TRPCClientError } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '@coinsight/api/trpc';

export const trpc = createTRPCReact<AppRouter>();

export const TRPC_URL = '/trpc';

/** What the subscription link needs of an EventSource: the browser's, or a test's stand-in. */
export interface EventSourceLike {
  readonly CLOSED: number;
  readonly CONNECTING: number;
  readonly OPEN: number;
  readyState: number;
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
  close(): void;
}
export type EventSourceConstructor = new (url: string, init?: { withCredentials?: boolean }) => EventSourceLike;

export interface TrpcClientOptions {
  /** Tests pass their own fetch with canned answers; the browser uses the global one. */
  fetch?: typeof fetch;
  /** Tests pass a stand-in that streams canned events; the browser uses its EventSource. */
  EventSource?: EventSourceConstructor;
  /** The session's current token, sent as a bearer Authorization header while there is one. */
  getToken?: () => string | null;
}

export function createTrpcClient({ fetch, getToken, EventSource }: TrpcClientOptions = {}) {
  return trpc.createClient({
    links: [
      // Subscriptions (market.live) are server-sent events; an EventSource sends no headers, so
      // they are public ones. Everything else goes in batches, with the session's token.
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink<AppRouter, EventSourceConstructor>({
          url: TRPC_URL,
          EventSource: EventSource ?? globalThis.EventSource,
        }),
        false: httpBatchLink({
          url: TRPC_URL,
          fetch,
          // Read per request, so a sign-in or sign-out changes the very next call.
          headers() {
            const token = getToken?.();
            return token ? { Authorization: `Bearer ${token}` } : {};
          },
        }),
      }),
    ],
  });
}

export type TrpcClient = ReturnType<typeof createTrpcClient>;

const MAX_RETRIES = 3;

/**
 * A dropped connection or a 5xx may pass, so it is asked again; a refusal (4xx: bad input, not
 * signed in, not found) would answer the same every time, and is shown at once instead.
 */
export function shouldRetry(failures: number, error: unknown): boolean {
  const status = httpStatusOf(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failures < MAX_RETRIES;
}

function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data: unknown = error.data;
  return typeof data === 'object' && data !== null && 'httpStatus' in data && typeof data.httpStatus === 'number'
    ? data.httpStatus
    : undefined;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
      },
    },
  });
}
