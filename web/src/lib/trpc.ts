import { QueryClient } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '@coinsight/api/trpc';

export const trpc = createTRPCReact<AppRouter>();

export const TRPC_URL = '/trpc';

export interface TrpcClientOptions {
  /** Tests pass their own fetch with canned answers; the browser uses the global one. */
  fetch?: typeof fetch;
  /** The session's current token, sent as a bearer Authorization header while there is one. */
  getToken?: () => string | null;
}

export function createTrpcClient({ fetch, getToken }: TrpcClientOptions = {}) {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: TRPC_URL,
        fetch,
        // Read per request, so a sign-in or sign-out changes the very next call.
        headers() {
          const token = getToken?.();
          return token ? { Authorization: `Bearer ${token}` } : {};
        },
      }),
    ],
  });
}

export type TrpcClient = ReturnType<typeof createTrpcClient>;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}
