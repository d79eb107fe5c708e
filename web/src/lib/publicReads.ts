import type { AppRouter } from '@coinsight/api/trpc';
import type { inferRouterOutputs } from '@trpc/server';
import { TRPC_URL } from './trpcUrl';

type Outputs = inferRouterOutputs<AppRouter>;

/**
 * The public queries the shell and the static pages show (the footer's API status, the site's
 * figures): no input, no session, the same answer for everyone. They are read with a plain fetch
 * of tRPC's GET format rather than through the tRPC client and the query cache, so the landing
 * page's first load carries neither (docs/web-performance.md, "Initial JavaScript"). The types
 * are the router's own.
 */
export interface PublicReadOutputs {
  'system.health': Outputs['system']['health'];
  'site.stats': Outputs['site']['stats'];
  /** Whether paid plans are sold on this server (the pricing page's Pro card). */
  'billing.availability': Outputs['billing']['availability'];
}
export type PublicReadPath = keyof PublicReadOutputs;

/** As long as the query cache keeps an answer fresh (lib/trpc.ts): a page met again within it asks nothing. */
export const PUBLIC_READ_FRESH_MS = 30_000;
const DEFAULT_RETRY_DELAY_MS = 1_000;

export interface PublicReadsOptions {
  /** Tests pass their own fetch with canned answers; the browser uses the global one. */
  fetch?: typeof fetch;
  /** The wait before a failed read is asked once more (the query cache's first retry waits 1 s). */
  retryDelayMs?: number;
}

export interface PublicReads {
  /** The last answer, if there is one, and whether it is still fresh. */
  cached<P extends PublicReadPath>(path: P): { data: PublicReadOutputs[P]; fresh: boolean } | undefined;
  /**
   * Asks the server, once more after a failure; a read already on its way is shared, so the
   * footer and a page showing the same status make one request.
   */
  read<P extends PublicReadPath>(path: P): Promise<PublicReadOutputs[P]>;
}

interface Entry {
  answer?: { data: unknown; at: number };
  pending?: Promise<unknown>;
}

function isResult(body: unknown): body is { result: { data: unknown } } {
  return typeof body === 'object' && body !== null && 'result' in body && typeof body.result === 'object' && body.result !== null;
}

export function createPublicReads({ fetch: fetchImpl, retryDelayMs = DEFAULT_RETRY_DELAY_MS }: PublicReadsOptions = {}): PublicReads {
  // Looked up per call: a bare reference to the browser's fetch cannot be called detached from window.
  const send = fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const entries = new Map<PublicReadPath, Entry>();

  async function ask(path: PublicReadPath): Promise<unknown> {
    // A lone query without input, as tRPC answers it: `{ result: { data } }`, or `{ error }` with a 4xx/5xx.
    const response = await send(`${TRPC_URL}/${path}`);
    const body: unknown = await response.json();
    if (!response.ok || !isResult(body)) throw new Error(`${path} answered ${response.status}`);
    return body.result.data;
  }

  async function askWithRetry(path: PublicReadPath): Promise<unknown> {
    try {
      return await ask(path);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
      return ask(path);
    }
  }

  const entryOf = (path: PublicReadPath): Entry => {
    let entry = entries.get(path);
    if (!entry) entries.set(path, (entry = {}));
    return entry;
  };

  return {
    cached<P extends PublicReadPath>(path: P) {
      const answer = entries.get(path)?.answer;
      if (!answer) return undefined;
      // The server's answer for this path: what its procedure returns (the router's output type).
      return { data: answer.data as PublicReadOutputs[P], fresh: Date.now() - answer.at < PUBLIC_READ_FRESH_MS };
    },
    read<P extends PublicReadPath>(path: P) {
      const entry = entryOf(path);
      entry.pending ??= askWithRetry(path)
        .then((data) => {
          entry.answer = { data, at: Date.now() };
          return data;
        })
        .finally(() => {
          entry.pending = undefined;
        });
      return entry.pending as Promise<PublicReadOutputs[P]>;
    },
  };
}
