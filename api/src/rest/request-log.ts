import { requestLogDownloadQuerySchema } from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../plugins/auth.js';
import { downloadRequestLogs } from '../services/request-log/download.js';
import { signedInCallerOf } from './client.js';
import { sendFile } from './send-file.js';

/** The Requests table's download (docs/api-keys.md, "Request log"): its filters, as CSV or JSON. */
export async function requestLogRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/usage/requests/download', { preHandler: requireUser }, async (request, reply) =>
    sendFile(reply, await downloadRequestLogs(app.deps, requestLogDownloadQuerySchema.parse(request.query), signedInCallerOf(request))),
  );
}
