import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChangeValue } from './ChangeValue';

describe('ChangeValue (one for the market and social)', () => {
  it('shows a price change with exactly two decimals and its sign, green from 0 up and red below', () => {
    render(
      <>
        <ChangeValue percent={2.414} of="price" />
        <ChangeValue percent={-1.2} of="price" />
        <ChangeValue percent={0} of="price" />
      </>,
    );
    expect(screen.getByText('+2.41%').getAttribute('data-color')).toBe('green');
    expect(screen.getByText('−1.20%').getAttribute('style')).toContain('var(--color-negative)');
    expect(screen.getByText('0.00%').getAttribute('style')).toContain('var(--color-positive)');
  });

  it('shows a count change with at most one decimal', () => {
    render(
      <>
        <ChangeValue percent={12.5} of="count" />
        <ChangeValue percent={-4} of="count" />
      </>,
    );
    expect(screen.getByText('+12.5%').getAttribute('style')).toContain('var(--color-positive)');
    expect(screen.getByText('−4%').getAttribute('data-color')).toBe('red');
  });
});
