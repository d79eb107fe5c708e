import { DOWNLOADS_PATH, PUBLIC_TEST_API_KEY, V1_OPERATIONS, type V1Operation } from '@coinsight/contracts';
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
    `Without an account: the public test key \`${PUBLIC_TEST_API_KEY}\` answers every GET operation from a fixed test dataset (as of 2026-01-01T00:00:00Z, never metered, 30 requests a minute per address); POST and DELETE answer 403. ` +
      `First call: \`curl -H "Authorization: Bearer ${PUBLIC_TEST_API_KEY}" "${publicUrl}/v1/crypto/prices?symbols=BTC,ETH"\``,
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
    '## Clients',
    '',
    `This server serves its clients, built with it (files and SHA-256: ${publicUrl}${DOWNLOADS_PATH}/index.json); each reads COINSIGHT_API_KEY and COINSIGHT_BASE_URL=${publicUrl}:`,
    '',
    `- TypeScript SDK: \`npm install ${publicUrl}${DOWNLOADS_PATH}/coinsight-sdk.tgz\``,
    `- Python: \`pip install --index-url ${publicUrl}${DOWNLOADS_PATH}/simple/ coinsight\``,
    `- CLI: \`npx -y ${publicUrl}${DOWNLOADS_PATH}/coinsight-cli.tgz prices BTC,ETH\`, or \`npm install -g ${publicUrl}${DOWNLOADS_PATH}/coinsight-cli.tgz\``,
    '',
    '## API endpoints',
    '',
    ...keyed.map(endpoint),
    '',
    '## MCP server',
    '',
    `- [MCP endpoint](${publicUrl}${MCP_PATH}): Model Context Protocol over Streamable HTTP (POST, stateless), the API key as \`Authorization: Bearer cs_live_…\`; ` +
      `tools: ${keyed.map((op) => `\`${toolName(op.operationId)}\``).join(', ')}`,
    `- Local (stdio) server for Claude Desktop and other MCP clients: \`npx -y ${publicUrl}${DOWNLOADS_PATH}/coinsight-cli.tgz mcp\` with \`COINSIGHT_API_KEY\` and \`COINSIGHT_BASE_URL=${publicUrl}\` set`,
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
