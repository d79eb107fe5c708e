import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { httpCall } from './http-call.js';
import { createMcpServer } from './server.js';

export interface RunStdioOptions {
  /** Where the API is served; `COINSIGHT_BASE_URL`, else https://api.coinsight.dev. */
  baseUrl?: string | undefined;
  /** The API key (cs_live_…); `COINSIGHT_API_KEY` when absent. */
  apiKey?: string | undefined;
}

/**
 * Serves the Coinsight tools over stdio (what Claude Desktop and other local MCP clients start),
 * each tool call an HTTP request to /v1 with the key. Resolves once serving; stdout carries only
 * the protocol, so nothing else may write to it.
 */
export async function runStdio({ baseUrl, apiKey }: RunStdioOptions = {}): Promise<McpServer> {
  const key = apiKey || process.env.COINSIGHT_API_KEY;
  if (!key) throw new Error('No API key: set COINSIGHT_API_KEY (create one in Settings → API)');
  const server = createMcpServer({ call: httpCall({ baseUrl, apiKey: key }) });
  await server.connect(new StdioServerTransport());
  return server;
}
