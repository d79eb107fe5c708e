import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient, trpc } from '../../lib/trpc';
import { createTrpcClient } from '../../lib/trpcClient';
import { useAppData } from './AppDataContext';

/**
 * tRPC's React hooks and the query cache, for the parts of the app that use them (most pages, the
 * header's notifications, the Send Email form). Each mount wraps the same client and the same
 * cache, so answers survive navigation as they did when one provider sat at the root.
 */
export function QueryLayer({ children }: { children: ReactNode }) {
  const data = useAppData();
  const client = data.clientWith(createTrpcClient);
  const queryClient = data.queryClientWith(createQueryClient);
  return (
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
