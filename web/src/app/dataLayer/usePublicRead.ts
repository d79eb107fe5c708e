import { useEffect, useState } from 'react';
import type { PublicReadOutputs, PublicReadPath } from '../../lib/publicReads';
import { useAppData } from './AppDataContext';

export interface PublicRead<T> {
  data: T | undefined;
  /** The last attempt failed (after its retry); a later success clears it. */
  isError: boolean;
  /** Nothing to show yet, and no failure either. */
  isLoading: boolean;
}

/**
 * A public read as a component sees it, the way the query hooks behaved for it before: the last
 * answer shows at once, a stale or missing one is asked for on mount, and `refreshMs` asks again
 * on a timer while the tab is visible.
 */
export function usePublicRead<P extends PublicReadPath>(
  path: P,
  { refreshMs }: { refreshMs?: number } = {},
): PublicRead<PublicReadOutputs[P]> {
  const { publicReads } = useAppData();
  const [state, setState] = useState(() => ({ data: publicReads.cached(path)?.data, isError: false }));

  useEffect(() => {
    let mounted = true;
    const ask = () =>
      publicReads.read(path).then(
        (data) => mounted && setState({ data, isError: false }),
        () => mounted && setState((previous) => ({ ...previous, isError: true })),
      );
    if (!publicReads.cached(path)?.fresh) void ask();
    // Like the query cache's refetchInterval: a tab in the background asks nothing.
    const refresh = () => {
      if (document.visibilityState !== 'hidden') void ask();
    };
    const timer = refreshMs ? setInterval(refresh, refreshMs) : undefined;
    return () => {
      mounted = false;
      clearInterval(timer);
    };
  }, [publicReads, path, refreshMs]);

  return { ...state, isLoading: state.data === undefined && !state.isError };
}
