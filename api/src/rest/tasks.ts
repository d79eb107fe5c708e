import { MAX_UPLOAD_BYTES, TASK_UPLOAD_PATH, TEAM_ID_PATTERN } from '@coinsight/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../plugins/auth.js';
import { AppError } from '../services/errors.js';
import { openTaskDownload } from '../services/tasks/download.js';
import { openTeamTaskDownload, saveTeamUpload } from '../services/teams/data.js';
import { TASK_MESSAGES } from '../services/tasks/tasks.js';
import { cleanFilename, saveUpload, UPLOAD_MESSAGES, uploadFormat } from '../services/tasks/uploads.js';
import { signedInCallerOf } from './client.js';

// `teamId`: the file is the team's (its scrape task's upload, its task's download), checked against the caller's role in it.
const teamIdQuery = z
  .union([z.string().regex(TEAM_ID_PATTERN, 'teamId is invalid'), z.literal('')], { error: 'teamId is invalid' })
  .optional();
const uploadQuery = z.object({
  filename: z.string({ error: 'filename must be text' }).max(1_000, 'filename is too long').optional(),
  teamId: teamIdQuery,
});
const downloadQuery = z.object({ teamId: teamIdQuery });
const idParam = z.object({ id: z.string() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Files for tasks (docs/tasks.md): the upload a scrape task reads, and the download of an export or
 * an analysis report. Everything else about tasks is tRPC (`tasks.*`).
 */
export async function taskRoutes(app: FastifyInstance): Promise<void> {
  // Encapsulated: the raw-body parser below applies to the upload route only.
  await app.register(async (scope) => {
    // The body stays a stream (request.raw): saveUpload writes it to disk as it comes, counting bytes.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.post(
      TASK_UPLOAD_PATH,
      // A raw body is never buffered, so bodyLimit does not apply; saveUpload stops at MAX_UPLOAD_BYTES.
      { preHandler: requireUser, bodyLimit: MAX_UPLOAD_BYTES },
      async (request, reply) => {
        const query = uploadQuery.parse(request.query);
        const filename = cleanFilename(query.filename);
        const format = uploadFormat(filename, request.headers['content-type']);
        if (!format) return reply.code(415).send({ error: UPLOAD_MESSAGES.format });
        const length = request.headers['content-length'];
        const file = { body: request.raw, filename, format, contentLength: length === undefined ? undefined : Number(length) };
        const caller = signedInCallerOf(request);
        const upload = query.teamId
          ? await saveTeamUpload(app.deps, { ...file, teamId: query.teamId }, caller)
          : await saveUpload(app.deps, file, caller);
        return reply.code(201).send(upload);
      },
    );
  });

  app.get('/api/tasks/:id/download', { preHandler: requireUser }, async (request, reply) => {
    const { id } = idParam.parse(request.params);
    if (!UUID.test(id)) throw new AppError('NOT_FOUND', TASK_MESSAGES.notFound);
    const { teamId } = downloadQuery.parse(request.query);
    const download = teamId
      ? await openTeamTaskDownload(app.deps, { id, teamId }, signedInCallerOf(request))
      : await openTaskDownload(app.deps, { id }, signedInCallerOf(request));
    if (download.kind === 'gone') return reply.code(410).send({ error: download.message });
    reply
      .header('content-type', download.contentType)
      .header('content-disposition', `attachment; filename="${download.filename}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff');
    if (download.kind === 'json') return reply.send(download.body);
    reply.header('content-length', String(download.bytes));
    return reply.send(download.stream);
  });
}
