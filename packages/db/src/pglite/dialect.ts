import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { PgliteWorkerClient } from './client.js';

/**
 * Kysely dialect for PGlite living in a worker thread. Existing PGlite dialects call a PGlite
 * instance on the same thread, which would block the server while a query runs.
 */
export class PgliteWorkerDialect implements Dialect {
  readonly #client: PgliteWorkerClient;

  constructor(client: PgliteWorkerClient) {
    this.#client = client;
  }

  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PgliteWorkerDriver(this.#client);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

/**
 * PGlite is one session: a transaction must own it from BEGIN to COMMIT, so connections are
 * handed out one at a time and every other query waits its turn.
 */
class PgliteWorkerDriver implements Driver {
  readonly #connection: PgliteConnection;
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(client: PgliteWorkerClient) {
    this.#connection = new PgliteConnection(client);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.#release = release;
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const modes = [settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : '', settings.accessMode ?? ''].filter(Boolean);
    await connection.executeQuery(CompiledQuery.raw(['begin', ...modes].join(' ')));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    await this.#connection.client.close();
  }
}

class PgliteConnection implements DatabaseConnection {
  constructor(readonly client: PgliteWorkerClient) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.client.query(query.sql, query.parameters);
    return {
      rows: result.rows as R[],
      ...(result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    };
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // The worker answers whole results; streaming hands them over in one chunk.
    yield await this.executeQuery<R>(query);
  }
}
