import { z } from 'zod';

/**
 * A string field named for its messages. Control characters are not refused here, field by field:
 * every surface refuses them in the raw input before any schema runs (findControlCharacter below),
 * so no field can be left out.
 */
export function text(_field: string, params?: { error?: string }) {
  return z.string(params);
}

/**
 * C0 controls except tab, LF and CR, and DEL. PostgreSQL text cannot hold NUL (a query with one
 * fails with "invalid byte sequence", a 500); the others have no place in a name, a query or a
 * message and hide what a log line or a mail header says.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const controlCharacterMessage = (field: string) => `${field} must not contain control characters`;

/**
 * The first string, or object key, holding a control character anywhere in a request's raw input
 * (a parsed JSON body, query string or URL parameters), as a ZodError whose path names the field:
 * each surface already answers a ZodError as its own 400 naming the field. Walked without
 * recursion, so a deeply nested body cannot overflow the stack. Null when the input is clean.
 */
export function findControlCharacter(input: unknown, root: PropertyKey[] = []): z.ZodError | null {
  // Each node points at its parent: a path is built only for the one field reported, so a deep
  // input costs linear time, not a copied path per level.
  type Node = { value: unknown; key?: PropertyKey; parent?: Node };
  const pathOf = (node: Node | undefined, key?: PropertyKey): PropertyKey[] => {
    const path: PropertyKey[] = key === undefined ? [] : [key];
    for (let at = node; at?.key !== undefined; at = at.parent) path.push(at.key);
    return [...root, ...path.reverse()];
  };
  const stack: Node[] = [{ value: input }];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const { value } = node;
    if (typeof value === 'string') {
      if (CONTROL_CHARACTER.test(value)) return controlCharacterError(pathOf(node));
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: node });
    } else if (isPlainObject(value)) {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        if (CONTROL_CHARACTER.test(key)) return controlCharacterError(pathOf(node, key));
        stack.push({ value: child, key, parent: node });
      }
    }
  }
  return null;
}

// Parsed JSON is made of plain objects; Fastify's query string parser makes dictionaries whose
// prototype is an empty null-prototype object. A Buffer or stream body (uploads) is not text and is
// not walked.
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null || Object.getPrototypeOf(prototype) === null;
}

function controlCharacterError(path: PropertyKey[]): z.ZodError {
  const joined = path.length === 0 ? 'input' : path.map(String).join('.');
  // A field's name in a message, not a nesting a client made up a thousand levels deep.
  const field = joined.length > 200 ? `${joined.slice(0, 200)}…` : joined;
  // ZodRealError, as zod's own parse throws: an Error (z.ZodError is not), so tRPC keeps it as the cause.
  return new z.ZodRealError([{ code: 'custom', path, message: controlCharacterMessage(field), input: undefined }]);
}

/** The largest value of a PostgreSQL `integer` column; `bigint` columns reach Number.MAX_SAFE_INTEGER here. */
export const PG_INTEGER_MAX = 2_147_483_647;
