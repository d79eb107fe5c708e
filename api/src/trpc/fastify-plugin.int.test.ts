import { seedBlogPosts } from '@coinsight/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, signup } from '../test/auth.js';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedBlogPosts(t.app.db);
  ({ token } = await signup(t.app));
});

afterAll(async () => {
  await t?.close();
});

const batch = (paths: string[], inputs: Record<number, unknown> = {}) =>
  `/trpc/${paths.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;

/**
 * GET query batches take the plugin's short road; the same request asking for an event stream
 * goes through the library's own handler. A client must not be able to tell them apart.
 */
async function bothRoads(url: string, headers: Record<string, string> = {}) {
  const short = await t.app.inject({ method: 'GET', url, headers });
  const library = await t.app.inject({ method: 'GET', url, headers: { ...headers, accept: 'text/event-stream' } });
  return { short, library };
}

describe(`tRPC over Fastify (${process.env.TEST_DB})`, () => {
  it('answers a query batch as the library does: body, status, content type', async () => {
    const { short, library } = await bothRoads(batch(['blog.list', 'social.summaries'], { 1: { period: '24h' } }), bearer(token));
    expect(short.statusCode).toBe(200);
    // The short road says the charset too, as the REST answers do.
    expect(short.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(library.headers['content-type']).toBe('application/json');
    type Answers = [{ result: { data: unknown } }, { result: { data: Record<string, unknown> } }];
    const [blog, summaries] = short.json() as Answers;
    const [libraryBlog, librarySummaries] = library.json() as Answers;
    expect(blog).toEqual(libraryBlog);
    // From the read cache within its 2 s: the same figures, not just the same shape.
    expect(summaries).toEqual(librarySummaries);
  });

  it('answers errors as the library does: a bad input is 400, a signed-out call 401, with the same body', async () => {
    for (const [url, status, headers] of [
      [batch(['social.summaries'], { 0: { period: 'forever' } }), 400, bearer(token)],
      [batch(['social.summaries'], { 0: { period: '24h' } }), 401, {}],
    ] as const) {
      const { short, library } = await bothRoads(url, headers);
      expect(short.statusCode).toBe(status);
      expect(library.statusCode).toBe(status);
      expect(short.json()).toEqual(library.json());
    }
  });

  it('a batch of several failures answers with the worst status, per call, like the library', async () => {
    const url = batch(['blog.list', 'social.summaries'], { 1: { period: '24h' } });
    const { short, library } = await bothRoads(url);
    expect(short.statusCode).toBe(library.statusCode);
    expect(short.json()).toEqual(library.json());
  });

  it('leaves mutations, unknown procedures and streamed answers to the library', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: batch(['nothing.here']) });
    expect(unknown.statusCode).toBe(404);
    const mutationByGet = await t.app.inject({ method: 'GET', url: batch(['auth.logout']), headers: bearer(token) });
    expect(mutationByGet.statusCode).toBe(405);
    const streamed = await t.app.inject({ method: 'GET', url: batch(['blog.list']), headers: { 'trpc-accept': 'application/jsonl' } });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['transfer-encoding']).toBe('chunked');
  });

  it('a nonsense Host header does not break a query', async () => {
    const res = await t.app.inject({ method: 'GET', url: batch(['blog.list']), headers: { host: 'not a host/\\' } });
    expect(res.statusCode).toBe(200);
  });
});
