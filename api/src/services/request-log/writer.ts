import { sql, type Insertable } from 'kysely';
import type { ApiRequestLogsTable } from '@coinsight/db';
import type { ServiceDeps } from '../deps.js';

/** One /v1 call, as the request log stores it. */
export type RequestLogRow = Insertable<ApiRequestLogsTable>;

export interface RequestLogSettings {
  /** false: record() does nothing (API_REQUEST_LOG=off). */
  enabled: boolean;
  /** Written at least this often while rows wait (ms). */
  flushMs?: number;
  /** A flush starts as soon as this many rows wait. */
  flushRows?: number;
  /** The most rows held in memory; past it new rows are dropped and counted (`onDrop`). */
  maxRows?: number;
  /** Called with the number of rows dropped: a full buffer, or a batch the database refused. */
  onDrop?: (rows: number) => void;
}

export interface RequestLogWriter {
  /** false when the log is off (API_REQUEST_LOG=off): callers need not build rows. */
  readonly enabled: boolean;
  /** Queues one row; never waits and never throws (the answer is already sent). */
  record(row: RequestLogRow): void;
  /** Writes what is queued now; resolves once written (or dropped, logged). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left: the app calls it on close, so a graceful stop loses no row. */
  close(): Promise<void>;
}

const DEFAULT_FLUSH_MS = 1_000;
const DEFAULT_FLUSH_ROWS = 500;
const DEFAULT_MAX_ROWS = 20_000;
/** Rows per statement: one statement's arrays stay small. */
const ROWS_PER_STATEMENT = 1_000;

/**
 * The request log's writer (docs/api-keys.md, "Request log"): a row per /v1 call is put in memory
 * after the answer and written in batches, one multi-row insert per second or per `flushRows`
 * rows, whichever comes first, one batch at a time. A call never waits for its row. Bounded:
 * with `maxRows` waiting (the database slower than the calls for long), further rows are dropped
 * and counted rather than held; a batch the database refuses is dropped, counted and logged,
 * never retried into a growing queue. Closing writes what is waiting.
 */
export function createRequestLogWriter(deps: Pick<ServiceDeps, 'db' | 'log'>, input: RequestLogSettings): RequestLogWriter {
  const flushMs = input.flushMs ?? DEFAULT_FLUSH_MS;
  const flushRows = input.flushRows ?? DEFAULT_FLUSH_ROWS;
  const maxRows = input.maxRows ?? DEFAULT_MAX_ROWS;
  let waiting: RequestLogRow[] = [];
  let writing: Promise<void> | null = null;
  let closed = false;

  async function write(rows: RequestLogRow[]): Promise<void> {
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      const batch = rows.slice(start, start + ROWS_PER_STATEMENT);
      try {
        await insertRows(deps.db, batch);
      } catch (error) {
        input.onDrop?.(batch.length);
        deps.log.error({ err: error, event: 'request_log.write_failed', rows: batch.length }, 'request log rows dropped');
      }
    }
  }

  function flush(): Promise<void> {
    if (writing) return writing.then(() => (waiting.length > 0 ? flush() : undefined));
    if (waiting.length === 0) return Promise.resolve();
    const rows = waiting;
    waiting = [];
    writing = write(rows).finally(() => {
      writing = null;
    });
    return writing;
  }

  const timer = input.enabled ? setInterval(() => void flush(), flushMs) : null;
  timer?.unref();

  return {
    enabled: input.enabled,
    record(row) {
      if (!input.enabled || closed) return;
      if (waiting.length >= maxRows) {
        input.onDrop?.(1);
        return;
      }
      waiting.push(row);
      if (waiting.length >= flushRows && !writing) void flush();
    },
    flush,
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}

/**
 * One statement for many rows: each column sent as one array parameter and spread by `unnest`,
 * so a batch costs eleven parameters to build and encode whatever its size (a `values` list of
 * 500 rows is 5,500 parameters, and building it cost more than the calls it recorded).
 */
async function insertRows(db: ServiceDeps['db'], rows: RequestLogRow[]): Promise<void> {
  const column = <T>(pick: (row: RequestLogRow) => T): T[] => rows.map(pick);
  await sql`
    insert into api_request_logs (user_id, key_id, at, method, path, operation, status, latency_ms, billed, cost_micros, request_id)
    select * from unnest(
      ${column((r) => r.user_id)}::text[], ${column((r) => r.key_id)}::int[], ${column((r) => new Date(r.at).toISOString())}::timestamptz[],
      ${column((r) => r.method)}::text[], ${column((r) => r.path)}::text[], ${column((r) => r.operation ?? null)}::text[],
      ${column((r) => r.status)}::smallint[], ${column((r) => r.latency_ms)}::float8[], ${column((r) => r.billed)}::bool[],
      ${column((r) => r.cost_micros)}::int[], ${column((r) => r.request_id)}::text[])`.execute(db);
}
