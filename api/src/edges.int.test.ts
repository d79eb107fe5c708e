import { seedAssets } from '@coinsight/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newAccount, nextAddress, signup } from './test/auth.js';
import { createTestApp, type TestApp } from './test/app.js';
import { taskUser } from './test/tasks.js';
import { expectV1Error, v1Account } from './test/v1.js';

// The edges every surface (REST /api/*, tRPC, /v1) shares.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedAssets(t.app.db);
});

afterAll(async () => {
  await t?.close();
});

const NUL = '\u0000';
const analyze = (overrides: object) => ({ type: 'analyze', title: 'Weekly BTC', query: { keywords: ['bitcoin'] }, ...overrides });

describe(`docs/security.md §12: a control character in any text field is a 400 naming the field (${process.env.TEST_DB})`, () => {
  it('tRPC: NUL in a task title, description or query.keywords (a 500 from PostgreSQL before)', async () => {
    const u = await taskUser(t.app);
    for (const [input, field, param, message] of [
      [analyze({ title: `Weekly${NUL}BTC` }), 'title', 'title', 'title must not contain control characters'],
      [analyze({ description: `notes${NUL}` }), 'description', 'description', 'description must not contain control characters'],
      [
        analyze({ query: { keywords: ['bitcoin', `moon${NUL}`] } }),
        'query',
        'query.keywords.1',
        'query.keywords.1 must not contain control characters',
      ],
    ] as const) {
      const res = await u.create(input);
      expect(res.status).toBe(400);
      expect(res.error).toMatchObject({ message, data: { code: 'BAD_REQUEST', httpStatus: 400, param } });
      // The flattened field errors, as for any other invalid field.
      expect(res.error?.data.zodError?.fieldErrors).toEqual({
        [field]: [message],
      });
    }
    // Other C0 controls and DEL too; tab, line feed and carriage return are text.
    for (const title of ['bell\u0007', 'esc\u001b[31m', 'del\u007f']) expect((await u.create(analyze({ title }))).status).toBe(400);
    const fine = await u.create(analyze({ title: 'Weekly BTC', description: 'line one\r\nline two\tend' }));
    expect(fine.status).toBe(200);
    // A query's input (GET) is walked as well.
    const get = await u.query('tasks.get', { id: `x${NUL}` });
    expect(get.status).toBe(400);
    expect(get.error?.message).toBe('id must not contain control characters');
  });

  it('REST: a body field (sign-up), a query parameter and a URL parameter', async () => {
    const signupRes = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: newAccount({ username: `satoshi${NUL}` }),
      remoteAddress: nextAddress(),
    });
    expect(signupRes.statusCode).toBe(400);
    expect(signupRes.json()).toEqual({ error: 'username must not contain control characters', param: 'username' });

    const { token } = await signup(t.app);
    const search = await t.app.inject({ method: 'GET', url: '/api/social/search?q=btc%00', headers: bearer(token) });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual({ error: 'q must not contain control characters', param: 'q' });

    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/tasks/uploads?filename=posts%07.jsonl',
      headers: { ...bearer(token), 'content-type': 'application/x-ndjson' },
      payload: '{}\n',
    });
    expect(upload.statusCode).toBe(400);
    expect(upload.json()).toEqual({ error: 'filename must not contain control characters', param: 'filename' });

    const download = await t.app.inject({ method: 'GET', url: '/api/tasks/abc%00/download', headers: bearer(token) });
    expect(download.statusCode).toBe(400);
    expect(download.json()).toEqual({ error: 'id must not contain control characters', param: 'id' });
  });

  it('/v1: a query parameter and a body field, in the /v1 error shape', async () => {
    const c = await v1Account(t.app);
    const mentions = await c.get('/v1/social/mentions?symbol=BT%00C&platform=twitter');
    expectV1Error(mentions, 400, 'bad_request', 'symbol must not contain control characters');
    const alert = await c.post('/v1/alerts/create', { symbol: `BTC${NUL}`, price: 1, condition: 'above', email: false });
    expectV1Error(alert, 400, 'bad_request', 'symbol must not contain control characters');
  });
});

