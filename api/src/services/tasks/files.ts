import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';

/** Where an upload or export file lives: always a name we made (an id), joined under TASKS_DIR. */
export function taskFilePath(dir: string, fileName: string): string {
  // Names are ids we generated; the check only guards against a corrupted row pointing elsewhere.
  if (!/^(uploads|exports)\/[0-9a-f-]{36}(\.[a-z]+)?$/.test(fileName)) throw new Error(`not a task file name: ${fileName}`);
  return path.join(dir, fileName);
}

export async function ensureTaskDirs(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'uploads'), { recursive: true, mode: 0o700 });
  await mkdir(path.join(dir, 'exports'), { recursive: true, mode: 0o700 });
}

/** Deletes a task file; one already gone is fine. */
export async function removeTaskFile(dir: string, fileName: string | null): Promise<void> {
  if (fileName) await rm(taskFilePath(dir, fileName), { force: true });
}
