import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient, createTrpcClient } from '../lib/trpc';
import { AppProviders } from './AppProviders';
import { routes } from './routes';
import { createTokenStore } from './session';

const router = createBrowserRouter(routes);

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [tokens] = useState(() => createTokenStore());
  const [trpcClient] = useState(() => createTrpcClient({ getToken: tokens.get }));
  return (
    <AppProviders queryClient={queryClient} trpcClient={trpcClient} tokens={tokens}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
