/**
 * A small OpenAPI 3.1 document shaped as the server's /v1/openapi.json is (servers, tags,
 * components with $refs, parameter and body examples), for the reference page and the sandbox.
 */
export const openapiFixture = {
  openapi: '3.1.0',
  info: { title: 'Coinsight API', version: '1.0.0' },
  servers: [{ url: '/v1' }],
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    schemas: {
      Price: {
        type: 'object',
        required: ['symbol', 'price'],
        properties: {
          symbol: { type: 'string', description: 'Ticker symbol' },
          price: { type: ['number', 'null'], description: 'USD' },
        },
      },
      Error: {
        type: 'object',
        properties: {
          error: {
            type: 'object',
            properties: { code: { type: 'string' }, message: { type: 'string' }, requestId: { type: 'string' } },
          },
        },
      },
    },
  },
  security: [{ bearer: [] }],
  paths: {
    '/crypto/prices': {
      get: {
        operationId: 'getCryptoPrices',
        summary: 'Current prices',
        description: 'Price, 24 h change, volume and market cap per symbol.',
        tags: ['Crypto'],
        parameters: [
          {
            name: 'symbols',
            in: 'query',
            required: true,
            description: 'Comma-separated symbols',
            schema: { type: 'string' },
            example: 'BTC,ETH',
          },
        ],
        responses: {
          '200': {
            description: 'The prices',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Price' } } } },
                example: { data: [{ symbol: 'BTC', price: 64000 }] },
              },
            },
          },
          '401': { description: 'No valid key', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        },
      },
    },
    '/alerts/create': {
      post: {
        operationId: 'createAlert',
        summary: 'Create a price alert',
        tags: ['Alerts'],
        parameters: [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string' }, example: 'abc-123' }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['symbol', 'price', 'condition'],
                properties: {
                  symbol: { type: 'string' },
                  price: { type: 'number' },
                  condition: { type: 'string', enum: ['above', 'below'] },
                },
              },
              examples: { btc: { summary: 'BTC above 70k', value: { symbol: 'BTC', price: 70000, condition: 'above' } } },
            },
          },
        },
        responses: { '201': { description: 'The alert' } },
      },
    },
    '/alerts/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', examples: [42] } }],
      delete: {
        operationId: 'deleteAlert',
        summary: 'Delete an alert',
        tags: ['Alerts'],
        responses: { '204': { description: 'Deleted' } },
      },
    },
  },
} as const;
