import type { Database, Db } from '@coinsight/db';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type QueryResult,
} from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { createRequestLogWriter, type RequestLogRow } from './writer.js';

/** A database that records each statement's rows (the first array parameter's length), and can be made to refuse them. */
function fakeDb(options: { fail?: boolean } = {}) {
  const statements: unknown[][] = [];
  const connection: DatabaseConnection = {
    executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
      if (options.fail) throw new Error('database down');
      // The request ids column: the last array parameter.
      statements.push(query.parameters.at(-1) as unknown[]);
      return { rows: [] };
    },
    streamQuery: () => {
      throw new Error('not used');
    },
  };
  const driver = new (class extends DummyDriver {
    override acquireConnection = async () => connection;
  })();
  const db: Db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { db, statements };
}

const log = { error: vi.fn(), info: vi.fn(), warn: vi.fn(), debug: vi.fn() } as never;
const row = (n: number): RequestLogRow => ({
  user_id: 'u',
  key_id: 1,
  at: new Date(0),
  method: 'GET',
  path: `/v1/${n}`,
  operation: null,
  status: 200,
  latency_ms: 1,
  billed: false,
  cost_micros: 0,
  request_id: String(n),
});

describe('request log writer', () => {
  it('writes waiting rows in one statement, and closing writes what is left', async () => {
    const { db, statements } = fakeDb();
    const writer = createRequestLogWriter({ db, log }, { enabled: true, flushMs: 60_000 });
    for (let i = 0; i < 3; i += 1) writer.record(row(i));
    expect(statements).toEqual([]);
    await writer.flush();
    expect(statements.map((rows) => rows.length)).toEqual([3]);
    writer.record(row(3));
    await writer.close();
    expect(statements.map((rows) => rows.length)).toEqual([3, 1]);
    // After close nothing more is taken.
    writer.record(row(4));
    await writer.flush();
    expect(statements.flat()).toHaveLength(4);
  });

  it('starts a write as soon as flushRows wait', async () => {
    const { db, statements } = fakeDb();
    const writer = createRequestLogWriter({ db, log }, { enabled: true, flushMs: 60_000, flushRows: 2 });
    writer.record(row(1));
    writer.record(row(2));
    await vi.waitFor(() => expect(statements.map((rows) => rows.length)).toEqual([2]));
    await writer.close();
  });

  it('holds at most maxRows: past it rows are dropped and counted, never held', async () => {
    const { db, statements } = fakeDb();
    const dropped: number[] = [];
    const writer = createRequestLogWriter(
      { db, log },
      { enabled: true, flushMs: 60_000, flushRows: 1_000, maxRows: 5, onDrop: (n) => dropped.push(n) },
    );
    for (let i = 0; i < 8; i += 1) writer.record(row(i));
    await writer.close();
    expect(statements.flat()).toEqual(['0', '1', '2', '3', '4']);
    expect(dropped.reduce((a, b) => a + b, 0)).toBe(3);
  });

  it('drops and counts a batch the database refuses, logged, never retried', async () => {
    const { db } = fakeDb({ fail: true });
    const dropped: number[] = [];
    const writer = createRequestLogWriter({ db, log }, { enabled: true, flushMs: 60_000, onDrop: (n) => dropped.push(n) });
    writer.record(row(1));
    writer.record(row(2));
    await writer.close();
    expect(dropped).toEqual([2]);
  });

  it('records nothing when off', async () => {
    const { db, statements } = fakeDb();
    const writer = createRequestLogWriter({ db, log }, { enabled: false });
    writer.record(row(1));
    await writer.close();
    expect(statements).toEqual([]);
  });
});