describe(`docs/security.md §12: a body that is not JSON is a 415 on every surface (${process.env.TEST_DB})`, () => {
  const json = JSON.stringify(analyze({}));

  it('REST, tRPC and /v1 answer a text/plain body 415 in their own error shapes', async () => {
    const rest = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x' }),
    });
    expect(rest.statusCode).toBe(415);
    expect(rest.json()).toEqual({ error: expect.stringMatching(/Unsupported Media Type/i) });

    const u = await taskUser(t.app);
    const trpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/tasks.create',
      headers: { ...u.auth, 'content-type': 'text/plain' },
      payload: json,
    });
    expect(trpc.statusCode).toBe(415);
    expect(trpc.json()).toMatchObject({ error: { data: { code: 'UNSUPPORTED_MEDIA_TYPE', httpStatus: 415 } } });

    const c = await v1Account(t.app);
    const v1 = await t.app.inject({
      method: 'POST',
      url: '/v1/alerts/create',
      headers: { authorization: `Bearer ${c.secret}`, 'content-type': 'text/plain' },
      payload: JSON.stringify({ symbol: 'BTC', price: 1, condition: 'above' }),
    });
    expectV1Error(v1, 415, 'unsupported_media_type');
  });

  it('the task upload still takes its raw file, whatever type the browser names', async () => {
    const u = await taskUser(t.app);
    const line = `${JSON.stringify({ id: 'x1', username: 'a', text: 'b', createdAt: new Date().toISOString() })}\n`;
    expect((await u.upload(line, 'posts.jsonl', 'text/plain')).statusCode).toBe(201);
    expect((await u.upload(line, 'posts.jsonl', 'application/x-ndjson')).statusCode).toBe(201);
  });
});

describe(`docs/security.md §16: an authorization failure is logged with the user and the kind of object (${process.env.TEST_DB})`, () => {
  interface LogLine {
    msg: string;
    userId?: string;
    object?: string;
    id?: string | number;
  }
  const failures = () =>
    t.logs
      .flatMap((chunk) => chunk.split('\n').filter(Boolean))
      .map((line) => JSON.parse(line) as LogLine)
      .filter((line) => line.msg === 'authorization failure');

  it("B asking for A's task, export, key, alert and notification: 404 as before, one log line each, no secret", async () => {
    const a = await taskUser(t.app);
    const aKey = await v1Account(t.app);
    const b = await taskUser(t.app);
    await t.app.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', 'in', [a.user.id, b.user.id]).execute();

    const task = (await a.create(analyze({}))).data;
    const key = (await aKey.post('/v1/alerts/create', { symbol: 'BTC', price: 1, condition: 'above', email: false })).json<{
      alert: { id: number };
    }>();
    const apiKey = (await t.app.db.selectFrom('api_keys').select('id').where('user_id', '=', aKey.userId).executeTakeFirstOrThrow()).id;
    const notification = await t.app.db
      .insertInto('notifications')
      .values({ user_id: a.user.id, kind: 'price-alert', title: 'BTC above 1', body: 'BTC is above 1' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bKey = await v1Account(t.app);
    const before = failures().length;

    expect((await b.get(task.id)).status).toBe(404);
    expect((await b.download(task.id)).statusCode).toBe(404);
    expect((await b.mutate('apiKeys.delete', { id: apiKey })).status).toBe(404);
    expectV1Error(await bKey.delete(`/v1/alerts/${key.alert.id}`), 404, 'not_found', 'Alert not found');
    expect((await b.mutate('alerts.notifications.markRead', { id: notification.id })).status).toBe(404);

    const logged = failures().slice(before);
    expect(logged).toEqual([
      expect.objectContaining({ userId: b.user.id, object: 'task', id: task.id }),
      expect.objectContaining({ userId: b.user.id, object: 'export', id: task.id }),
      expect.objectContaining({ userId: b.user.id, object: 'api_key', id: apiKey }),
      expect.objectContaining({ userId: bKey.userId, object: 'alert', id: key.alert.id }),
      expect.objectContaining({ userId: b.user.id, object: 'notification', id: notification.id }),
    ]);
    const text = JSON.stringify(logged);
    expect(text).not.toContain(bKey.secret);
    expect(text).not.toContain(b.auth.authorization.slice('Bearer '.length));
  });
});

describe(`docs/security.md §9: /v1 is for server-side keys only; a browser's preflight gets a clean no (${process.env.TEST_DB})`, () => {
  const preflight = (url: string, origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });

  it('204 without any Access-Control-Allow-* header, from a foreign origin and from our own', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:3000']) {
      for (const url of ['/v1/crypto/prices?symbols=BTC', '/v1/alerts/create', '/v1/no-such-path']) {
        const res = await preflight(url, origin);
        expect(res.statusCode).toBe(204);
        expect(Object.keys(res.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
        expect(res.body).toBe('');
      }
    }
  });

  it('the web app’s own API keeps its allowlisted CORS', async () => {
    const res = await preflight('/trpc/tasks.list', 'http://localhost:3000');
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
  });
});
