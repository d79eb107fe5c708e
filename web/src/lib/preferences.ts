import {
  DEFAULT_PREFERENCES,
  NUMBER_FORMATS,
  PREFERENCES_STORAGE_KEY,
  THEMES,
  canonicalTimeZone,
  type Preferences,
} from '@coinsight/contracts';
import { useSyncExternalStore } from 'react';

/**
 * The display preferences in force on this page (docs/web-app.md, "Preferences"): the account's,
 * with this device's copy in localStorage read at load so the first render already shows times in
 * the chosen zone and numbers in the chosen format (index.html's boot script does the same for the
 * theme before the first paint). The formatters read `currentPreferences()`; the app re-renders
 * its pages when they change (PreferencesSync).
 */

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** What a stored copy holds, each field checked: a bad or stale one falls back to its default. */
export function parseStoredPreferences(text: string | null): Preferences {
  let raw: unknown = null;
  try {
    raw = text ? JSON.parse(text) : null;
  } catch {
    raw = null;
  }
  const value = (typeof raw === 'object' && raw !== null ? raw : {}) as Partial<Record<keyof Preferences, unknown>>;
  const zone = typeof value.timeZone === 'string' ? canonicalTimeZone(value.timeZone) : null;
  return {
    timeZone: zone ?? DEFAULT_PREFERENCES.timeZone,
    theme: THEMES.find((theme) => theme === value.theme) ?? DEFAULT_PREFERENCES.theme,
    numberFormat: NUMBER_FORMATS.find((format) => format === value.numberFormat) ?? DEFAULT_PREFERENCES.numberFormat,
  };
}

let current: Preferences = parseStoredPreferences(storage()?.getItem(PREFERENCES_STORAGE_KEY) ?? null);
let revision = 0;
const listeners = new Set<() => void>();

export const currentPreferences = (): Preferences => current;

/** Counts the changes, so what depends on every figure on screen can re-render once per change. */
export const preferencesRevision = (): number => revision;

function same(a: Preferences, b: Preferences): boolean {
  return a.timeZone === b.timeZone && a.theme === b.theme && a.numberFormat === b.numberFormat;
}

/** Puts `next` in force: the formatters, the theme on <html>, and this device's copy. */
export function applyPreferences(next: Preferences): void {
  try {
    storage()?.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage refused (quota, disabled site data): the preferences still hold on this page.
  }
  if (same(current, next)) return;
  current = next;
  revision += 1;
  applyTheme();
  for (const listener of listeners) listener();
}

export function subscribePreferences(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The preferences in force; re-renders the component when they change. */
export function usePreferences(): Preferences {
  return useSyncExternalStore(subscribePreferences, currentPreferences, currentPreferences);
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemIsDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** Sets `data-theme` on <html> as the boot script does: the chosen theme, or the device's for `system`. */
export function applyTheme(): void {
  const { theme } = current;
  const resolved = theme === 'system' ? (systemIsDark() ? 'dark' : 'light') : theme;
  if (document.documentElement.getAttribute('data-theme') !== resolved) document.documentElement.setAttribute('data-theme', resolved);
}

/** Follows the device's setting while the theme is `system`; once, for the page. */
export function followSystemTheme(): () => void {
  applyTheme();
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', applyTheme);
  return () => query.removeEventListener('change', applyTheme);
}

/** Calls `listener` whenever the theme on <html> changes (canvas charts redraw in its colours). */
export function onThemeChange(listener: () => void): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}
