/**
 * The error bodies of the app's own API (REST under /api, tRPC), written by the api and read by
 * the web app. `param` names the input field a refusal is about as a dotted path (`symbol`,
 * `source.url`, `query.symbols.2`), spelled as /v1's `error.param` is: forms place the message by
 * it, never by the message's words.
 */

/** A refused REST request: `{ error: message }`, plus `param` when the refusal is about one field. */
export interface RestErrorBody {
  error: string;
  /** The body field, query or URL parameter at fault. */
  param?: string;
}

/** What the api adds to tRPC's `error.data` (beside tRPC's own code, httpStatus and path). */
export interface TrpcErrorDetails {
  /** Seconds to wait before trying again (429, 503), else null. */
  retryAfterSeconds: number | null;
  /** The input field at fault, as in RestErrorBody, else null. */
  param: string | null;
  /** Every problem with the input, by top-level field (zod's flattened error), else null. */
  zodError: { formErrors: string[]; fieldErrors: Partial<Record<string, string[]>> } | null;
}
