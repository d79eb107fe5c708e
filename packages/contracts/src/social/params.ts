import { z } from 'zod';
import { TEAM_ID_PATTERN } from '../team-id.js';
import { PG_INTEGER_MAX, text } from '../text.js';

// Query strings carry text and tRPC carries JSON: these accept both, treat blank values as
// absent (forms send empty fields), and say in every message which field was wrong: by its
// parameter name for API clients, by the label people see for the web app's forms.

/** How messages name a field and word its bounds. */
export interface Naming {
  /** The name a message gives a parameter: itself, or its label ('minLikes' → 'Min likes'). */
  of(param: string): string;
  /** Bounds in words and grouped digits, instead of the exact figures a client program wants. */
  forPeople: boolean;
}

/** REST and tRPC answers: messages name the parameter a request sent. */
export const PARAMETER_NAMING: Naming = { of: (param) => param, forPeople: false };

/** Labels for `labels`, the rest read as the parameter itself. */
export function labelNaming(labels: Readonly<Record<string, string>>): Naming {
  return { of: (param) => labels[param] ?? param, forPeople: true };
}

const grouped = (n: number) => n.toLocaleString('en-US');

const isBlank = (value: unknown) => value === undefined || (typeof value === 'string' && value.trim() === '');

function wholeNumberParser(message: string, min: number, max: number, tooLarge = message) {
  return z
    .union([z.number(), z.string()], { error: message })
    .optional()
    .transform((value, ctx) => {
      if (isBlank(value)) return undefined;
      const n = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value ?? '') ? Number(value) : Number.NaN;
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: Number.isInteger(n) && n > max ? tooLarge : message });
        return z.NEVER;
      }
      return n;
    });
}

/** A whole number parameter, from a number or a string of digits. */
export function wholeNumber(param: string, min: number, max: number, naming: Naming = PARAMETER_NAMING) {
  const name = naming.of(param);
  if (!naming.forPeople) return wholeNumberParser(`${name} must be a whole number from ${min} to ${max}`, min, max);
  // A column's own limit means nothing to a person: they read "0 or more" unless they pass it.
  if (max >= PG_INTEGER_MAX)
    return wholeNumberParser(
      `${name} must be a whole number, ${grouped(min)} or more`,
      min,
      max,
      `${name} must be at most ${grouped(max)}`,
    );
  return wholeNumberParser(`${name} must be a whole number from ${grouped(min)} to ${grouped(max)}`, min, max);
}

/** A page size or result cap: "limit must be between 1 and 100". */
export function limitParam(param: string, max: number, naming: Naming = PARAMETER_NAMING) {
  return wholeNumberParser(`${naming.of(param)} must be between 1 and ${max}`, 1, max);
}

export function textParam(param: string, max: number, naming: Naming = PARAMETER_NAMING) {
  const name = naming.of(param);
  return text(name, { error: `${name} must be text` })
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim();
      if (!text) return undefined;
      if (text.length > max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be at most ${max} characters` });
        return z.NEVER;
      }
      return text;
    });
}

export function enumParam<const T extends readonly [string, ...string[]]>(param: string, values: T, naming: Naming = PARAMETER_NAMING) {
  const name = naming.of(param);
  const message = `${name} must be ${values.length === 2 ? values.join(' or ') : `one of ${values.join(', ')}`}`;
  return z
    .union([z.enum(values), z.literal('')], { error: message })
    .optional()
    .transform((value) => (value === '' ? undefined : value));
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;
const DAY_MS = 86_400_000;

/** Date.parse rolls 2026-02-30 over into March; a real calendar date survives the round trip. */
function isCalendarDate(text: string): boolean {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number);
  if (y === undefined || m === undefined || d === undefined) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * A date (YYYY-MM-DD, a whole UTC day) or an ISO 8601 date-time with an offset. As the end of a
 * range a bare date means the end of that day, so startDate=endDate=2026-11-20 is that day.
 */
export function dateParam(param: string, edge: 'start' | 'end', naming: Naming = PARAMETER_NAMING) {
  const name = naming.of(param);
  const message = naming.forPeople
    ? `${name} must be a real date, written like 2026-11-20`
    : `${name} must be a date (YYYY-MM-DD) or an ISO 8601 date-time`;
  return z
    .string({ error: message })
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim();
      if (!text) return undefined;
      const ms = Date.parse(DATE_ONLY.test(text) ? `${text}T00:00:00.000Z` : text);
      if (!(DATE_ONLY.test(text) || DATE_TIME.test(text)) || !isCalendarDate(text) || !Number.isFinite(ms)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return new Date(DATE_ONLY.test(text) && edge === 'end' ? ms + DAY_MS - 1 : ms);
    });
}

/** Error option for strict objects: names the parameters a request sent that the endpoint does not know. */
export const rejectUnknownParameters = {
  error: (issue: { code?: string; keys?: readonly string[] }) =>
    issue.code === 'unrecognized_keys' && issue.keys
      ? `unknown parameter${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`
      : undefined,
};

/** The message of the first problem, for a `{ error }` body: one parameter at a time. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'invalid parameters';
}

/** `teamId`: with `dataset=mine`, a team's own dataset instead of the caller's (the server checks the caller's role in it). */
export function teamIdParam(naming: Naming = PARAMETER_NAMING) {
  const message = `${naming.of('teamId')} is invalid`;
  return z
    .union([z.string().regex(TEAM_ID_PATTERN, message), z.literal('')], { error: message })
    .optional()
    .transform((value) => (value === '' ? undefined : value));
}
