import { useCallback, useState } from 'react';

/**
 * Where the sandbox keeps the key the user pasted or created for it: this tab's sessionStorage,
 * never our backend (secrets are stored only as hashes there, so they cannot be read back). Tied to
 * the user it was entered by, so another account signing in on this tab does not inherit it.
 */
export const SANDBOX_KEY_STORAGE = 'coinsight.sandbox.apiKey';

interface Stored {
  userId: string;
  secret: string;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage blocked by the browser: the key lives in memory only.
    return null;
  }
}

export function readSandboxKey(userId: string): string {
  const raw = storage()?.getItem(SANDBOX_KEY_STORAGE);
  if (!raw) return '';
  try {
    const stored = JSON.parse(raw) as Partial<Stored>;
    return stored.userId === userId && typeof stored.secret === 'string' ? stored.secret : '';
  } catch {
    return '';
  }
}

export function writeSandboxKey(userId: string, secret: string): void {
  const store = storage();
  if (!store) return;
  if (secret) store.setItem(SANDBOX_KEY_STORAGE, JSON.stringify({ userId, secret } satisfies Stored));
  else store.removeItem(SANDBOX_KEY_STORAGE);
}

/** The sandbox key for `userId`, and a setter that keeps it in this tab's storage ('' forgets it). */
export function useSandboxKey(userId: string): [string, (secret: string) => void] {
  const [secret, setSecret] = useState(() => readSandboxKey(userId));
  const update = useCallback(
    (next: string) => {
      writeSandboxKey(userId, next);
      setSecret(next);
    },
    [userId],
  );
  return [secret, update];
}
