import { z } from 'zod';

/**
 * PostgreSQL text cannot hold a NUL character: one reaching a query fails it with a 500. Every
 * string the API accepts is built here, so the character is refused with a 400 naming the field.
 */
export function text(field: string, params?: { error?: string }) {
  return z.string(params).refine((value) => !value.includes('\u0000'), `${field} must not contain a NUL character`);
}

/** The largest value of a PostgreSQL `integer` column; `bigint` columns reach Number.MAX_SAFE_INTEGER here. */
export const PG_INTEGER_MAX = 2_147_483_647;
