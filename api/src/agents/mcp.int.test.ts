import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { V1_OPERATIONS, type V1Operation } from '@coinsight/contracts';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveServer } from '../test/live-server.js';

// The /v1 operations as MCP tools, reached as an agent reaches them: the MCP SDK's own
// client, over Streamable HTTP to /mcp on a listening server, and over stdio to the
// @coinsight/mcp server run as a subprocess that calls the same server over HTTP.

let server: Awaited<ReturnType<typeof startLiveServer>>;

// What this file checks is the client's side (its requests, answers and errors over HTTP): the
// server under it is the same on either database, so it runs in the PGlite project only.
const clientSideOnly = process.env.TEST_DB === 'postgres';

beforeAll(async () => {
  server = await startLiveServer();
});

afterAll(async () => {
  await server?.close();
});

const keyedOperations = (V1_OPERATIONS as readonly V1Operation[]).filter((op) => !op.public);

async function connect(transport: Transport): Promise<Client> {
  const client = new Client({ name: 'coinsight-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

function httpTransport(apiKey: string) {
  return new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${apiKey}` } },
  });
}

interface ToolAnswer {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content?: unknown;
}

function errorOf(result: ToolAnswer): { code: string; message: string; requestId: string } {
  const [first] = result.content as { type: string; text: string }[];
  return (JSON.parse(first!.text) as { error: { code: string; message: string; requestId: string } }).error;
}

async function usageCalls(client: Client): Promise<number> {
  const usage = (await client.callTool({ name: 'get_usage', arguments: {} })) as ToolAnswer;
  expect(usage.isError).toBeFalsy();
  return usage.structuredContent!.calls as number;
}

/** What both transports must do: list a tool per operation, call two, and meter exactly those calls. */
async function listsAndCallsMetered(client: Client) {
  const { tools } = await client.listTools();
  expect(tools).toHaveLength(keyedOperations.length);
  expect(tools.map((t) => t.name).sort()).toEqual(
    keyedOperations.map((op) => op.operationId.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase()).sort(),
  );
  for (const tool of tools) expect(tool.inputSchema.type).toBe('object');

  const before = await usageCalls(client);
  const prices = (await client.callTool({ name: 'get_crypto_prices', arguments: { symbols: 'eth,BTC' } })) as ToolAnswer;
  expect(prices.isError).toBeFalsy();
  expect((prices.structuredContent!.prices as { symbol: string }[]).map((p) => p.symbol)).toEqual(['ETH', 'BTC']);
  const history = (await client.callTool({ name: 'get_crypto_history', arguments: { symbol: 'BTC', interval: '1h' } })) as ToolAnswer;
  expect(history.structuredContent).toMatchObject({ symbol: 'BTC', candles: expect.any(Array) });
  // A refused call is a tool error in /v1's shape, and not metered.
  const refused = (await client.callTool({ name: 'get_crypto_prices', arguments: { symbols: 'NOPE' } })) as ToolAnswer;
  expect(refused.isError).toBe(true);
  expect(errorOf(refused)).toMatchObject({
    code: 'bad_request',
    message: expect.stringContaining('NOPE'),
    requestId: expect.stringMatching(/^req_/),
  });
  // get_usage is never billed; the two successful calls are, once each.
  expect(await usageCalls(client)).toBe(before + 2);
}

describe.skipIf(clientSideOnly)(`MCP over Streamable HTTP at /mcp (${process.env.TEST_DB})`, () => {
  it('lists one tool per /v1 operation and meters each tool call as exactly one /v1 call', async () => {
    const client = await connect(httpTransport(server.apiKey));
    try {
      expect(client.getServerVersion()).toMatchObject({ name: 'coinsight' });
      await listsAndCallsMetered(client);
      // Every metered call went through /v1's own metering: the account's usage agrees with the tools'.
      const usage = await fetch(`${server.baseUrl}/v1/usage`, { headers: { authorization: `Bearer ${server.apiKey}` } });
      const body = (await usage.json()) as { calls: number; key: { calls: number } };
      expect(body.key.calls).toBe(body.calls);
      expect(body.calls).toBe(2);
      // Each tool call is in the key owner's request log as the /v1 call it made, the refused one too.
      await server.app.requestLog.flush();
      const log = await client.callTool({ name: 'list_requests', arguments: { operation: 'getCryptoPrices' } });
      const calls = (log as ToolAnswer).structuredContent!.data as Array<{ status: number; billed: boolean; path: string }>;
      expect(calls.map(({ status, billed, path }) => ({ status, billed, path }))).toEqual([
        { status: 400, billed: false, path: '/v1/crypto/prices' },
        { status: 200, billed: true, path: '/v1/crypto/prices' },
      ]);
    } finally {
      await client.close();
    }
  });

  it('creates, lists and deletes an alert with the documented body, its fields named in the tool', async () => {
    const client = await connect(httpTransport(server.apiKey));
    try {
      const created = (await client.callTool({
        name: 'create_alert',
        arguments: { symbol: 'BTC', condition: 'above', price: 1_000_000, email: false },
      })) as ToolAnswer;
      expect(created.isError).toBeFalsy();
      const alert = created.structuredContent!.alert as { id: number; symbol: string; condition: string };
      expect(alert).toMatchObject({ symbol: 'BTC', condition: 'above' });
      const listed = (await client.callTool({ name: 'list_alerts', arguments: {} })) as ToolAnswer;
      expect((listed.structuredContent!.data as { id: number }[]).map((a) => a.id)).toContain(alert.id);
      const deleted = (await client.callTool({ name: 'delete_alert', arguments: { id: alert.id } })) as ToolAnswer;
      expect(deleted.structuredContent).toMatchObject({ id: alert.id, deleted: true });
      const spike = (await client.callTool({
        name: 'create_alert',
        arguments: { kind: 'spike', symbol: 'ETH', factor: 2, repeat: { cooldownMinutes: 30 }, email: false },
      })) as ToolAnswer;
      expect(spike.isError).toBeFalsy();
      expect(spike.structuredContent!.alert).toMatchObject({ kind: 'spike', threshold: 2, repeat: { cooldownMinutes: 30 } });
    } finally {
      await client.close();
    }
  });

  it("refuses a missing or wrong key with /v1's 401, before any protocol message", async () => {
    // A well-formed key that is no key (a deleted one reads the same).
    const wrong = await connect(httpTransport('cs_live_' + 'A'.repeat(33))).catch((e: unknown) => e);
    expect(wrong).toMatchObject({ code: 401, message: expect.stringContaining('"code":"unauthorized","message":"Invalid API key"') });
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
    };
    const bare = await fetch(`${server.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(initialize),
    });
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({
      error: {
        code: 'unauthorized',
        message: expect.stringContaining('Authorization: Bearer'),
        requestId: bare.headers.get('x-request-id'),
      },
    });
  });

  it("answers a plain JSON-RPC POST with JSON, and refuses GET and browsers' preflights", async () => {
    const headers = {
      authorization: `Bearer ${server.apiKey}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    const list = await fetch(`${server.baseUrl}/mcp`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} }),
    });
    expect(list.status).toBe(200);
    expect(list.headers.get('x-request-id')).toMatch(/^req_/);
    const { result } = (await list.json()) as { result: { tools: { name: string }[] } };
    expect(result.tools.map((t) => t.name)).toContain('get_crypto_prices');
    // The protocol's own messages count against the key's per-minute limit; a tool call counts once, as its /v1 call.
    const remaining = (res: Response) => Number(res.headers.get('ratelimit-remaining'));
    const call = await fetch(`${server.baseUrl}/mcp`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'get_usage', arguments: {} } }),
    });
    expect(call.status).toBe(200);
    expect(call.headers.get('ratelimit-remaining')).toBeNull();
    const again = await fetch(`${server.baseUrl}/mcp`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list', params: {} }),
    });
    // Unless the minute's window ended in between (then the new one has seen at most these two).
    expect(remaining(again) === remaining(list) - 2 || remaining(again) >= 98).toBe(true);
    const stream = await fetch(`${server.baseUrl}/mcp`, { headers });
    expect(stream.status).toBe(405);
    const auth = { authorization: headers.authorization };
    for (const method of ['DELETE', 'PUT', 'HEAD'])
      expect((await fetch(`${server.baseUrl}/mcp`, { method, headers: auth })).status).toBe(405);
    const text = await fetch(`${server.baseUrl}/mcp`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(text.status).toBe(415);
    expect(await text.json()).toMatchObject({ error: { code: 'unsupported_media_type', requestId: text.headers.get('x-request-id') } });
    const junk = await fetch(`${server.baseUrl}/mcp`, { method: 'POST', headers, body: '{"jsonrpc":' });
    expect(junk.status).toBe(400);
    expect(await junk.json()).toMatchObject({ error: { code: 'bad_request' } });
    const preflight = await fetch(`${server.baseUrl}/mcp`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});

const stdioEntry = () => path.join(path.dirname(createRequire(import.meta.url).resolve('@coinsight/mcp')), 'stdio.js');

/** Runs `args` with node as an MCP server over stdio, with the live server's key and address, and checks its tools. */
async function listsAndCallsMeteredOverStdio(args: string[], env: Record<string, string>): Promise<void> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args,
    env: { PATH: process.env.PATH ?? '', COINSIGHT_API_KEY: server.apiKey, COINSIGHT_BASE_URL: server.baseUrl, ...env },
    stderr: 'pipe',
  });
  const client = await connect(transport);
  try {
    await listsAndCallsMetered(client);
  } finally {
    await client.close();
  }
}

describe.skipIf(clientSideOnly)(`MCP over stdio: @coinsight/mcp as a subprocess (${process.env.TEST_DB})`, () => {
  it('serves the same tools, each call an HTTP request to /v1 with the key', async () => {
    await listsAndCallsMeteredOverStdio([stdioEntry()], {});
  });

  it('`coinsight mcp` (the CLI, as the docs configure clients) serves the same tools', async () => {
    const cli = fileURLToPath(new URL('../../../packages/cli/dist/coinsight.js', import.meta.url));
    // No stored key or address of the machine's user.
    await listsAndCallsMeteredOverStdio([cli, 'mcp'], { XDG_CONFIG_HOME: path.join(tmpdir(), `coinsight-mcp-${process.pid}`) });
  });

  it('exits with a message when no key is given', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [stdioEntry()],
      env: { PATH: process.env.PATH ?? '' },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await expect(connect(transport)).rejects.toThrow();
    expect(stderr).toContain('COINSIGHT_API_KEY');
  });
});

describe.skipIf(clientSideOnly)('/llms.txt', () => {
  it('describes the API for agents, per llmstxt.org, with every operation from the registry', async () => {
    const res = await fetch(`${server.baseUrl}/llms.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const text = await res.text();
    const lines = text.split('\n');
    expect(lines[0]).toBe('# Coinsight');
    expect(lines[2]).toMatch(/^> /);
    // Sections are H2s of link lists; nothing else is a heading.
    expect(lines.filter((l) => l.startsWith('#'))).toEqual([
      '# Coinsight',
      '## Docs',
      '## Clients',
      '## API endpoints',
      '## MCP server',
      '## Optional',
    ]);
    const url = 'http://localhost:3000';
    expect(text).toContain(`- [OpenAPI document](${url}/v1/openapi.json)`);
    expect(text).toContain(`- [MCP endpoint](${url}/mcp)`);
    for (const op of keyedOperations) {
      expect(text).toContain(`- [${op.method.toUpperCase()} ${op.path}](${url}/api#op-${op.operationId}): ${op.summary}.`);
    }
    // Every link is absolute, on the configured public address.
    for (const [, target] of text.matchAll(/\]\(([^)]+)\)/g)) expect(target).toMatch(new RegExp(`^${url}/`));
  });
});

