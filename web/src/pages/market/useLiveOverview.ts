import { useEffect } from 'react';
import { trpc } from '../../lib/trpc';

/** How often the overview is asked for while the live stream is down. */
export const POLL_MS = 30_000;

export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'polling';

/**
 * The market overview, kept current by `market.live` (server-sent events: the new figures after
 * every tick). While the stream is not open the overview is polled every 30 s instead, and a
 * stream that failed is tried again after as long.
 */
export function useLiveOverview() {
  const utils = trpc.useUtils();
  const live = trpc.market.live.useSubscription(undefined, {
    onData: (event) => utils.market.overview.setData(undefined, event.data),
  });
  const state: LiveState =
    live.status === 'pending' ? 'live' : live.status === 'error' ? 'polling' : live.error ? 'reconnecting' : 'connecting';
  const overview = trpc.market.overview.useQuery(undefined, { refetchInterval: state === 'live' ? false : POLL_MS });
  const { reset } = live;
  useEffect(() => {
    if (state !== 'polling') return;
    const retry = setTimeout(reset, POLL_MS);
    return () => clearTimeout(retry);
  }, [state, reset]);
  return { overview, state };
}
