import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, newAccount } from '../../test/auth.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const mutation = (path: string, input: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/trpc/${path}`, payload: input as object, headers });
const query = (path: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/trpc/${path}`, headers });

describe(`auth over tRPC (${process.env.TEST_DB})`, () => {
  it('signs up, reads itself with the token, and is anonymous without it', async () => {
    const body = newAccount();
    const res = await mutation('auth.signup', body);
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json().result.data;
    expect(user).toMatchObject({ username: body.username, email: body.email });
    expect((await query('auth.me', bearer(token))).json().result.data).toEqual(user);
    expect((await query('auth.me')).json().result.data).toBeNull();
  });

  it('answers bad input with the first spec message, a 400 and the flattened field errors', async () => {
    const res = await mutation('auth.signup', { username: '', email: 'nope', password: 'x' });
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.message).toBe('Username is required');
    expect(error.data.code).toBe('BAD_REQUEST');
    expect(error.data.zodError.fieldErrors.email).toEqual(['Email is invalid']);
  });

  it('maps service errors to their codes: wrong password 401, duplicate 409', async () => {
    const body = newAccount();
    await mutation('auth.signup', body);
    const wrong = await mutation('auth.login', { email: body.email, password: 'Wrong-Guess-1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('Invalid email or password');
    const dup = await mutation('auth.signup', { ...newAccount(), email: body.email });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('An account with this email already exists');
  });

  it('refuses protected procedures to anonymous callers', async () => {
    const res = await mutation('user.updateProfile', { username: 'someone', email: 'a@example.com' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Please sign in to continue.');
  });

  it('changePassword answers a fresh token that keeps this browser signed in', async () => {
    const body = newAccount();
    const { token } = (await mutation('auth.signup', body)).json().result.data;
    const res = await mutation('user.changePassword', { currentPassword: body.password, newPassword: 'N3w-Otter-Path' }, bearer(token));
    const fresh = res.json().result.data.token as string;
    expect((await query('auth.me', bearer(token))).json().result.data).toBeNull();
    expect((await query('auth.me', bearer(fresh))).json().result.data.email).toBe(body.email);
  });

  it('logout ends the session', async () => {
    const { token } = (await mutation('auth.signup', newAccount())).json().result.data;
    expect((await mutation('auth.logout', {}, bearer(token))).json().result.data).toEqual({ ok: true });
    expect((await query('auth.me', bearer(token))).json().result.data).toBeNull();
  });
});
