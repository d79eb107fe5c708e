import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { QUERY_TOO_SLOW_MESSAGE } from '../services/db-errors.js';
import { registerErrorHandler } from './errors.js';

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
});
