import type { QueryClient } from '@tanstack/react-query';
import { createPublicReads, type PublicReads } from '../../lib/publicReads';
import type { EventSourceConstructor, TrpcClient, TrpcClientOptions } from '../../lib/trpcClient';
import type { TokenStore } from '../session/tokenStore';

/**
 * Everything the app talks to the API with, made once per app. Only types of the tRPC client and
 * the query cache are imported here: the modules themselves load when first needed (a session to
 * check, a sign-in, a page with queries), so the landing page's first load carries neither
 * (docs/web-performance.md, "Initial JavaScript").
 */
export interface AppData {
  tokens: TokenStore;
  publicReads: PublicReads;
  /** The tRPC client, its module loaded on first call; always the same instance. */
  client(): Promise<TrpcClient>;
  /** The same client, for code that already has the client module (the query layer). */
  clientWith(create: (options: TrpcClientOptions) => TrpcClient): TrpcClient;
  /** The one query cache, made by the first query layer to mount; every page shares it. */
  queryClientWith(create: () => QueryClient): QueryClient;
  /** What the session does to cached answers when the account changes; nothing while no cache exists. */
  queries: {
    /** Signed out: every cached answer may belong to the account that left. */
    clear(): void;
    /** Another account signed in (in another tab): answers are asked again as that account. */
    reset(): void;
  };
}

export interface AppDataOptions {
  tokens: TokenStore;
  /** Tests pass a fetch with canned answers, for the client and the public reads alike. */
  fetch?: typeof fetch;
  /** Tests pass a stand-in that streams canned events; the browser uses its EventSource. */
  EventSource?: EventSourceConstructor;
  /** Tests pass a cache of their own (no retries) to look into. */
  queryClient?: QueryClient;
  /** Tests retry a failed public read at once. */
  publicRetryDelayMs?: number;
}

export function createAppData({ tokens, fetch, EventSource, queryClient: givenQueryClient, publicRetryDelayMs }: AppDataOptions): AppData {
  let client: TrpcClient | null = null;
  let queryClient: QueryClient | null = givenQueryClient ?? null;
  const clientWith = (create: (options: TrpcClientOptions) => TrpcClient) =>
    (client ??= create({ fetch, EventSource, getToken: tokens.get }));
  return {
    tokens,
    publicReads: createPublicReads({ fetch, retryDelayMs: publicRetryDelayMs }),
    async client() {
      if (client) return client;
      const { createTrpcClient } = await import('../../lib/trpcClient');
      return clientWith(createTrpcClient);
    },
    clientWith,
    queryClientWith: (create) => (queryClient ??= create()),
    queries: {
      clear: () => queryClient?.clear(),
      reset: () => void queryClient?.resetQueries(),
    },
  };
}
