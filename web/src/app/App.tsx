import { useState, useSyncExternalStore } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './AppProviders';
import { createAppData } from './dataLayer/appData';
import { preferencesRevision, subscribePreferences } from '../lib/preferences';
import { routes } from './routes';
import { createTokenStore } from './session';

const router = createBrowserRouter(routes);

export function App() {
  const [data] = useState(() => createAppData({ tokens: createTokenStore() }));
  // Times and figures are written by plain formatters that read the preferences in force: when
  // they change (a save in Settings, the account's arriving after sign-in) the pages render anew.
  const revision = useSyncExternalStore(subscribePreferences, preferencesRevision);
  return (
    <AppProviders data={data}>
      <RouterProvider key={revision} router={router} />
    </AppProviders>
  );
}
