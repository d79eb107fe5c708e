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
  // Each save answers with the list as saved so far: with two quick stars, the first answer lacks
  // the second coin, which must stay starred until its own save answers. Only the last save in
  // flight (the query client counts them, from every page that stars) replaces what is shown; a
  // failure with another save pending reads the list again.
  const lastSave = () => utils.watchlist.toggle.isMutating() === 1;
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
    onError: (_error, _input, context) => {
      if (lastSave()) utils.watchlist.get.setData(undefined, context?.before);
      else void utils.watchlist.get.invalidate();
    },
    onSuccess: (saved) => {
      if (lastSave()) utils.watchlist.get.setData(undefined, saved);
    },
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
