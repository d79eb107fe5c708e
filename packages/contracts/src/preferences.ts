import { z } from 'zod';

/** How the app looks: the device's own setting (`system`), or always light or dark. */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/**
 * How numbers are grouped and where their decimals start, named by their separators: `comma_period`
 * 1,234.5; `period_comma` 1.234,5; `space_comma` 1 234,5 (a narrow no-break space). The rest of a
 * figure (its currency sign, its K/M/B suffix) stays where it is.
 */
export const NUMBER_FORMATS = ['comma_period', 'period_comma', 'space_comma'] as const;
export type NumberFormat = (typeof NUMBER_FORMATS)[number];

/** The separators of each number format: `[group, decimal]`. */
export const NUMBER_FORMAT_SEPARATORS: Record<NumberFormat, readonly [group: string, decimal: string]> = {
  comma_period: [',', '.'],
  period_comma: ['.', ','],
  space_comma: ['\u202f', ','],
};

/** An account's display preferences (docs/accounts.md, "Preferences"). */
export interface Preferences {
  /** An IANA time zone (`Europe/Paris`, `UTC`): every time the app shows is in it. */
  timeZone: string;
  theme: Theme;
  numberFormat: NumberFormat;
}

/** What an account has until it chooses: UTC (the zone the data's date filters use), the device's theme, 1,234.5. */
export const DEFAULT_PREFERENCES: Preferences = { timeZone: 'UTC', theme: 'system', numberFormat: 'comma_period' };

export const TIME_ZONE_MESSAGE = 'timeZone must be an IANA time zone, such as Europe/Paris or UTC';

/** Area/Location names (and UTC): `Intl` also takes offsets such as `+01:00`, which are no IANA zone. */
const ZONE_NAME = /^(?:[A-Za-z][A-Za-z0-9_+-]*)(?:\/[A-Za-z0-9][A-Za-z0-9_+-]*){0,2}$/;

/**
 * The canonical spelling of an IANA time zone (`europe/paris` → `Europe/Paris`), or null when
 * `Intl` knows no zone by that name.
 */
export function canonicalTimeZone(name: string): string | null {
  if (name.length > 64 || !ZONE_NAME.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const timeZoneSchema = z
  .string()
  .max(64, TIME_ZONE_MESSAGE)
  .transform((name, ctx) => {
    const zone = canonicalTimeZone(name);
    if (zone === null) {
      ctx.addIssue({ code: 'custom', message: TIME_ZONE_MESSAGE });
      return z.NEVER;
    }
    return zone;
  });

/** preferences.update / PUT /api/preferences: any of the three; what is left out stays as it was. */
export const updatePreferencesSchema = z.strictObject({
  timeZone: timeZoneSchema.optional(),
  theme: z.enum(THEMES, { error: `theme must be one of ${THEMES.join(', ')}` }).optional(),
  numberFormat: z.enum(NUMBER_FORMATS, { error: `numberFormat must be one of ${NUMBER_FORMATS.join(', ')}` }).optional(),
});
export type UpdatePreferencesInput = z.output<typeof updatePreferencesSchema>;

/** Where the web app keeps this device's copy of the preferences (JSON of `Preferences`). */
export const PREFERENCES_STORAGE_KEY = 'coinsight.preferences';

/**
 * The one inline script of the app's index.html: before anything is painted it sets the theme the
 * device's copy of the preferences names (`light`, `dark`, or the device's own for `system`) as
 * `data-theme` on the html element, which tokens.css reads, so a dark page never flashes light.
 * The server's Content-Security-Policy allows this exact text by its SHA-256 and no other inline
 * script; the web build writes it into index.html unchanged.
 */
export const THEME_BOOT_SCRIPT =
  `(function(){var t;try{t=JSON.parse(localStorage.getItem(${JSON.stringify(PREFERENCES_STORAGE_KEY)})||'{}').theme}catch(e){}` +
  `if(t!=='light'&&t!=='dark')t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';` +
  `document.documentElement.setAttribute('data-theme',t)})()`;
