import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { serializeError, type WorkerData, type WorkerRequest, type WorkerResponse, type WorkerStartup } from './protocol.js';
import { DATE_OID } from '../type-parsers.js';

// PGlite runs every query synchronously on the thread that owns it; living here keeps the
// server's event loop free while a slow query runs.
if (!parentPort) throw new Error('pglite worker must be started as a worker thread');
const port = parentPort;
const { dataDir, template, engine } = workerData as WorkerData;

/**
 * A template's bytes as the Blob PGlite's loadDataDir reads: PGlite only calls arrayBuffer() on
 * it, and Node 20's own Blob copies a 44 MB one out through a stream in 0.6-0.9 s, about half of
 * a test database's start from the migrated template (packages/db/src/testing.ts); this hands
 * over the bytes read from the file as they are.
 */
class TemplateBytes extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(bytes: Buffer) {
    // A gzipped tarball (dumpPglite's `gzip`) says so by its type, which PGlite reads to inflate it first.
    super([], { type: bytes[0] === 0x1f && bytes[1] === 0x8b ? 'application/gzip' : '' });
    // A file this large is read into a buffer of its own (Node pools only small ones): handed over
    // without a copy, which cost as much as the Blob's.
    const { buffer, byteOffset, byteLength } = bytes;
    this.#bytes =
      buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength ? buffer : new Uint8Array(bytes).buffer;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

let db: PGlite;
try {
  db = await PGlite.create(dataDir ?? 'memory://', {
    // Same JS types as the pg driver is configured for (see type-parsers.ts).
    parsers: { [DATE_OID]: (value: string) => value },
    // Trigram indexes for the social list's "contains" filters (migration 2026-11-23T2300), and
    // the counter boxes of its ranges (migration 2026-11-30T0500).
    extensions: { pg_trgm, cube },
    // A copy of a prepared database: restoring its files skips initdb (and whatever made it).
    ...(template ? { loadDataDir: new TemplateBytes(readFileSync(template)) } : {}),
    pgliteWasmModule: engine,
  });
  port.postMessage({ ready: true } satisfies WorkerStartup);
} catch (error) {
  port.postMessage({ ready: false, error: serializeError(error) } satisfies WorkerStartup);
  process.exit(1);
}

port.on('message', (request: WorkerRequest) => {
  void handle(request).then((response) => port.postMessage(response));
});

async function handle(request: WorkerRequest): Promise<WorkerResponse> {
  try {
    switch (request.op) {
      case 'query': {
        const result = await db.query(request.sql, [...request.params]);
        return { id: request.id, ok: true, result: { rows: result.rows, affectedRows: result.affectedRows } };
      }
      case 'exec': {
        const last = (await db.exec(request.sql)).at(-1);
        return { id: request.id, ok: true, result: last ? { rows: last.rows, affectedRows: last.affectedRows } : null };
      }
      case 'dump': {
        const tarball = await db.dumpDataDir(request.gzip ? 'gzip' : 'none');
        // Beside the target, then renamed: a reader never sees half a file, and racing writers
        // each put a whole one in place.
        const aside = `${request.file}.${process.pid}.${request.id}.tmp`;
        writeFileSync(aside, Buffer.from(await tarball.arrayBuffer()));
        renameSync(aside, request.file);
        return { id: request.id, ok: true, result: null };
      }
      case 'close':
        await db.close();
        setImmediate(() => port.close());
        return { id: request.id, ok: true, result: null };
    }
  } catch (error) {
    return { id: request.id, ok: false, error: serializeError(error) };
  }
}
