import { V1_CURSOR_MESSAGE } from '@coinsight/contracts';
import { V1Error } from './errors.js';

// A page position as /v1 clients see it: opaque base64url JSON, so its form may change. Each
// paged operation names its fields (`{ t, i }` for /v1/data, `{ r, s }` for /v1/assets).

export const encodeCursor = (position: Record<string, number | string>): string =>
  Buffer.from(JSON.stringify(position)).toString('base64url');

/**
 * The position a cursor holds, as `read` takes it from the decoded object (undefined: not one of
 * its cursors); anything else is a 400 naming `cursor`, the same for a string that is not
 * base64url JSON as for well-formed JSON that is not a cursor.
 */
export function decodeCursor<T>(cursor: string, read: (parsed: Record<string, unknown>) => T | undefined): T {
  let position: T | undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (parsed && typeof parsed === 'object') position = read(parsed as Record<string, unknown>);
  } catch {
    position = undefined;
  }
  if (position === undefined) throw new V1Error(400, 'bad_request', V1_CURSOR_MESSAGE, { param: 'cursor' });
  return position;
}
