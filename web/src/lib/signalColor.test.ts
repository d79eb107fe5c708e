import { describe, expect, it } from 'vitest';
import { changeColor, sentimentColor, signalColorVar } from './signalColor';

describe('sentimentColor', () => {
  it.each([
    [1, 'green'],
    [0.7, 'green'],
    [0.6999, 'yellow'],
    [0.4, 'yellow'],
    [0.3999, 'red'],
    [0, 'red'],
  ] as const)('colours a sentiment of %s %s', (score, expected) => {
    expect(sentimentColor(score)).toBe(expected);
  });
});

describe('changeColor', () => {
  it.each([
    [12.5, 'green'],
    [0, 'green'],
    [-0.01, 'red'],
  ] as const)('colours a change of %s %s', (change, expected) => {
    expect(changeColor(change)).toBe(expected);
  });
});

describe('signalColorVar', () => {
  it('maps each colour to its theme token', () => {
    expect(signalColorVar('green')).toBe('var(--color-positive)');
    expect(signalColorVar('yellow')).toBe('var(--color-warning)');
    expect(signalColorVar('red')).toBe('var(--color-negative)');
  });
});
