import { describe, expect, it } from 'vitest';
import { openapiFixture } from '../../test/openapiFixture';
import { byTag, readApiReference, typeLabel } from './openapi';
import { buildRequest, curlCommand, exampleValues, maskKey } from './request';

const reference = readApiReference(JSON.parse(JSON.stringify(openapiFixture)));
const op = (id: string) => {
  const found = reference.operations.find((item) => item.operationId === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
};

describe('reading the OpenAPI document', () => {
  it('lists every operation with the server base in its path, grouped by tag', () => {
    expect(reference.operations.map((item) => `${item.method} ${item.path} ${item.operationId}`)).toEqual([
      'get /v1/crypto/prices getCryptoPrices',
      'post /v1/alerts/create createAlert',
      'delete /v1/alerts/{id} deleteAlert',
    ]);
    expect(byTag(reference.operations).map(([tag, items]) => [tag, items.length])).toEqual([
      ['Crypto', 1],
      ['Alerts', 2],
    ]);
  });

  it('takes examples from parameters, named body examples and 3.1 schema examples; resolves $refs', () => {
    expect(op('getCryptoPrices').parameters).toMatchObject([{ name: 'symbols', in: 'query', required: true, example: 'BTC,ETH' }]);
    expect(op('createAlert').requestBody?.example).toEqual({ symbol: 'BTC', price: 70000, condition: 'above' });
    expect(op('deleteAlert').parameters).toMatchObject([{ name: 'id', in: 'path', required: true, example: '42' }]);
    const ok = op('getCryptoPrices').responses[0];
    expect(ok?.schema?.properties).toMatchObject({ data: { type: 'array', items: { required: ['symbol', 'price'] } } });
    expect(typeLabel({ type: ['number', 'null'] })).toBe('number or null');
    expect(typeLabel({ type: 'string', enum: ['above', 'below'] })).toBe('"above" | "below"');
  });

  it('refuses what is not an OpenAPI document', () => {
    expect(() => readApiReference({ error: 'Not found' })).toThrow('not an OpenAPI document');
  });
});

describe('building the request', () => {
  const key = 'cs_live_0123456789ABCDEFGHIJKLMNOPQRSTUVW';

  it('puts query values in the URL (commas kept), the key as Bearer, and a header only when typed', () => {
    const prices = op('getCryptoPrices');
    expect(buildRequest(prices, exampleValues(prices), '', key)).toEqual({
      method: 'GET',
      url: '/v1/crypto/prices?symbols=BTC,ETH',
      headers: [['Authorization', `Bearer ${key}`]],
      body: undefined,
    });
    const create = op('createAlert');
    // An example Idempotency-Key is not prefilled: it would turn every second call into a replay.
    expect(exampleValues(create)).toEqual({ 'header:Idempotency-Key': '' });
    expect(buildRequest(create, { 'header:Idempotency-Key': 'k1' }, '{}', key).headers).toEqual([
      ['Authorization', `Bearer ${key}`],
      ['Idempotency-Key', 'k1'],
      ['Content-Type', 'application/json'],
    ]);
  });

  it('fills path parameters and names a missing one', () => {
    const remove = op('deleteAlert');
    expect(buildRequest(remove, { 'path:id': '7' }, '', key).url).toBe('/v1/alerts/7');
    expect(() => buildRequest(remove, { 'path:id': ' ' }, '', key)).toThrow('id is required');
  });

  it('writes the same call as curl, quoted for the shell, the key masked unless shown', () => {
    const request = buildRequest(op('createAlert'), {}, `{"note":"it's"}`, key);
    expect(curlCommand(request, 'https://coinsight.test', true)).toBe(
      `curl -X POST 'https://coinsight.test/v1/alerts/create' -H 'Authorization: Bearer ${key}' -H 'Content-Type: application/json' --data '{"note":"it'\\''s"}'`,
    );
    const masked = curlCommand(request, 'https://coinsight.test', false);
    expect(masked).toContain(`Bearer ${maskKey(key)}`);
    expect(masked).not.toContain(key);
  });
});
