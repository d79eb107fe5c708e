import { IDEMPOTENCY_KEY_MESSAGE, IDEMPOTENCY_MESSAGES } from '@coinsight/contracts';
import { seedAssets } from '@coinsight/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { expectV1Error, v1Account } from '../../test/v1.js';

// POST /v1/alerts/create (with Idempotency-Key), GET /v1/alerts, DELETE /v1/alerts/{id}.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedAssets(t.app.db);
});

afterAll(async () => {
  await t?.close();
});

const countAlerts = async (userId: string) =>
  Number(
    (
      await t.app.db
        .selectFrom('alerts')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`/v1/alerts (${process.env.TEST_DB})`, () => {
  it('creates docs/product.md §3 price alerts and mention alerts, lists and deletes them', async () => {
    const c = await v1Account(t.app);
    const price = await c.post('/v1/alerts/create', { symbol: 'bitcoin', price: 50_000, condition: 'below', email: false });
    expect(price.statusCode).toBe(201);
    expect(price.json()).toEqual({
      alert: {
        id: expect.any(Number),
        kind: 'price',
        symbol: 'BTC',
        condition: 'below',
        threshold: 50_000,
        email: false,
        active: true,
        createdAt: expect.any(String),
        firedAt: null,
        firedValue: null,
        webhookUrl: null,
        window: null,
        repeat: null,
        slackWebhookUrl: null,
        discordWebhookUrl: null,
        telegramChatId: null,
        failingChannels: [],
        nextEligibleAt: null,
        conditionCleared: false,
      },
      asOf: expect.any(String),
    });
    const mentions = await c.post('/v1/alerts/create', { kind: 'mentions', symbol: 'eth', mentions: 5 });
    expect(mentions.statusCode).toBe(201);
    expect(mentions.json().alert).toMatchObject({ kind: 'mentions', symbol: 'ETH', condition: 'above', threshold: 5, email: true });

    const list = await c.get('/v1/alerts');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((a: { id: number }) => a.id)).toEqual([mentions.json().alert.id, price.json().alert.id]);

    const id = price.json().alert.id as number;
    const deleted = await c.delete(`/v1/alerts/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id, deleted: true, asOf: expect.any(String) });
    expectV1Error(await c.delete(`/v1/alerts/${id}`), 404, 'not_found', 'Alert not found');
    expect((await c.get('/v1/alerts')).json().data).toHaveLength(1);
  });

  it('answers another account’s alert exactly as an unknown one, 404, and leaves it', async () => {
    const owner = await v1Account(t.app);
    const other = await v1Account(t.app);
    const { id } = (await owner.post('/v1/alerts/create', { symbol: 'SOL', price: 100, condition: 'above' })).json().alert;
    expectV1Error(await other.delete(`/v1/alerts/${id}`), 404, 'not_found', 'Alert not found');
    expectV1Error(await other.delete('/v1/alerts/999999999'), 404, 'not_found', 'Alert not found');
    expect((await other.get('/v1/alerts')).json().data).toEqual([]);
    expect((await owner.get('/v1/alerts')).json().data.map((a: { id: number }) => a.id)).toEqual([id]);
    expectV1Error(await other.delete('/v1/alerts/abc'), 400, 'bad_request', 'id must be a whole number');
  });

  it('refuses invalid bodies naming the field, unknown and ambiguous symbols', async () => {
    const c = await v1Account(t.app);
    expectV1Error(
      await c.post('/v1/alerts/create', { symbol: 'BTC', condition: 'above' }),
      400,
      'bad_request',
      'price must be a number greater than 0',
    );
    expectV1Error(
      await c.post('/v1/alerts/create', { symbol: 'BTC', price: -1, condition: 'above' }),
      400,
      'bad_request',
      'price must be a number greater than 0',
    );
    expectV1Error(
      await c.post('/v1/alerts/create', { symbol: 'BTC', price: 1, condition: 'sideways' }),
      400,
      'bad_request',
      'condition must be one of above, below',
    );
    expectV1Error(await c.post('/v1/alerts/create', { price: 1, condition: 'above' }), 400, 'bad_request', 'symbol is required');
    expectV1Error(
      await c.post('/v1/alerts/create', { symbol: 'XYZ', price: 1, condition: 'above' }),
      400,
      'bad_request',
      'symbol XYZ is not a tracked asset',
    );
    expectV1Error(await c.post('/v1/alerts/create', { symbol: 'ether', price: 1, condition: 'above' }), 409, 'conflict', undefined, {
      candidates: [
        { symbol: 'ETH', name: 'Ethereum' },
        { symbol: 'ETC', name: 'Ethereum Classic' },
      ],
    });
    expect(await countAlerts(c.userId)).toBe(0);
  });

  it('takes a webhookUrl that resolves to a public address and refuses one that does not', async () => {
    const c = await v1Account(t.app);
    const refused = await c.post('/v1/alerts/create', { symbol: 'BTC', price: 1, condition: 'above', webhookUrl: 'http://127.0.0.1:9/h' });
    expectV1Error(refused, 400, 'bad_request', 'webhookUrl must resolve to a public address');
    const scheme = await c.post('/v1/alerts/create', { symbol: 'BTC', price: 1, condition: 'above', webhookUrl: 'ftp://example.com/h' });
    expectV1Error(scheme, 400, 'bad_request', 'webhookUrl must be an http(s) URL');
    expect(await countAlerts(c.userId)).toBe(0);
  });
});

describe(`POST /v1/alerts/create with Idempotency-Key (${process.env.TEST_DB})`, () => {
  const body = { symbol: 'BTC', price: 60_000, condition: 'above' };

  it('replays the first answer for the same key and body, creating one alert', async () => {
    const c = await v1Account(t.app);
    const first = await c.post('/v1/alerts/create', body, { 'idempotency-key': 'order-1' });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The same body with its keys in another order is the same body.
    const again = await c.post('/v1/alerts/create', { condition: 'above', price: 60_000, symbol: 'BTC' }, { 'idempotency-key': 'order-1' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await countAlerts(c.userId)).toBe(1);
    // The replay is the same call: counted once.
    expect((await c.get('/v1/usage')).json()).toMatchObject({ calls: 1, key: { calls: 1 } });
    // Another key, or none, is another request.
    expect((await c.post('/v1/alerts/create', body, { 'idempotency-key': 'order-2' })).statusCode).toBe(201);
    expect((await c.post('/v1/alerts/create', body)).statusCode).toBe(201);
    expect(await countAlerts(c.userId)).toBe(3);
  });

  it('refuses the same key with a different body, and keys are per account', async () => {
    const c = await v1Account(t.app);
    expect((await c.post('/v1/alerts/create', body, { 'idempotency-key': 'k' })).statusCode).toBe(201);
    expectV1Error(
      await c.post('/v1/alerts/create', { ...body, price: 61_000 }, { 'idempotency-key': 'k' }),
      422,
      'idempotency_key_reused',
      IDEMPOTENCY_MESSAGES.reused,
    );
    const other = await v1Account(t.app);
    const theirs = await other.post('/v1/alerts/create', body, { 'idempotency-key': 'k' });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await countAlerts(c.userId)).toBe(1);
    expect(await countAlerts(other.userId)).toBe(1);
  });

  it('runs only one of concurrent duplicates; the others replay its answer', async () => {
    const c = await v1Account(t.app);
    const answers = await Promise.all(Array.from({ length: 8 }, () => c.post('/v1/alerts/create', body, { 'idempotency-key': 'burst' })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.json().alert.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(7);
    expect(await countAlerts(c.userId)).toBe(1);
  });

  it('does not keep failed requests, and forgets a key after 24 hours', async () => {
    const c = await v1Account(t.app);
    // A refused body is not stored: the key is still free for a corrected request.
    expect((await c.post('/v1/alerts/create', { ...body, symbol: 'XYZ' }, { 'idempotency-key': 'retry' })).statusCode).toBe(400);
    const fixed = await c.post('/v1/alerts/create', body, { 'idempotency-key': 'retry' });
    expect(fixed.statusCode).toBe(201);
    await t.app.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - 24 * 3_600_000 - 1000) })
      .where('user_id', '=', c.userId)
      .execute();
    const later = await c.post('/v1/alerts/create', body, { 'idempotency-key': 'retry' });
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.json().alert.id).not.toBe(fixed.json().alert.id);
    expect(await countAlerts(c.userId)).toBe(2);
  });

  it('refuses a malformed key', async () => {
    const c = await v1Account(t.app);
    for (const key of ['has space', 'x'.repeat(256), 'caf\u00e9']) {
      expectV1Error(await c.post('/v1/alerts/create', body, { 'idempotency-key': key }), 400, 'bad_request', IDEMPOTENCY_KEY_MESSAGE);
    }
    expect(await countAlerts(c.userId)).toBe(0);
  });
});
