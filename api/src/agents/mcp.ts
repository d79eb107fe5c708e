import { createMcpServer, MCP_SERVER_VERSION, type V1Call } from '@coinsight/mcp';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rateLimitHook } from '../v1/metering.js';
import { keyedApiPreamble } from '../v1/preamble.js';

export const MCP_PATH = '/mcp';

/**
 * A tool call as the /v1 request it is, injected into this app with the caller's own
 * Authorization header: the /v1 hooks authenticate, rate-limit, check the quota and budget and
 * meter it exactly as if the client had sent it, and nothing around it counts it again.
 */
function injectedCall(app: FastifyInstance, request: FastifyRequest): V1Call {
  const userAgent = `coinsight-mcp-http/${MCP_SERVER_VERSION}${request.headers['user-agent'] ? ` (${request.headers['user-agent']})` : ''}`;
  return async (v1) => {
    const response = await app.inject({
      method: v1.method,
      url: v1.url,
      headers: {
        ...v1.headers,
        authorization: request.headers.authorization ?? '',
        'user-agent': userAgent,
        ...(v1.body ? { 'content-type': 'application/json' } : {}),
      },
      ...(v1.body ? { payload: JSON.stringify(v1.body) } : {}),
    });
    return { status: response.statusCode, body: parseJson(response.body) };
  };
}

/** /v1 always answers JSON; anything else is passed on as text, for the status to explain. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Whether a POST body is tool calls only (a message, or a batch of them): those are counted by the /v1 calls they make. */
function onlyToolCalls(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.length > 0 && messages.every((m) => (m as { method?: unknown } | null)?.method === 'tools/call');
}

async function serve(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  if (request.method !== 'POST') {
    // Stateless: no session to resume, no stream of server-sent notifications to open (GET), none to end (DELETE).
    return reply
      .code(405)
      .header('allow', 'POST')
      .send({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: send JSON-RPC messages with POST' }, id: null });
  }
  const server = createMcpServer({ call: injectedCall(this, request) });
  // One transport and server per request (stateless mode): any instance can answer any request.
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  // The transport writes the answer itself; the headers set so far (request id, security) go with it.
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
  reply.hijack();
  reply.raw.on('close', () => {
    void transport.close();
    void server.close();
  });
  try {
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  } catch (error) {
    request.log.error({ err: error }, 'mcp request failed');
    if (!reply.raw.headersSent) {
      reply.raw.writeHead(500, { 'content-type': 'application/json' });
      reply.raw.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null }));
    }
  }
}

/**
 * POST /mcp: the Model Context Protocol over Streamable HTTP (stateless), the /v1 operations as
 * tools (@coinsight/mcp). The API key is the bearer, refused with /v1's 401; every error before
 * the protocol answers is in /v1's shape. Each tools/call is one /v1 call (injectedCall); the
 * protocol's other messages (initialize, tools/list, notifications) count against the key's
 * per-minute limits like any request, and are never metered or billed.
 */
export async function mcpRoutes(app: FastifyInstance): Promise<void> {
  // /v1's preamble: request id, no CORS (plugins/security.ts) and a preflight answered without any Allow-*, the key.
  keyedApiPreamble(app);
  app.addHook('preHandler', async function (request, reply) {
    // A tool call is counted once, by the /v1 call it makes.
    if (request.method === 'POST' && onlyToolCalls(request.body)) return;
    await rateLimitHook.call(this, request, reply);
  });
  // Tool arguments are checked by /v1 itself, in its own error shape, when the call is injected.
  app.all(MCP_PATH, { config: { checksOwnInput: true } }, serve);
}
