import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_SWAY_INTERVAL_MS, MAX_TILT_DEG, TiltCard } from './TiltCard';

function preferReducedMotion(reduce: boolean) {
  window.matchMedia = vi.fn((query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    onchange: null,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  }));
}

function renderCard() {
  render(
    <TiltCard>
      <p>Content</p>
    </TiltCard>,
  );
  const card = screen.getByTestId('tilt-card');
  // jsdom lays nothing out: give the card a 200×100 box at (100, 100).
  card.getBoundingClientRect = () => DOMRect.fromRect({ x: 100, y: 100, width: 200, height: 100 });
  return card;
}

const tilt = (card: HTMLElement) => [card.style.getPropertyValue('--tilt-x'), card.style.getPropertyValue('--tilt-y')];

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(window, 'matchMedia');
});

describe('TiltCard', () => {
  it('sways a step every 50 ms while idle', () => {
    preferReducedMotion(false);
    const card = renderCard();
    expect(IDLE_SWAY_INTERVAL_MS).toBe(50);
    expect(tilt(card)).toEqual(['', '']);

    act(() => vi.advanceTimersByTime(50));
    const first = tilt(card);
    expect(first[0]).toMatch(/^-?\d+\.\d{2}deg$/);
    act(() => vi.advanceTimersByTime(50));
    expect(tilt(card)).not.toEqual(first);
  });

  it('leans towards the mouse, grows while hovered, and settles when it leaves', () => {
    preferReducedMotion(false);
    const card = renderCard();
    fireEvent.mouseEnter(card);
    expect(card.getAttribute('data-active')).toBe('true');

    // Top-right corner: the top dips away (positive x-rotation), the right comes forward.
    fireEvent.mouseMove(card, { clientX: 300, clientY: 100 });
    expect(tilt(card)).toEqual([`${MAX_TILT_DEG.toFixed(2)}deg`, `${MAX_TILT_DEG.toFixed(2)}deg`]);
    fireEvent.mouseMove(card, { clientX: 200, clientY: 150 });
    expect(tilt(card)).toEqual(['0.00deg', '0.00deg']);

    // No sway while the pointer is on it.
    fireEvent.mouseMove(card, { clientX: 100, clientY: 200 });
    const held = tilt(card);
    act(() => vi.advanceTimersByTime(500));
    expect(tilt(card)).toEqual(held);

    fireEvent.mouseLeave(card);
    expect(card.getAttribute('data-active')).toBe('false');
    expect(tilt(card)).toEqual(['0.00deg', '0.00deg']);
  });

  it('follows a finger', () => {
    preferReducedMotion(false);
    const card = renderCard();
    fireEvent.touchStart(card, { touches: [{ clientX: 100, clientY: 200 }] });
    expect(card.getAttribute('data-active')).toBe('true');
    expect(tilt(card)).toEqual([`${(-MAX_TILT_DEG).toFixed(2)}deg`, `${(-MAX_TILT_DEG).toFixed(2)}deg`]);
    fireEvent.touchMove(card, { touches: [{ clientX: 300, clientY: 200 }] });
    expect(tilt(card)[1]).toBe(`${MAX_TILT_DEG.toFixed(2)}deg`);
    fireEvent.touchEnd(card);
    expect(card.getAttribute('data-active')).toBe('false');
  });

  it('stays still when the user prefers reduced motion: no sway, no tilt, no growth', () => {
    preferReducedMotion(true);
    const card = renderCard();
    expect(card.getAttribute('data-still')).toBe('true');
    const still = tilt(card);

    act(() => vi.advanceTimersByTime(2_000));
    fireEvent.mouseEnter(card);
    fireEvent.mouseMove(card, { clientX: 300, clientY: 100 });
    fireEvent.touchStart(card, { touches: [{ clientX: 100, clientY: 200 }] });

    expect(tilt(card)).toEqual(still);
    expect(['', '0.00deg']).toContain(tilt(card)[0]);
    expect(card.getAttribute('data-active')).toBe('false');
  });
});
