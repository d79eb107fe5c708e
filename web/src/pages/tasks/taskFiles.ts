import { TASK_UPLOAD_PATH, taskDownloadPath, type TaskUpload } from '@coinsight/contracts';
import { saveBlob } from '../../lib/saveBlob';

export const UPLOAD_FAILED_MESSAGE = 'The file could not be uploaded. Please try again.';
export const DOWNLOAD_FAILED_MESSAGE = 'The file could not be downloaded. Please try again.';

/** A refusal the server explained ({ error }), shown as it is; anything else gets the caller's words. */
export class FileRequestError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/** The server's { error } for a refusal below 500, else the caller's words. */
function messageOf(status: number, body: string, fallback: string): string {
  if (status >= 500) return fallback;
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'error' in parsed && typeof parsed.error === 'string') return parsed.error;
  } catch {
    // Not JSON: keep the fallback.
  }
  return fallback;
}

const authorization = (token: string | null): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {});

/**
 * Files do not travel through tRPC: the upload is the raw file as the request body (streamed to
 * disk by the server, MAX_UPLOAD_BYTES at most), named by `?filename=` so the server can tell its
 * format. XMLHttpRequest rather than fetch: only it reports how much of the body has gone up.
 */
export function uploadTaskFile(
  file: File,
  token: string | null,
  onProgress?: (fraction: number) => void,
  teamId: string | null = null,
): Promise<TaskUpload> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(
      'POST',
      `${TASK_UPLOAD_PATH}?filename=${encodeURIComponent(file.name)}${teamId ? `&teamId=${encodeURIComponent(teamId)}` : ''}`,
    );
    for (const [name, value] of Object.entries(authorization(token))) request.setRequestHeader(name, value);
    request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      if (request.status < 200 || request.status >= 300) {
        reject(new FileRequestError(messageOf(request.status, request.responseText, UPLOAD_FAILED_MESSAGE), request.status));
        return;
      }
      try {
        resolve(JSON.parse(request.responseText) as TaskUpload);
      } catch {
        reject(new FileRequestError(UPLOAD_FAILED_MESSAGE, request.status));
      }
    });
    request.addEventListener('error', () => reject(new FileRequestError(UPLOAD_FAILED_MESSAGE, null)));
    request.addEventListener('abort', () => reject(new FileRequestError(UPLOAD_FAILED_MESSAGE, null)));
    request.send(file);
  });
}

function filenameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * An export's file or an analysis's report, for its owner only: the request needs the session's
 * bearer token, which a plain link cannot send, so the file is fetched and handed to the browser.
 */
export async function downloadTaskFile(
  id: string,
  token: string | null,
  fallbackName: string,
  teamId: string | null = null,
): Promise<void> {
  await downloadFile(`${taskDownloadPath(id)}${teamId ? `?teamId=${encodeURIComponent(teamId)}` : ''}`, token, fallbackName);
}

/**
 * Fetches a file that needs the session's token (a task's file, a table's download) and hands it
 * to the browser under the server's filename; answers the response's headers.
 */
export async function downloadFile(path: string, token: string | null, fallbackName: string): Promise<Headers> {
  let response: Response;
  try {
    response = await fetch(path, { headers: authorization(token) });
  } catch {
    throw new FileRequestError(DOWNLOAD_FAILED_MESSAGE, null);
  }
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    throw new FileRequestError(messageOf(response.status, body, DOWNLOAD_FAILED_MESSAGE), response.status);
  }
  saveBlob(await response.blob(), filenameOf(response, fallbackName));
  return response.headers;
}
