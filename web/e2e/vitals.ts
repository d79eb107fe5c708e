import type { BrowserContext, Page } from 'playwright-core';

export interface Vitals {
  fcp: number | null;
  lcp: number | null;
  cls: number;
  /** Total blocking time: each long task's time beyond 50 ms, after first contentful paint. */
  tbt: number;
  longTasks: number;
  /** Bytes of JavaScript the page transferred (headers and body), and their count. */
  jsBytes: number;
  jsFiles: number;
}

interface Collected {
  lcp: number | null;
  cls: number;
  longTasks: Array<{ start: number; duration: number }>;
}

declare global {
  interface Window {
    __vitals?: Collected;
  }
}

/**
 * Observers installed before any page script runs (through the devtools protocol, which the
 * Content-Security-Policy does not govern), buffered so nothing before them is missed.
 */
export async function collectVitals(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const vitals: Collected = { lcp: null, cls: 0, longTasks: [] };
    window.__vitals = vitals;
    const observe = (type: string, onEntry: (entry: PerformanceEntry) => void) => {
      try {
        new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
      } catch {
        // An entry type this browser does not know stays at its default.
      }
    };
    observe('largest-contentful-paint', (entry) => (vitals.lcp = entry.startTime));
    observe('layout-shift', (entry) => {
      const shift = entry as PerformanceEntry & { value: number; hadRecentInput: boolean };
      if (!shift.hadRecentInput) vitals.cls += shift.value;
    });
    observe('longtask', (entry) => vitals.longTasks.push({ start: entry.startTime, duration: entry.duration }));
  });
}

export async function readVitals(page: Page): Promise<Vitals> {
  return page.evaluate(() => {
    const collected = window.__vitals ?? { lcp: null, cls: 0, longTasks: [] };
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    const tbt = collected.longTasks
      .filter((task) => fcp === null || task.start >= fcp)
      .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => /\.m?js(\?|$)/.test(r.name));
    return {
      fcp,
      lcp: collected.lcp,
      cls: collected.cls,
      tbt,
      longTasks: collected.longTasks.length,
      jsBytes: scripts.reduce((sum, r) => sum + r.transferSize, 0),
      jsFiles: scripts.length,
    };
  });
}

/** Lighthouse's log-normal scoring curve for one metric (its `median` scores 0.5, its `p10` 0.9). */
export function logNormalScore({ median, p10 }: { median: number; p10: number }, value: number): number {
  if (value <= 0) return 1;
  const standardized = (Math.log(value / median) * 0.9061938024368232) / -Math.log(p10 / median);
  const complementary = erfc(standardized) / 2;
  if (value <= p10) return Math.max(0.9, Math.min(1, complementary));
  if (value <= median) return Math.max(0.5, Math.min(0.8999999999999999, complementary));
  return Math.max(0, Math.min(0.49999999999999994, complementary));
}

// Abramowitz and Stegun 7.1.26: error below 1.5e-7, far finer than a score's two digits.
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * z);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const value = poly * Math.exp(-z * z);
  return x >= 0 ? value : 2 - value;
}
