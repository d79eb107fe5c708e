import type { ListQueryInput, PostPage, SocialPlatform } from '@coinsight/contracts';
import type { AppRouter } from '@coinsight/api/trpc';
import { keepPreviousData, type UseQueryResult } from '@tanstack/react-query';
import type { TRPCClientErrorLike } from '@trpc/client';
import { trpc } from '../../lib/trpc';

export type PostPageResult<P extends SocialPlatform> = UseQueryResult<PostPage<P> | undefined, TRPCClientErrorLike<AppRouter>>;

/** An invalid address asks nothing: its query is null, and the page says what is wrong instead. */
type PostPageQuery<P extends SocialPlatform> = (query: ListQueryInput<P> | null) => PostPageResult<P>;

const options = (query: unknown) => ({ enabled: query !== null, placeholderData: keepPreviousData });

/**
 * One entry per platform procedure, so each page's rows keep their platform's type all the way
 * from the router: indexing this map with a platform P gives P's own query, no cast needed.
 */
const POST_PAGE_QUERIES: { [P in SocialPlatform]: PostPageQuery<P> } = {
  twitter: (query) => trpc.social.list.twitter.useQuery(query ?? {}, options(query)),
  instagram: (query) => trpc.social.list.instagram.useQuery(query ?? {}, options(query)),
  facebook: (query) => trpc.social.list.facebook.useQuery(query ?? {}, options(query)),
  linkedin: (query) => trpc.social.list.linkedin.useQuery(query ?? {}, options(query)),
};

/** A page of `platform`'s posts for `query`; the hook behind it is fixed for the component's life. */
export function usePostPage<P extends SocialPlatform>(platform: P, query: ListQueryInput<P> | null): PostPageResult<P> {
  const usePlatformPage: PostPageQuery<P> = POST_PAGE_QUERIES[platform];
  return usePlatformPage(query);
}
