import { PERIOD_HOURS, SEARCH_DEBOUNCE_MS, type AnalyticsPeriod, type ExplorerPlatform } from '@coinsight/contracts';
import { useEffect, useState } from 'react';

export interface SettledSearch {
  q: string;
  platform: ExplorerPlatform;
  period: AnalyticsPeriod;
  /** The period as dates, fixed when the input settled so the query does not change on every render. */
  startDate: string;
  endDate: string;
}

/**
 * The explorer's inputs once they have not changed for SEARCH_DEBOUNCE_MS (docs/product.md §7: the search
 * runs 500 ms after the last change of text, platform or period); null until then.
 */
export function useSettledSearch(text: string, platform: ExplorerPlatform, period: AnalyticsPeriod): SettledSearch | null {
  const [settled, setSettled] = useState<SettledSearch | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      const end = Date.now();
      setSettled({
        q: text.trim(),
        platform,
        period,
        startDate: new Date(end - PERIOD_HOURS[period] * 3_600_000).toISOString(),
        endDate: new Date(end).toISOString(),
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, platform, period]);
  return settled;
}
