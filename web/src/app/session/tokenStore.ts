/** The browser-storage key of the session token (docs/product.md §9). */
export const TOKEN_STORAGE_KEY = 'token';

/**
 * The session token as the API client sees it. The tRPC link reads `get()` for every request, so
 * the header follows a sign-in or sign-out from the very next call; `set()` keeps the browser's
 * copy in step.
 */
export interface TokenStore {
  get(): string | null;
  set(token: string | null): void;
  /**
   * Calls `listener` when another tab of this site signs in or out (stores or removes the token):
   * the browser tells every other document sharing the storage, never the one that wrote it.
   * Returns the unsubscribe function.
   */
  subscribe(listener: (token: string | null) => void): () => void;
}

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

// Storage can be missing or refuse writes (disabled site data, quota): the token then lives in
// memory for this page only, and the session still works until a reload.
export function createTokenStore(storage: Storage | null = browserStorage()): TokenStore {
  let token: string | null = null;
  try {
    token = storage?.getItem(TOKEN_STORAGE_KEY) || null;
  } catch {
    token = null;
  }
  return {
    get: () => token,
    set(next) {
      token = next;
      try {
        if (next) storage?.setItem(TOKEN_STORAGE_KEY, next);
        else storage?.removeItem(TOKEN_STORAGE_KEY);
      } catch {
        // Kept in memory above; nothing else to do.
      }
    },
    subscribe(listener) {
      // Without storage the token lives in this page only; no other tab can change it.
      if (!storage || typeof window === 'undefined') return () => undefined;
      const onStorage = (event: StorageEvent) => {
        if (event.storageArea !== storage) return;
        // A null key means the whole storage was cleared.
        if (event.key !== null && event.key !== TOKEN_STORAGE_KEY) return;
        const next = (event.key === null ? null : event.newValue) || null;
        if (next === token) return;
        token = next;
        listener(next);
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  };
}
