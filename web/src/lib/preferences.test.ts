import { DEFAULT_PREFERENCES, PREFERENCES_STORAGE_KEY, THEME_BOOT_SCRIPT } from '@coinsight/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatChange, formatCompact, formatCount, formatNumber, formatPrice, formatSentiment } from './formatNumber';
import { formatPostDate, formatPostDay, formatPostTime, formatTime, utcTitle } from './formatTime';
import { applyPreferences, currentPreferences, parseStoredPreferences, preferencesRevision } from './preferences';

afterEach(() => applyPreferences(DEFAULT_PREFERENCES));

describe('the number formatter: one for every figure, in the account number format', () => {
  it('groups and marks decimals as chosen, keeping the sign, currency and suffix where they are', () => {
    expect(formatNumber(1234.5)).toBe('1,234.5');
    applyPreferences({ ...DEFAULT_PREFERENCES, numberFormat: 'period_comma' });
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatCount(1_234_567)).toBe('1.234.567');
    expect(formatPrice(64_210.55)).toBe('$64.210,55');
    expect(formatCompact(12_345)).toBe('12,3K');
    expect(formatChange(-2.41, 2)).toBe('−2,41%');
    expect(formatSentiment(0.72)).toBe('0,72');
    applyPreferences({ ...DEFAULT_PREFERENCES, numberFormat: 'space_comma' });
    expect(formatNumber(1234.5)).toBe('1\u202f234,5');
    expect(formatNumber(1234.5, { style: 'currency', currency: 'USD' })).toBe('$1\u202f234,50');
  });
});

describe('the time formatter: every time in the account time zone, UTC on hover', () => {
  const iso = '2026-11-22T07:05:12.000Z';

  it('shows UTC until a zone is chosen, saying the zone', () => {
    expect(formatPostDate(iso)).toBe('Nov 22, 2026, 7:05 AM UTC');
    expect(formatPostDay(iso)).toBe('Nov 22, 2026');
    expect(formatPostTime(iso)).toBe('7:05 AM UTC');
    expect(formatTime(iso, 'clock')).toBe('7:05:12 AM UTC');
  });

  it('moves the time, and the day, to the chosen zone; the hover title stays UTC', () => {
    applyPreferences({ ...DEFAULT_PREFERENCES, timeZone: 'Asia/Tokyo' });
    expect(formatPostDate(iso)).toBe('Nov 22, 2026, 4:05 PM GMT+9');
    applyPreferences({ ...DEFAULT_PREFERENCES, timeZone: 'America/Los_Angeles' });
    expect(formatPostDate(iso)).toBe('Nov 21, 2026, 11:05 PM PST');
    expect(formatPostDay(iso)).toBe('Nov 21, 2026');
    expect(utcTitle(iso)).toBe('2026-11-22 07:05:12 UTC');
  });
});

describe('the preferences in force', () => {
  it('keep a copy on this device, and count each change once', () => {
    const before = preferencesRevision();
    applyPreferences({ timeZone: 'Europe/Paris', theme: 'dark', numberFormat: 'period_comma' });
    applyPreferences({ timeZone: 'Europe/Paris', theme: 'dark', numberFormat: 'period_comma' });
    expect(preferencesRevision()).toBe(before + 1);
    expect(JSON.parse(window.localStorage.getItem(PREFERENCES_STORAGE_KEY) ?? '')).toEqual(currentPreferences());
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    applyPreferences({ ...DEFAULT_PREFERENCES, theme: 'light' });
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
  });

  it('read a stored copy field by field, a bad field falling back to its default', () => {
    expect(parseStoredPreferences(null)).toEqual(DEFAULT_PREFERENCES);
    expect(parseStoredPreferences('not json')).toEqual(DEFAULT_PREFERENCES);
    expect(parseStoredPreferences('{"timeZone":"Mars/Base","theme":"dark","numberFormat":"nope"}')).toEqual({
      ...DEFAULT_PREFERENCES,
      theme: 'dark',
    });
    expect(parseStoredPreferences('{"timeZone":"asia/tokyo"}').timeZone).toBe('Asia/Tokyo');
  });

  it("the boot script sets the stored theme on <html>, or the device's for system", () => {
    const run = () => new Function(THEME_BOOT_SCRIPT)() as void;
    document.documentElement.removeAttribute('data-theme');
    window.localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ ...DEFAULT_PREFERENCES, theme: 'dark' }));
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
    run();
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    window.localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify({ ...DEFAULT_PREFERENCES, theme: 'system' }));
    run();
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
  });
});
