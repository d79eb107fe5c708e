import type { z } from 'zod';
import { AppError } from '../services/errors.js';

/**
 * Parses a request part with a shared zod schema. The first problem, in the schema's field
 * order, becomes the 400 message: the same text the browser shows for the same mistake.
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, part: 'body' | 'query' = 'body'): z.output<T> {
  const result = schema.safeParse(value ?? (part === 'query' ? {} : undefined));
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue || issue.path.length === 0) {
    throw new AppError('BAD_REQUEST', part === 'body' ? 'The request body must be a JSON object' : 'Invalid query parameters');
  }
  throw new AppError('BAD_REQUEST', issue.message);
}
