/** The browser-storage key of the session token (spec §9). */
export const TOKEN_STORAGE_KEY = 'token';

/**
 * The session token as the API client sees it. The tRPC link reads `get()` for every request, so
 * the header follows a sign-in or sign-out from the very next call; `set()` keeps the browser's
 * copy in step.
 */
export interface TokenStore {
  get(): string | null;
  set(token: string | null): void;
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
  };
}
