import { QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '@coinsight/api/trpc';

/**
 * tRPC's React hooks. They work inside the query layer only (app/dataLayer/QueryLayer.tsx), which
 * the pages that use them load with their own chunk; routes.tsx says which pages those are.
 */
export const trpc = createTRPCReact<AppRouter>();

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
