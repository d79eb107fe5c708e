import { DOWNLOAD_ROW_LIMIT } from '@coinsight/contracts';
import type { FastifyReply } from 'fastify';
import type { PostDownload } from '../services/social/index.js';

/** A download as an attachment, streamed, with what it holds in its headers (docs/social-data.md, "Downloads"). */
export function sendFile(reply: FastifyReply, file: PostDownload) {
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('x-download-limit', String(DOWNLOAD_ROW_LIMIT));
  if (file.truncated !== null) reply.header('x-download-truncated', String(file.truncated));
  if (file.rows !== null) reply.header('x-download-rows', String(file.rows));
  return reply.send(file.stream);
}
