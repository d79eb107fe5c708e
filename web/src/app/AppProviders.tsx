import type { ReactNode } from 'react';
import type { AppData } from './dataLayer/appData';
import { AppDataContext } from './dataLayer/AppDataContext';
import { PreferencesSync } from './PreferencesSync';
import { SessionProvider } from './session';

export interface AppProvidersProps {
  data: AppData;
  children: ReactNode;
}

/**
 * Data and session providers, apart from the router so tests can wrap a memory router in the same
 * ones. The query cache is not mounted here: the pages and parts that use it bring it along
 * (dataLayer/lazyWithQueries.tsx), so pages without queries load none of its code.
 */
export function AppProviders({ data, children }: AppProvidersProps) {
  return (
    <AppDataContext.Provider value={data}>
      <SessionProvider client={data.client} tokens={data.tokens} queries={data.queries}>
        <PreferencesSync client={data.client} />
        {children}
      </SessionProvider>
    </AppDataContext.Provider>
  );
}
