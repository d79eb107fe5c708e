import { useEffect } from 'react';

export const APP_NAME = 'Coinsight';

export function formatDocumentTitle(page: string): string {
  return `${page} · ${APP_NAME}`;
}

export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = formatDocumentTitle(page);
  }, [page]);
}
