import type { FastifyInstance } from 'fastify';
import { llmsTxt } from './llms-txt.js';
import { mcpRoutes } from './mcp.js';

/** What agents use: /llms.txt at the site's root and the MCP endpoint. */
export async function agentRoutes(app: FastifyInstance): Promise<void> {
  const text = llmsTxt(app.config.publicUrl);
  app.get('/llms.txt', async (_request, reply) =>
    reply.type('text/markdown; charset=utf-8').header('cache-control', 'public, max-age=300').send(text),
  );
  await app.register(mcpRoutes);
}
