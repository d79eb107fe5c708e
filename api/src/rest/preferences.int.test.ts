import { DEFAULT_PREFERENCES, TIME_ZONE_MESSAGE } from '@coinsight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, signup } from '../test/auth.js';
import { trpcCaller } from '../test/trpc.js';

// An account's time zone, theme and number format: the same from REST and tRPC, checked on the way
// in, and nobody else's.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

async function account() {
  const { token } = await signup(t.app);
  const trpc = trpcCaller(t.app, bearer(token));
  const rest = (method: 'GET' | 'PUT', payload?: object) =>
    t.app.inject({ method, url: '/api/preferences', headers: bearer(token), ...(payload ? { payload } : {}) });
  return { trpc, rest };
}

describe(`preferences (${process.env.TEST_DB})`, () => {
  it('are the defaults until saved, then what was saved, from REST and tRPC alike', async () => {
    const a = await account();
    expect((await a.rest('GET')).json()).toEqual(DEFAULT_PREFERENCES);
    expect(DEFAULT_PREFERENCES).toEqual({ timeZone: 'UTC', theme: 'system', numberFormat: 'comma_period' });
    expect((await a.trpc.query('preferences.get')).data).toEqual(DEFAULT_PREFERENCES);

    const saved = await a.rest('PUT', { timeZone: 'Asia/Tokyo', theme: 'dark' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ timeZone: 'Asia/Tokyo', theme: 'dark', numberFormat: 'comma_period' });
    // What is left out stays as it was.
    expect((await a.trpc.mutate('preferences.update', { numberFormat: 'space_comma' })).data).toEqual({
      timeZone: 'Asia/Tokyo',
      theme: 'dark',
      numberFormat: 'space_comma',
    });
    expect((await a.rest('GET')).json()).toEqual({ timeZone: 'Asia/Tokyo', theme: 'dark', numberFormat: 'space_comma' });
    expect((await a.trpc.query('preferences.get')).data).toEqual({ timeZone: 'Asia/Tokyo', theme: 'dark', numberFormat: 'space_comma' });
  });

  it('keeps a zone in its canonical spelling', async () => {
    const a = await account();
    expect((await a.rest('PUT', { timeZone: 'europe/paris' })).json().timeZone).toBe('Europe/Paris');
    expect((await a.rest('PUT', { timeZone: 'UTC' })).json().timeZone).toBe('UTC');
  });

  it('refuses an unknown time zone, theme or number format with a 400 naming the field, and saves nothing', async () => {
    const a = await account();
    for (const timeZone of ['Mars/Olympus_Mons', 'Europe/Pariss', '+01:00', '', 'x'.repeat(100)]) {
      const res = await a.rest('PUT', { timeZone, theme: 'dark' });
      expect(res.statusCode, timeZone).toBe(400);
      expect(res.json(), timeZone).toEqual({ error: TIME_ZONE_MESSAGE, param: 'timeZone' });
    }
    const theme = await a.rest('PUT', { theme: 'sepia' });
    expect(theme.statusCode).toBe(400);
    expect(theme.json()).toEqual({ error: 'theme must be one of system, light, dark', param: 'theme' });
    const numbers = await a.rest('PUT', { numberFormat: 'en-US' });
    expect(numbers.statusCode).toBe(400);
    expect(numbers.json()).toEqual({ error: 'numberFormat must be one of comma_period, period_comma, space_comma', param: 'numberFormat' });
    expect((await a.rest('PUT', { locale: 'de' })).statusCode).toBe(400);

    const trpc = await a.trpc.mutate('preferences.update', { timeZone: 'Nowhere/Special' });
    expect(trpc.status).toBe(400);
    expect(trpc.error?.message).toBe(TIME_ZONE_MESSAGE);
    expect(trpc.error?.data.param).toBe('timeZone');
    expect((await a.rest('GET')).json()).toEqual(DEFAULT_PREFERENCES);
  });

  it("are one account's own: another's save changes nothing it reads", async () => {
    const a = await account();
    const b = await account();
    await a.rest('PUT', { timeZone: 'America/New_York', theme: 'light', numberFormat: 'period_comma' });
    expect((await b.rest('GET')).json()).toEqual(DEFAULT_PREFERENCES);
    await b.trpc.mutate('preferences.update', { timeZone: 'Australia/Sydney' });
    expect((await a.rest('GET')).json()).toEqual({ timeZone: 'America/New_York', theme: 'light', numberFormat: 'period_comma' });
    expect((await b.rest('GET')).json()).toEqual({ ...DEFAULT_PREFERENCES, timeZone: 'Australia/Sydney' });
  });

  it('need a signed-in account', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/preferences' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/preferences', payload: { theme: 'dark' } })).statusCode).toBe(401);
  });
});
