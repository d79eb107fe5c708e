// @coinsight/mcp: the /v1 API as an MCP server, over stdio or, in the api, at /mcp.
export { createMcpServer, MCP_SERVER_VERSION, type McpServerOptions, type V1Answer, type V1Call } from './server.js';
export { DEFAULT_BASE_URL, httpCall, type HttpCallOptions } from './http-call.js';
export { runStdio, type RunStdioOptions } from './run-stdio.js';
export { toolName, v1Request, v1Tools, type JsonSchemaObject, type V1Request, type V1Tool } from './tools.js';
