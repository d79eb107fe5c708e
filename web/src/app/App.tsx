import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './AppProviders';
import { createAppData } from './dataLayer/appData';
import { routes } from './routes';
import { createTokenStore } from './session';

const router = createBrowserRouter(routes);

export function App() {
  const [data] = useState(() => createAppData({ tokens: createTokenStore() }));
  return (
    <AppProviders data={data}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