describe('docs/mcp.md', () => {
  const blocks = async (language: string) => {
    const text = await readFile(new URL('../../../docs/mcp.md', import.meta.url), 'utf8');
    return [...text.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);
  };

  it('its curl example calls a tool at /mcp with the key', async () => {
    const [curl] = (await blocks('sh')).filter((b) => b.includes('/mcp'));
    const code = curl!.replaceAll('https://api.coinsight.dev', server.baseUrl);
    const { stdout } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', code], {
      env: { ...process.env, COINSIGHT_API_KEY: server.apiKey },
      timeout: 20_000,
    });
    const answer = JSON.parse(stdout) as { id: number; result: { structuredContent: { prices: { symbol: string }[] } } };
    expect(answer.id).toBe(1);
    expect(answer.result.structuredContent.prices.map((p) => p.symbol)).toEqual(['BTC', 'ETH']);
  });

  it('its client configurations start `coinsight mcp` and reach /mcp, and its table lists every tool', async () => {
    const configs = (await blocks('json'))
      .filter((b) => b.includes('mcpServers'))
      .map((b) => JSON.parse(b) as { mcpServers: { coinsight: object } });
    expect(configs.map((c) => c.mcpServers.coinsight)).toEqual([
      // downloads.int.test.ts runs this one as written.
      {
        command: 'npx',
        args: ['-y', 'http://localhost:3000/downloads/coinsight-cli.tgz', 'mcp'],
        env: { COINSIGHT_BASE_URL: 'http://localhost:3000', COINSIGHT_API_KEY: 'cs_test_public_sandbox' },
      },
      { url: 'https://api.coinsight.dev/mcp', headers: { Authorization: expect.stringMatching(/^Bearer cs_live_/) } },
    ]);
    const text = await readFile(new URL('../../../docs/mcp.md', import.meta.url), 'utf8');
    const { tools } = await connect(httpTransport(server.apiKey)).then(async (client) => {
      const listed = await client.listTools();
      await client.close();
      return listed;
    });
    for (const tool of tools) expect(text).toMatch(new RegExp(`^\\| \`${tool.name}\` +\\|`, 'm'));
  });
});
