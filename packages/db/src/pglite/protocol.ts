/** Messages between the main thread and the worker thread that owns the PGlite instance. */

export type WorkerRequest =
  | { id: number; op: 'query'; sql: string; params: readonly unknown[] }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'close' }
  /** Writes the whole data directory as a tarball to `file` (written aside, then renamed into place). */
  | { id: number; op: 'dump'; file: string; gzip: boolean };

export interface WorkerQueryResult {
  rows: unknown[];
  affectedRows: number | undefined;
}

/** The fields of a PostgreSQL error that callers act on (e.g. code 23505 → 409). */
export interface SerializedDbError {
  message: string;
  code?: string | undefined;
  detail?: string | undefined;
  constraint?: string | undefined;
  table?: string | undefined;
  column?: string | undefined;
  schema?: string | undefined;
  severity?: string | undefined;
}

export type WorkerResponse =
  { id: number; ok: true; result: WorkerQueryResult | null } | { id: number; ok: false; error: SerializedDbError };

export type WorkerStartup = { ready: true } | { ready: false; error: SerializedDbError };

export interface WorkerData {
  /** A folder for a persistent database, or undefined for an in-memory one. */
  dataDir: string | undefined;
  /** An in-memory database starts as a copy of this data directory tarball (a `dump`), not empty. */
  template?: string | undefined;
  /** PGlite's compiled engine, shared by every database this process opens (client.ts). */
  engine: WebAssembly.Module;
}

const ERROR_FIELDS = ['code', 'detail', 'constraint', 'table', 'column', 'schema', 'severity'] as const;

export function serializeError(error: unknown): SerializedDbError {
  if (!(error instanceof Error)) return { message: String(error) };
  const out: SerializedDbError = { message: error.message };
  const fields = error as unknown as Record<string, unknown>;
  for (const key of ERROR_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string') out[key] = value;
  }
  return out;
}

/** An Error that carries the same fields `pg`'s DatabaseError does, so callers handle both alike. */
export class PgliteError extends Error {
  code?: string | undefined;
  detail?: string | undefined;
  constraint?: string | undefined;
  table?: string | undefined;
  column?: string | undefined;
  schema?: string | undefined;
  severity?: string | undefined;

  constructor(fields: SerializedDbError) {
    super(fields.message);
    this.name = 'PgliteError';
    Object.assign(this, fields);
  }
}
