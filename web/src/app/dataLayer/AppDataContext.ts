import { createContext, useContext } from 'react';
import type { AppData } from './appData';

export const AppDataContext = createContext<AppData | null>(null);

export function useAppData(): AppData {
  const data = useContext(AppDataContext);
  if (!data) throw new Error('useAppData must be used inside AppProviders');
  return data;
}
