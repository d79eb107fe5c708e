import { createRequire } from 'node:module';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { V1Operation } from '@coinsight/contracts';
import { v1Request, v1Tools, type V1Request } from './tools.js';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };
export const MCP_SERVER_VERSION = version;

/** A /v1 answer: its status and its parsed JSON body. */
export interface V1Answer {
  status: number;
  body: unknown;
}

/**
 * Performs one /v1 request and answers it: over HTTP with the user's key (runStdio), or injected
 * into the api with the caller's key (/mcp), so each tool call is exactly one /v1 call: its auth,
 * limits, quota, budget and metering. A network failure throws.
 */
export type V1Call = (request: V1Request, operation: V1Operation) => Promise<V1Answer>;

export interface McpServerOptions {
  call: V1Call;
}

const INSTRUCTIONS =
  'Coinsight: crypto prices and candles, social mentions, sentiment, price and mention alerts, and social posts. ' +
  'Each tool is one /v1 API call, metered like any other (get_usage is never billed). ' +
  'Errors carry the API\'s code, message and requestId; "rate_limited" and "quota_exceeded" say when to retry.';

interface V1ErrorShape {
  error: { code: string; message: string; requestId: string };
}

function isV1Error(body: unknown): body is V1ErrorShape {
  const error = (body as { error?: unknown } | null)?.error as Record<string, unknown> | undefined;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

function errorResult(error: V1ErrorShape['error'] & Record<string, unknown>): CallToolResult {
  // The /v1 error body itself: code, message, requestId and any extra (param, candidates, quota).
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ error }) }] };
}

function toResult(answer: V1Answer): CallToolResult {
  const { status, body } = answer;
  if (status >= 200 && status < 300) {
    const structured = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
    return { content: [{ type: 'text', text: JSON.stringify(body) }], ...(structured ? { structuredContent: structured } : {}) };
  }
  if (isV1Error(body)) return errorResult(body.error);
  return errorResult({ code: status >= 500 ? 'internal' : 'bad_request', message: `The API answered HTTP ${status}`, requestId: '' });
}

/**
 * An MCP server whose tools are the /v1 operations (tools.ts). `call` performs each one; the
 * server holds no key and no state, so one can be made per request (the stateless /mcp endpoint)
 * or once per process (stdio).
 */
export function createMcpServer({ call }: McpServerOptions): McpServer {
  const mcp = new McpServer(
    { name: 'coinsight', title: 'Coinsight', version },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  const tools = v1Tools();
  // The low-level handlers: McpServer.registerTool would parse arguments with zod and hand over
  // its output, while /v1 must see the arguments as sent and answer them in its own error shape.
  mcp.server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map(({ name, title, description, inputSchema, outputSchema, annotations }) => ({
      name,
      title,
      description,
      inputSchema,
      ...(outputSchema ? { outputSchema } : {}),
      annotations,
    })),
  }));
  mcp.server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    const tool = tools.find((t) => t.name === params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${params.name}`);
    try {
      return toResult(await call(v1Request(tool, params.arguments), tool.operation));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return errorResult({ code: 'unavailable', message: `The API could not be reached: ${message}`, requestId: '' });
    }
  });
  return mcp;
}
