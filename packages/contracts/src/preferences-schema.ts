import { z } from 'zod';
import { canonicalTimeZone, NUMBER_FORMATS, THEMES, TIME_ZONE_MESSAGE } from './preferences.js';

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
