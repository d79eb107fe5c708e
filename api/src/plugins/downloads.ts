import { readFileSync } from 'node:fs';
import path from 'node:path';
import { builtDownloadsSchema, DOWNLOADS_PATH, type DownloadsIndex } from '@coinsight/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const TYPES: [suffix: string, type: string][] = [
  ['.tgz', 'application/gzip'],
  ['.tar.gz', 'application/gzip'],
  ['.whl', 'application/zip'],
];

/**
 * The server's own client packages at /downloads/ (packages/downloads builds them with the server):
 * the files, the pip index under simple/, and index.json (every file with its address on this
 * server, from PUBLIC_URL, and its SHA-256). Without a build of them, /downloads/ answers 404
 * (JSON, never the SPA). Answers are revalidated (`no-cache` with an ETag): a stable name
 * (`coinsight-sdk.tgz`) always serves the newest build.
 */
export async function downloadsRoutes(app: FastifyInstance, { root }: { root: string | undefined }): Promise<void> {
  if (!root) return;
  const built = builtDownloadsSchema.parse(JSON.parse(readFileSync(path.join(root, 'index.json'), 'utf8')));
  const base = `${app.config.publicUrl}${DOWNLOADS_PATH}`;
  const index: DownloadsIndex = {
    files: built.files.map(({ stable, ...file }) => ({
      ...file,
      url: `${base}/${file.file}`,
      stableUrl: stable ? `${base}/${stable}` : null,
    })),
    pythonIndex: `${base}/simple/`,
  };
  const sendIndex = async (_request: unknown, reply: FastifyReply) => reply.header('cache-control', 'no-cache').send(index);
  app.get(`${DOWNLOADS_PATH}/`, sendIndex);
  app.get(`${DOWNLOADS_PATH}/index.json`, sendIndex);
  await app.register(fastifyStatic, {
    root,
    prefix: `${DOWNLOADS_PATH}/`,
    decorateReply: false,
    index: ['index.html'],
    setHeaders(reply, filePath) {
      const type = TYPES.find(([suffix]) => filePath.endsWith(suffix))?.[1];
      if (type) reply.header('content-type', type);
      reply.header('cache-control', 'no-cache');
    },
  });
}
