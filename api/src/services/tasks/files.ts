import { Readable, Writable } from 'node:stream';
import type { Db } from '@coinsight/db';

// Task uploads and exports live in the database (table task_files), which every instance
// reaches: behind a balancer, the instance that wrote an export is rarely the one asked for it.
// A file is a run of chunks of up to CHUNK_BYTES; writing and reading hold one chunk in memory.

/** Big enough that a 50 MB upload is 50 rows, small enough to hold one in memory per stream. */
export const CHUNK_BYTES = 1024 * 1024;

/** Names are ones we made (an id under uploads/ or exports/); the check guards against a corrupted row. */
export function assertTaskFileName(fileName: string): string {
  if (!/^(uploads|exports)\/[0-9a-f-]{36}(\.[a-z]+)?(\.[0-9a-f-]{36}\.part)?$/.test(fileName))
    throw new Error(`not a task file name: ${fileName}`);
  return fileName;
}

/**
 * A writable stream into the file `name` (replacing nothing: write under a new name, then
 * `renameTaskFile`). `bytes()` is what was written so far.
 */
export function taskFileWriter(db: Db, name: string): Writable & { bytes(): number } {
  assertTaskFileName(name);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let chunk = 0;
  let written = 0;
  // Full chunks only, unless `all` (the end): every chunk but the last is exactly CHUNK_BYTES.
  const flush = async (all: boolean) => {
    let data = Buffer.concat(pending, pendingBytes);
    while (data.length >= CHUNK_BYTES || (all && data.length > 0)) {
      const piece = data.subarray(0, CHUNK_BYTES);
      data = data.subarray(piece.length);
      await db.insertInto('task_files').values({ name, chunk: chunk++, data: piece }).execute();
    }
    pending = data.length > 0 ? [data] : [];
    pendingBytes = data.length;
  };
  const stream = new Writable({
    write(data: Buffer | string, encoding, done) {
      const buffer = typeof data === 'string' ? Buffer.from(data, encoding) : data;
      written += buffer.length;
      pending.push(buffer);
      pendingBytes += buffer.length;
      if (pendingBytes < CHUNK_BYTES) return done();
      flush(false).then(() => done(), done);
    },
    final(done) {
      flush(true).then(() => done(), done);
    },
  });
  return Object.assign(stream, { bytes: () => written });
}

/** The file's bytes, read a chunk at a time; undefined when there is no such file. */
export async function readTaskFile(db: Db, name: string): Promise<{ stream: Readable; bytes: number } | undefined> {
  assertTaskFileName(name);
  const size = await db
    .selectFrom('task_files')
    .select((eb) => [eb.fn.countAll<number>().as('chunks'), eb.fn.sum<number>(eb.fn('octet_length', ['data'])).as('bytes')])
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  const chunks = Number(size.chunks);
  if (chunks === 0) return undefined;
  async function* read() {
    for (let chunk = 0; chunk < chunks; chunk++) {
      const row = await db.selectFrom('task_files').select('data').where('name', '=', name).where('chunk', '=', chunk).executeTakeFirst();
      // Deleted while read (the retention sweep): the download ends short rather than hangs.
      if (!row) throw new Error(`task file ${name} was removed while it was read`);
      yield row.data;
    }
  }
  return { stream: Readable.from(read(), { objectMode: false }), bytes: Number(size.bytes) };
}

/** Gives a completely written file its final name, replacing a file of that name, at once. */
export async function renameTaskFile(db: Db, from: string, to: string): Promise<void> {
  assertTaskFileName(from);
  assertTaskFileName(to);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('task_files').where('name', '=', to).execute();
    await trx.updateTable('task_files').set({ name: to }).where('name', '=', from).execute();
  });
}

/** Deletes a task file; one already gone is fine. */
export async function removeTaskFile(db: Db, fileName: string | null): Promise<void> {
  if (fileName) await db.deleteFrom('task_files').where('name', '=', assertTaskFileName(fileName)).execute();
}
