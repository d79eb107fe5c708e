import { describe, expect, it } from 'vitest';
import { termWindowPieces } from './term-count.js';

const at = (iso: string) => new Date(iso);

describe("a term count's window in pieces: whole days, whole hours, cut hours", () => {
  it('a window inside one hour is one cut hour, both ends inclusive', () => {
    expect(termWindowPieces(at('2026-11-29T10:05:00Z'), at('2026-11-29T10:50:00Z'))).toEqual({
      days: null,
      hours: [],
      cut: [{ from: at('2026-11-29T10:05:00Z'), to: at('2026-11-29T10:50:00Z'), inclusive: true }],
    });
  });

  it('a day not on midnight: the hours between, and the two it cuts', () => {
    expect(termWindowPieces(at('2026-11-28T10:30:00Z'), at('2026-11-29T10:30:00Z'))).toEqual({
      days: null,
      hours: [{ from: at('2026-11-28T11:00:00Z'), to: at('2026-11-29T10:00:00Z') }],
      cut: [
        { from: at('2026-11-28T10:30:00Z'), to: at('2026-11-28T11:00:00Z'), inclusive: false },
        { from: at('2026-11-29T10:00:00Z'), to: at('2026-11-29T10:30:00Z'), inclusive: true },
      ],
    });
  });

  it('a week: its whole days, the hours on either side, the instant at an end on the hour', () => {
    expect(termWindowPieces(at('2026-11-22T22:00:00Z'), at('2026-11-29T01:00:00Z'))).toEqual({
      days: { first: at('2026-11-23T00:00:00Z'), end: at('2026-11-29T00:00:00Z') },
      hours: [
        { from: at('2026-11-22T22:00:00Z'), to: at('2026-11-23T00:00:00Z') },
        { from: at('2026-11-29T00:00:00Z'), to: at('2026-11-29T01:00:00Z') },
      ],
      cut: [{ from: at('2026-11-29T01:00:00Z'), to: at('2026-11-29T01:00:00Z'), inclusive: true }],
    });
  });

  it('open ends are whole days without bound', () => {
    expect(termWindowPieces(undefined, undefined)).toEqual({ days: {}, hours: [], cut: [] });
    expect(termWindowPieces(at('2026-11-28T00:00:00Z'), undefined)).toEqual({
      days: { first: at('2026-11-28T00:00:00Z') },
      hours: [],
      cut: [],
    });
  });
});
