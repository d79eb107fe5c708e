import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAX_UPLOAD_BYTES, UPLOAD_TTL_HOURS, type ImportFileFormat, type TaskUpload } from '@coinsight/contracts';
import type { Database } from '@coinsight/db';
import type { Kysely } from 'kysely';
import { assertUnderPlanLimit } from '../billing/caps/plan-caps.js';
import { lockAccount } from '../transactions.js';
import type { SignedIn } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';
import { removeTaskFile, taskFileWriter } from './files.js';

type Deps = Pick<ServiceDeps, 'db' | 'log'>;

export const UPLOAD_MESSAGES = {
  tooLarge: `The file is too large: uploads are limited to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
  format: 'Upload a JSON Lines (.jsonl, .ndjson) or CSV (.csv) file, named so, or sent as application/x-ndjson or text/csv.',
  empty: 'The file is empty.',
} as const;

const BY_EXTENSION: Record<string, ImportFileFormat> = { jsonl: 'jsonl', ndjson: 'jsonl', json: 'jsonl', csv: 'csv' };
const BY_CONTENT_TYPE: Record<string, ImportFileFormat> = {
  'application/x-ndjson': 'jsonl',
  'application/jsonl': 'jsonl',
  'application/json-lines': 'jsonl',
  'application/x-jsonlines': 'jsonl',
  'text/csv': 'csv',
};

/** The file's format: its name's extension first (browsers send generic types), else its content type. */
export function uploadFormat(filename: string, contentType: string | undefined): ImportFileFormat | undefined {
  const extension = /\.([a-z]+)$/i.exec(filename)?.[1]?.toLowerCase();
  const byName = extension ? BY_EXTENSION[extension] : undefined;
  return byName ?? BY_CONTENT_TYPE[(contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''];
}

/** A display name only: the path on disk is an id. Control characters and path parts go. */
export function cleanFilename(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  return clean || 'upload';
}

/** The account's uploads not yet expired: what the plan's `uploads` cap counts. */
async function keptUploads(db: Kysely<Database>, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom('task_uploads')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('expires_at', '>', new Date())
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Streams an uploaded file of posts into the database (task_files, files.ts), stopping (413) past MAX_UPLOAD_BYTES
 * whatever Content-Length claimed, and records it for the caller's scrape task. The route has
 * already told its format (uploadFormat; 415 when neither name nor type tells). Within the plan's
 * cap on uploads kept at once (docs/security.md §26): checked before a byte is written, and again under
 * the account's lock when the upload is recorded, so concurrent uploads cannot overshoot it.
 */
export async function saveUpload(
  deps: Deps,
  input: { body: Readable; filename: string; format: ImportFileFormat; contentLength: number | undefined },
  caller: SignedIn,
): Promise<TaskUpload> {
  const { userId } = caller;
  const { filename, format } = input;
  if (input.contentLength !== undefined && input.contentLength > MAX_UPLOAD_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge);
  const { plan } = await deps.db.selectFrom('users').select('plan').where('id', '=', userId).executeTakeFirstOrThrow();
  assertUnderPlanLimit(plan, 'uploads', await keptUploads(deps.db, userId));

  const id = randomUUID();
  const fileName = `uploads/${id}`;
  let bytes = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > MAX_UPLOAD_BYTES) done(new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(input.body, limit, taskFileWriter(deps.db, fileName));
    if (bytes === 0) throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.empty);
  } catch (error) {
    await removeTaskFile(deps.db, fileName);
    throw error;
  }

  const expiresAt = new Date(Date.now() + UPLOAD_TTL_HOURS * 3_600_000);
  try {
    await deps.db.transaction().execute(async (trx) => {
      const account = await lockAccount(trx, userId);
      assertUnderPlanLimit(account.plan, 'uploads', await keptUploads(trx, userId));
      await trx
        .insertInto('task_uploads')
        .values({ id, user_id: userId, filename, format, bytes, file_name: fileName, expires_at: expiresAt })
        .execute();
    });
  } catch (error) {
    await removeTaskFile(deps.db, fileName);
    throw error;
  }
  deps.log.info({ event: 'task.upload', userId, uploadId: id, bytes, format }, 'file uploaded for a task');
  return { uploadId: id, filename, format, bytes, expiresAt: expiresAt.toISOString() };
}
