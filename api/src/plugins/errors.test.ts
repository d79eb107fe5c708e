import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { QUERY_TOO_SLOW_MESSAGE } from '../services/db-errors.js';
import { AppError } from '../services/errors.js';
import { registerErrorHandler, statusOf } from './errors.js';

const cancelled = () => Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });

describe('the REST error handler', () => {
  it('a REST read cancelled by PostgreSQL answers 503, Retry-After and the message saying so', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/slow', async () => {
      throw cancelled();
    });
    const res = await app.inject({ method: 'GET', url: '/slow' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ error: QUERY_TOO_SLOW_MESSAGE });
    await app.close();
  });

  it('names the field a refusal is about as `param`, a nested one by its dotted path', async () => {
    const schema = z.strictObject({
      title: z.string().min(1, 'title is required'),
      source: z.object({ urls: z.array(z.url({ error: 'source.urls must be http(s) URLs' })) }),
    });
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.post('/parse', async (request) => schema.parse(request.body));
    app.get('/asset', async () => {
      throw new AppError('BAD_REQUEST', 'symbol NOPE is not a tracked asset', { param: 'symbol' });
    });
    app.get('/gone', async () => {
      throw new AppError('NOT_FOUND', 'Task not found');
    });
    const post = async (payload: unknown) => (await app.inject({ method: 'POST', url: '/parse', payload: payload as object })).json();
    expect(await post({ title: '', source: { urls: [] } })).toEqual({ error: 'title is required', param: 'title' });
    expect(await post({ title: 'x', source: { urls: ['https://a.example', 'nope'] } })).toEqual({
      error: 'source.urls must be http(s) URLs',
      param: 'source.urls.1',
    });
    expect(await post({ title: 'x', source: { urls: [] }, colour: 'red' })).toMatchObject({ param: 'colour' });
    // Not an object at all: no field to name.
    expect(await post([1, 2])).toEqual({ error: 'The request body must be a JSON object' });
    expect((await app.inject({ method: 'GET', url: '/asset' })).json()).toEqual({
      error: 'symbol NOPE is not a tracked asset',
      param: 'symbol',
    });
    expect((await app.inject({ method: 'GET', url: '/gone' })).json()).toEqual({ error: 'Task not found' });
    await app.close();
  });

  it("a Stripe SDK error's status and text never reach the caller: a plain 500", async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/portal', async () => {
      throw Object.assign(new Error("No such customer: 'cus_123'"), { type: 'StripeInvalidRequestError', statusCode: 404 });
    });
    const res = await app.inject({ method: 'GET', url: '/portal' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Internal server error' });
    expect(statusOf({ statusCode: 413 })).toBe(413);
    expect(statusOf({ statusCode: 402, type: 'StripeCardError' })).toBe(500);
    await app.close();
  });
});
