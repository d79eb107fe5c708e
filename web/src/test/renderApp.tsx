import type { Health, PublicUser } from '@coinsight/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { createAppData } from '../app/dataLayer/appData';
import { routes as appRoutes } from '../app/routes';
import { createTokenStore, TOKEN_STORAGE_KEY } from '../app/session';
import { meFor, TEST_TOKEN, trpcStub, type Handlers } from './trpcStub';

export const healthyApi: Health = { status: 'ok', db: 'up', version: 'test' };

export interface RenderAppOptions {
  health?: Health | 'unreachable';
  routes?: RouteObject[];
  /** Answers for more procedures; they may replace the health and auth.me answers too. */
  api?: Handlers;
  /** Starts with this user's token stored, and auth.me answering them for it. */
  signedInAs?: PublicUser;
}

/** Renders the app's routes (or `routes`) at `path` with the real providers and a canned API answer. */
export function renderApp(path: string, { health = healthyApi, routes = appRoutes, api, signedInAs }: RenderAppOptions = {}) {
  if (signedInAs) window.localStorage.setItem(TOKEN_STORAGE_KEY, TEST_TOKEN);
  const server = trpcStub({
    'system.health': () => {
      if (health === 'unreachable') throw new TypeError('Failed to fetch');
      return health;
    },
    ...(signedInAs ? { 'auth.me': meFor(signedInAs) } : {}),
    ...api,
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, retryDelay: 0 } } });
  const tokens = createTokenStore(window.localStorage);
  // The footer's status and the site figures go through the same canned API; a failed one is asked again at once.
  const data = createAppData({ tokens, fetch: server.fetch, EventSource: server.EventSource, queryClient, publicRetryDelayMs: 0 });
  const view = render(
    <AppProviders data={data}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, api: server, tokens, queryClient };
}
