import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyHash, displayPrefix, newApiKeySecret } from '../services/api-keys/secret.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { signup } from '../test/auth.js';
import { expectDocumented } from '../test/v1.js';
import { INVALID_KEY_MESSAGE, MALFORMED_KEY_MESSAGE, MISSING_KEY_MESSAGE } from './auth.js';

// The /v1 front door. Keys are made straight in the table here, so this test holds
// whatever the key-management service does; the lifecycle through it is tested in trpc/routers/api-keys.int.test.ts.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

async function insertKey(userId: string) {
  const secret = newApiKeySecret();
  const row = await t.app.db
    .insertInto('api_keys')
    .values({
      user_id: userId,
      name: 'test key',
      prefix: displayPrefix(secret),
      secret_hash: apiKeyHash(secret),
      last_used_at: null,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, secret };
}

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expectDocumented('GET', url, res);
  return res;
};

/** The one /v1 error shape, with the request id of the header in the body. */
function expectV1Error(res: Awaited<ReturnType<typeof get>>, status: number, code: string, message?: string) {
  expect(res.statusCode).toBe(status);
  const requestId = res.headers['x-request-id'];
  expect(requestId).toMatch(/^req_[0-9a-f]{32}$/);
  expect(res.json()).toEqual({ error: { code, message: message ?? expect.any(String), requestId } });
}

describe(`/v1 authentication (${process.env.TEST_DB})`, () => {
  it('refuses a call without a key, or with the key anywhere but the Authorization header', async () => {
    expectV1Error(await get('/v1/crypto/prices'), 401, 'unauthorized', MISSING_KEY_MESSAGE);
    expectV1Error(await get('/v1'), 401, 'unauthorized', MISSING_KEY_MESSAGE);
    const { user } = await signup(t.app);
    const { secret } = await insertKey(user.id);
    expectV1Error(await get(`/v1/crypto/prices?api_key=${secret}`), 401, 'unauthorized', MISSING_KEY_MESSAGE);
    expectV1Error(await get('/v1/crypto/prices', { 'x-api-key': secret }), 401, 'unauthorized', MISSING_KEY_MESSAGE);
    expectV1Error(await get('/v1/crypto/prices', { authorization: `Basic ${secret}` }), 401, 'unauthorized', MISSING_KEY_MESSAGE);
  });

  it('refuses a malformed key, a session token included', async () => {
    const { token } = await signup(t.app);
    // cs_test_ keys are well-formed now (test mode): one character short is not, nor a
    // look-alike of the public test key.
    for (const value of [
      'abc',
      'cs_live_short',
      `cs_test_${'a'.repeat(32)}`,
      'cs_test_public_other',
      `cs_live_${'a'.repeat(32)}-`,
      token,
    ]) {
      expectV1Error(await get('/v1/crypto/prices', { authorization: `Bearer ${value}` }), 401, 'unauthorized', MALFORMED_KEY_MESSAGE);
    }
  });

  it('refuses an unknown key, and a deleted key from the next call on', async () => {
    expectV1Error(
      await get('/v1/crypto/prices', { authorization: `Bearer ${newApiKeySecret()}` }),
      401,
      'unauthorized',
      INVALID_KEY_MESSAGE,
    );
    expectV1Error(
      await get('/v1/crypto/prices', { authorization: `Bearer ${newApiKeySecret('test')}` }),
      401,
      'unauthorized',
      INVALID_KEY_MESSAGE,
    );
    const { user } = await signup(t.app);
    const { id, secret } = await insertKey(user.id);
    expectV1Error(await get('/v1/no-such-route', { authorization: `Bearer ${secret}` }), 404, 'not_found');
    await t.app.db.updateTable('api_keys').set({ deleted_at: new Date() }).where('id', '=', id).execute();
    expectV1Error(await get('/v1/no-such-route', { authorization: `Bearer ${secret}` }), 401, 'unauthorized', INVALID_KEY_MESSAGE);
  });

  // No /v1 route exists yet in this scaffold: an unknown path answers 404 only once the auth hook
  // (which runs first, for unknown paths too) has accepted the key, so the 404 proves it passed.
  it('lets a valid key through to the route (an unknown path is then a 404), and notes when it was last used', async () => {
    const { user } = await signup(t.app);
    const { id, secret } = await insertKey(user.id);
    const res = await get('/v1/no-such-route?x=1', { authorization: `bearer ${secret}` });
    expectV1Error(res, 404, 'not_found', 'Not found: GET /v1/no-such-route');
    const row = await t.app.db.selectFrom('api_keys').select('last_used_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.last_used_at).toBeInstanceOf(Date);
    // Within the minute a second call does not write it again.
    await get('/v1/no-such-route', { authorization: `Bearer ${secret}` });
    const again = await t.app.db.selectFrom('api_keys').select('last_used_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(again.last_used_at).toEqual(row.last_used_at);
  });

  // docs/security.md §16, §17
  it('logs refusals and acceptances without the secret', async () => {
    const { user } = await signup(t.app);
    const { secret } = await insertKey(user.id);
    const unknown = newApiKeySecret();
    await get('/v1/no-such-route', { authorization: `Bearer ${secret}` });
    await get('/v1/no-such-route', { authorization: `Bearer ${unknown}` });
    await get(`/v1/no-such-route?key=${secret}`);
    const logs = t.logs.join('');
    expect(logs).toContain('"event":"v1.auth"');
    expect(logs).toContain('"reason":"unknown"');
    expect(logs).not.toContain(secret.slice(8));
    expect(logs).not.toContain(unknown.slice(8));
  });

  it('keeps REST and its error shape outside /v1 as they were', async () => {
    const res = await get('/api/no-such-route');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found: GET /api/no-such-route' });
  });
});
