import { V1_OPERATIONS, type V1Operation } from '@coinsight/contracts';
import { toolName } from '@coinsight/mcp';
import { MCP_PATH } from './mcp.js';

// /llms.txt (llmstxt.org): what an agent reads first. The endpoint list and the MCP tools are
// written from the /v1 operation registry, so a new operation appears here with nothing to edit.

/** The first sentence of a description: the list stays one line per endpoint. */
function firstSentence(text: string): string {
  const end = text.search(/\.(\s|$)/);
  return end === -1 ? text : text.slice(0, end + 1);
}

/** The llms.txt of the site served at `publicUrl` (no trailing slash). */
export function llmsTxt(publicUrl: string): string {
  const operations: readonly V1Operation[] = V1_OPERATIONS;
  const keyed = operations.filter((op) => !op.public);
  const endpoint = (op: V1Operation) =>
    `- [${op.method.toUpperCase()} ${op.path}](${publicUrl}/api#op-${op.operationId}): ${op.summary}. ${firstSentence(op.description)}`;
  return [
    '# Coinsight',
    '',
    '> Crypto market intelligence over one REST API: current prices and candles, social mentions and sentiment per platform, ' +
      'price and mention alerts (email or signed webhooks), and the social posts behind them. ' +
      `Every call is \`${publicUrl}/v1/…\` with an API key as \`Authorization: Bearer cs_live_…\` (create one in Settings → API).`,
    '',
    'Errors always answer `{ "error": { "code", "message", "requestId" } }` with the HTTP status; branch on `code`. ' +
      'Lists page with `nextCursor`, passed back as `cursor` until it is null. ' +
      'Every call with a key counts against the per-minute rate limit, and every successful one (but `GET /v1/usage`) against the monthly quota or bill: ' +
      'on 429 wait `Retry-After` seconds. The same operations are MCP tools (below), each tool call one metered API call.',
    '',
    '## Docs',
    '',
    `- [Documentation](${publicUrl}/docs): getting started, keys, limits, errors and examples in curl, TypeScript, Python and the CLI`,
    `- [API reference](${publicUrl}/api): every endpoint with its parameters, answers and a curl example`,
    `- [OpenAPI document](${publicUrl}/v1/openapi.json): OpenAPI 3.1, public, the source of the SDKs and of the tools below`,
    `- [Getting started](${publicUrl}/docs/getting-started): an account, a key and a first call`,
    '',
    '## API endpoints',
    '',
    ...keyed.map(endpoint),
    '',
    '## MCP server',
    '',
    `- [MCP endpoint](${publicUrl}${MCP_PATH}): Model Context Protocol over Streamable HTTP (POST, stateless), the API key as \`Authorization: Bearer cs_live_…\`; ` +
      `tools: ${keyed.map((op) => `\`${toolName(op.operationId)}\``).join(', ')}`,
    '- Local (stdio) server for Claude Desktop and other MCP clients: `npx @coinsight/cli mcp` with `COINSIGHT_API_KEY` set',
    '',
    '## Optional',
    '',
    `- [Sandbox](${publicUrl}/sandbox): try every endpoint in the browser`,
    `- [Pricing](${publicUrl}/pricing): plans, rate limits and the monthly quota`,
    `- [Alerts guide](${publicUrl}/docs/alerts): price and mention alerts, email and webhooks`,
    `- [Data analysis guide](${publicUrl}/docs/data-analysis): reading posts, mentions and sentiment`,
    '',
  ].join('\n');
}
