import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { V1_OPERATIONS } from '@coinsight/contracts';
import { describe, expect, it } from 'vitest';
import { createMcpServer, type V1Answer } from './server.js';
import type { V1Request } from './tools.js';

async function connect(answer: (request: V1Request) => V1Answer | Promise<V1Answer>) {
  const requests: V1Request[] = [];
  const server = createMcpServer({
    call: async (request) => {
      requests.push(request);
      return answer(request);
    },
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  return { client, requests };
}

describe('createMcpServer', () => {
  it('lists one tool per keyed /v1 operation, named and described from the registry', async () => {
    const { client } = await connect(() => ({ status: 200, body: {} }));
    const { tools } = await client.listTools();
    const keyed = V1_OPERATIONS.filter((op) => !('public' in op && op.public));
    expect(tools.map((t) => t.name).sort()).toEqual(
      keyed.map((op) => op.operationId.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase()).sort(),
    );
    expect(tools.map((t) => t.name)).not.toContain('get_open_api_document');
    const prices = tools.find((t) => t.name === 'get_crypto_prices');
    expect(prices).toMatchObject({
      title: 'Current prices',
      description: expect.stringContaining('Current prices. Price, 24-hour change'),
      inputSchema: { type: 'object', properties: { symbols: { type: 'string', examples: ['BTC,ETH'] } }, required: ['symbols'] },
      annotations: { readOnlyHint: true, destructiveHint: false },
    });
    const create = tools.find((t) => t.name === 'create_alert');
    // The alert body is a union (price or mention alert): the tool takes every branch's fields.
    expect(Object.keys(create?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['symbol', 'kind', 'condition', 'price', 'mentions', 'email', 'webhookUrl', 'idempotencyKey']),
    );
    expect(create?.inputSchema.properties).toMatchObject({
      kind: { enum: expect.arrayContaining(['price', 'mentions', 'change', 'sentiment', 'spike']) },
    });
    expect(Object.keys(create?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['percent', 'window', 'score', 'factor', 'repeat', 'slackWebhookUrl', 'discordWebhookUrl', 'telegramChatId']),
    );
    expect(create?.inputSchema.required).toEqual(['symbol']);
    // `condition` means one thing for a price alert and another for a sentiment alert: both are said.
    const condition = (create?.inputSchema.properties as Record<string, { description?: string }> | undefined)?.condition;
    expect(condition?.description).toMatch(/price: .*price.*; sentiment: .*mean/);
    expect(create?.inputSchema).not.toHaveProperty('oneOf');
    expect(tools.find((t) => t.name === 'delete_alert')).toMatchObject({
      inputSchema: { required: ['id'] },
      annotations: { destructiveHint: true },
    });
  });

  it('turns arguments into the /v1 request: query, path, JSON body and headers', async () => {
    const { client, requests } = await connect(() => ({ status: 200, body: { ok: true } }));
    await client.callTool({ name: 'get_crypto_prices', arguments: { symbols: ['BTC', 'eth'] } });
    await client.callTool({ name: 'list_data', arguments: { q: '$BTC OR #eth', limit: 10 } });
    await client.callTool({ name: 'delete_alert', arguments: { id: '12' } });
    await client.callTool({
      name: 'create_alert',
      arguments: { symbol: 'BTC', price: 1, condition: 'above', idempotencyKey: 'agent-1' },
    });
    expect(requests).toEqual([
      { method: 'GET', url: '/v1/crypto/prices?symbols=BTC%2Ceth', headers: {} },
      { method: 'GET', url: '/v1/data?q=%24BTC+OR+%23eth&limit=10', headers: {} },
      { method: 'DELETE', url: '/v1/alerts/12', headers: {} },
      {
        method: 'POST',
        url: '/v1/alerts/create',
        headers: { 'Idempotency-Key': 'agent-1' },
        body: { symbol: 'BTC', price: 1, condition: 'above' },
      },
    ]);
  });

  it('answers with the JSON answer, and an error as a tool error carrying code, message and requestId', async () => {
    const { client } = await connect((request) =>
      request.url.startsWith('/v1/usage')
        ? { status: 200, body: { plan: 'free', calls: 3 } }
        : { status: 400, body: { error: { code: 'bad_request', message: 'symbols is required', requestId: 'req_1' } } },
    );
    const usage = await client.callTool({ name: 'get_usage', arguments: {} });
    expect(usage.isError).toBeFalsy();
    expect(usage.structuredContent).toEqual({ plan: 'free', calls: 3 });
    expect(usage.content).toEqual([{ type: 'text', text: '{"plan":"free","calls":3}' }]);
    const bad = await client.callTool({ name: 'get_crypto_prices', arguments: {} });
    expect(bad.isError).toBe(true);
    expect(JSON.parse((bad.content as { text: string }[])[0]!.text)).toEqual({
      error: { code: 'bad_request', message: 'symbols is required', requestId: 'req_1' },
    });
  });

  it('a network failure is a tool error, not a crash', async () => {
    const { client } = await connect(() => {
      throw new Error('connect ECONNREFUSED');
    });
    const result = await client.callTool({ name: 'get_usage', arguments: {} });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]!.text).toContain('ECONNREFUSED');
  });
});
