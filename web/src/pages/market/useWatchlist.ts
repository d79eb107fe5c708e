import { useSession } from '../../app/session';
import { trpc } from '../../lib/trpc';

export interface WatchlistState {
  /** Whether there is an account to keep a watchlist for. */
  signedIn: boolean;
  /** The account's coins in the order starred; empty until one is starred (and while signed out). */
  symbols: readonly string[];
  /** Read once: the stars are not drawn as empty before the list is known. */
  loaded: boolean;
  isStarred: (symbol: string) => boolean;
  /** Stars or unstars a coin: shown at once, then saved (undone if saving fails). */
  toggle: (symbol: string) => void;
  /** The last save that failed, if any, to say so. */
  error: string | null;
}

/** The signed-in account's watchlist (tRPC `watchlist`), shared by /market, the asset pages and the dashboard. */
export function useWatchlist(): WatchlistState {
  const signedIn = useSession().user !== null;
  const utils = trpc.useUtils();
  const list = trpc.watchlist.get.useQuery(undefined, { enabled: signedIn });
  const toggle = trpc.watchlist.toggle.useMutation({
    onMutate: async ({ symbol, starred }) => {
      await utils.watchlist.get.cancel();
      const before = utils.watchlist.get.getData();
      const current = before?.symbols ?? [];
      utils.watchlist.get.setData(undefined, {
        symbols: starred ? [...current.filter((s) => s !== symbol), symbol] : current.filter((s) => s !== symbol),
      });
      return { before };
    },
    onError: (_error, _input, context) => utils.watchlist.get.setData(undefined, context?.before),
    onSuccess: (saved) => utils.watchlist.get.setData(undefined, saved),
  });
  const symbols = list.data?.symbols ?? [];
  return {
    signedIn,
    symbols,
    loaded: !signedIn || list.isSuccess,
    isStarred: (symbol) => symbols.includes(symbol),
    toggle: (symbol) => toggle.mutate({ symbol, starred: !symbols.includes(symbol) }),
    error: toggle.error?.message ?? null,
  };
}
