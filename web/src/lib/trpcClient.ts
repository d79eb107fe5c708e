import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import type { AppRouter } from '@coinsight/api/trpc';
import { TRPC_URL } from './trpcUrl';

// The vanilla client (no React, no query cache): the session loads it on first use and the query
// layer hands the same instance to tRPC's React binding. Neither is part of the landing page's
// first load (docs/web-performance.md, "Initial JavaScript").

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
  return createTRPCClient<AppRouter>({
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
