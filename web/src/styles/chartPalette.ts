/**
 * The chart series colours of tokens.css, for chart libraries.
 * SVG charts can use `chartPalette` as is and follow the theme; canvas charts need concrete
 * colours, so they call `resolveChartPalette()` after mount (and again when the theme changes).
 */
export const CHART_SERIES_COUNT = 6;

export const chartPaletteVars = ['--chart-1', '--chart-2', '--chart-3', '--chart-4', '--chart-5', '--chart-6'] as const;

export const chartPalette: readonly string[] = chartPaletteVars.map((name) => `var(${name})`);

/** The palette as concrete colours, read from the element's computed style. */
export function resolveChartPalette(element: Element = document.documentElement): string[] {
  const style = getComputedStyle(element);
  return chartPaletteVars.map((name) => style.getPropertyValue(name).trim());
}

/** The colour for series `index`, cycling when there are more series than colours. */
export function chartColor(index: number): string {
  return chartPalette[((index % CHART_SERIES_COUNT) + CHART_SERIES_COUNT) % CHART_SERIES_COUNT] ?? 'currentColor';
}
