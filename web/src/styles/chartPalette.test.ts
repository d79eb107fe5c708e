import { describe, expect, it } from 'vitest';
import { chartColor, chartPalette, chartPaletteVars } from './chartPalette';
import tokens from './tokens.css?raw';

describe('chart palette', () => {
  it('names only series colours that tokens.css defines, for both themes', () => {
    for (const name of chartPaletteVars) {
      expect(tokens.match(new RegExp(`${name}:`, 'g'))).toHaveLength(2);
    }
  });

  it('cycles through the series colours', () => {
    expect(chartColor(0)).toBe('var(--chart-1)');
    expect(chartColor(5)).toBe('var(--chart-6)');
    expect(chartColor(6)).toBe(chartPalette[0]);
    expect(chartColor(-1)).toBe('var(--chart-6)');
  });
});
