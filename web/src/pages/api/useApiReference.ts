import { useQuery } from '@tanstack/react-query';
import { readApiReference, type ApiReference } from './openapi';

export const OPENAPI_URL = '/v1/openapi.json';
export const REFERENCE_FAILED_MESSAGE = 'The endpoint list could not be loaded. Please try again.';

class ReferenceHttpError extends Error {
  constructor(readonly status: number) {
    super(`GET ${OPENAPI_URL} answered ${status}`);
  }
}

async function loadReference(): Promise<ApiReference> {
  const response = await fetch(OPENAPI_URL, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new ReferenceHttpError(response.status);
  return readApiReference(await response.json());
}

/** A dropped connection or a 5xx may pass; a 4xx or a document we cannot read would not. */
function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof ReferenceHttpError) return error.status >= 500 && failures < 3;
  return error instanceof TypeError && failures < 3;
}

/** The /v1 OpenAPI document (public, no key), read once per visit: it changes only with a deploy. */
export function useApiReference() {
  return useQuery({ queryKey: ['openapi'], queryFn: loadReference, staleTime: Infinity, retry: shouldRetry });
}
