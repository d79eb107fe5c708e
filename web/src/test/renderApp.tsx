import type { Health } from '@coinsight/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { routes as appRoutes } from '../app/routes';
import { createTrpcClient } from '../lib/trpc';

export const healthyApi: Health = { status: 'ok', db: 'up', version: 'test' };

/** A fetch that answers the batched tRPC health query, or fails like an unreachable server. */
export function healthFetch(answer: Health | 'unreachable'): typeof fetch {
  return async () => {
    if (answer === 'unreachable') throw new TypeError('Failed to fetch');
    return Response.json([{ result: { data: answer } }]);
  };
}

export interface RenderAppOptions {
  health?: Health | 'unreachable';
  routes?: RouteObject[];
}

/** Renders the app's routes (or `routes`) at `path` with the real providers and a canned API answer. */
export function renderApp(path: string, { health = healthyApi, routes = appRoutes }: RenderAppOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, retryDelay: 0 } } });
  const trpcClient = createTrpcClient({ fetch: healthFetch(health) });
  const view = render(
    <AppProviders queryClient={queryClient} trpcClient={trpcClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}
