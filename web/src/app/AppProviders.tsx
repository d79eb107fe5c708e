import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { trpc, type TrpcClient } from '../lib/trpc';
import { SessionProvider, type TokenStore } from './session';

export interface AppProvidersProps {
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  /** The same store the client's `getToken` reads, so the session and the headers agree. */
  tokens: TokenStore;
  children: ReactNode;
}

/** Data and session providers, apart from the router so tests can wrap a memory router in the same ones. */
export function AppProviders({ queryClient, trpcClient, tokens, children }: AppProvidersProps) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider client={trpcClient} tokens={tokens}>
          {children}
        </SessionProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
