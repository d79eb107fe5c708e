import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { verifyWebhookSignature, type Alert, type AlertFiredEvent, type WebhookDelivery, type WebhookSecret } from '@coinsight/contracts';
import { seedAssets } from '@coinsight/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAlerts } from '../../services/alerts/check.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, verifiedSignup } from '../../test/auth.js';
import { startWebhookReceiver } from '../../test/webhook-receiver.js';
import { deliverWebhooks } from '../../services/webhooks/deliver.js';
import { atTime } from '../../services/clock.js';

// `open`: WEBHOOK_ALLOW_PRIVATE on, so deliveries reach the local receiver; `strict`: the default.
let open: TestApp;
let strict: TestApp;
// The check and the job read time from `now`; each step moves this clock forward instead of sleeping.
let clock = Date.now();
const later = (ms: number) => new Date((clock += ms));

beforeAll(async () => {
  open = await createTestApp({ webhooks: { allowPrivate: true } });
  strict = await createTestApp();
  await Promise.all([open.app.ready(), strict.app.ready()]);
  await seedAssets(open.app.db);
  await seedAssets(strict.app.db);
});

afterAll(async () => {
  await open?.close();
  await strict?.close();
});

async function call<T>(t: TestApp, kind: 'query' | 'mutation', path: string, input: unknown, headers: Record<string, string>) {
  const res =
    kind === 'query'
      ? await t.app.inject({
          method: 'GET',
          url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          headers,
        })
      : await t.app.inject({ method: 'POST', url: `/trpc/${path}`, headers, payload: input ?? {} });
  const body = res.json() as { result?: { data: T }; error?: { message: string } };
  return { status: res.statusCode, data: body.result?.data as T, error: body.error };
}

async function newUser(t: TestApp) {
  const { token, user } = await verifiedSignup(t.app);
  const auth = bearer(token);
  return {
    id: user.id,
    query: <T>(path: string, input?: unknown) => call<T>(t, 'query', path, input, auth),
    mutate: <T>(path: string, input?: unknown) => call<T>(t, 'mutation', path, input, auth),
  };
}

/** A tick that crosses every BTC "above 1" alert, and the check the tick job runs after it. */
async function fireBtc(t: TestApp) {
  const now = later(60_000);
  await t.app.db.insertInto('price_ticks').values({ asset: 'BTC', time: now, price: 50_000, volume_24h: null, market_cap: null }).execute();
  await checkAlerts(atTime(t.app.deps, now), {});
  return now;
}

const deliver = (now: Date, deps = open.app.deps) => deliverWebhooks(atTime(deps, now), {});

describe(`webhooks (${process.env.TEST_DB})`, () => {
  it('a fired alert reaches its endpoint as a signed POST; the signature verifies, a tampered body or an old timestamp does not', async () => {
    const receiver = await startWebhookReceiver([200]);
    try {
      const user = await newUser(open);
      const created = await user.mutate<Alert>('alerts.create', {
        symbol: 'BTC',
        price: 1,
        condition: 'above',
        email: false,
        webhookUrl: `${receiver.url}/hooks/coinsight`,
      });
      expect(created.status).toBe(200);
      expect(created.data.webhookUrl).toBe(`${receiver.url}/hooks/coinsight`);
      expect((await user.query<Alert[]>('alerts.list')).data[0]?.webhookUrl).toBe(`${receiver.url}/hooks/coinsight`);

      const firedAt = await fireBtc(open);
      expect(await deliver(firedAt)).toMatchObject({ attempted: 1, delivered: 1 });
      expect(receiver.received).toHaveLength(1);
      const [hit] = receiver.received;
      expect(hit!.path).toBe('/hooks/coinsight');
      expect(hit!.headers['content-type']).toBe('application/json');
      expect(hit!.headers['coinsight-event']).toBe('alert.fired');
      const event = JSON.parse(hit!.body) as AlertFiredEvent;
      expect(event).toEqual({
        id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
        type: 'alert.fired',
        createdAt: firedAt.toISOString(),
        data: {
          alert: { id: created.data.id, kind: 'price', symbol: 'BTC', condition: 'above', threshold: 1 },
          firedAt: firedAt.toISOString(),
          value: 50_000,
        },
      });

      const { secret } = (await user.query<WebhookSecret>('webhooks.secret')).data;
      expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      const header = String(hit!.headers['coinsight-signature']);
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(await verifyWebhookSignature(secret, header, hit!.body)).toBe(true);
      expect(await verifyWebhookSignature(secret, header, hit!.body.replace('50000', '50001'))).toBe(false);
      expect(await verifyWebhookSignature(`${secret}x`, header, hit!.body)).toBe(false);
      const signedAt = Number(/t=(\d+)/.exec(header)![1]);
      expect(await verifyWebhookSignature(secret, header, hit!.body, 300, signedAt + 301)).toBe(false);
      expect(await verifyWebhookSignature(secret, header, hit!.body, 300, signedAt + 299)).toBe(true);

      // The example in docs/webhooks.md, run as a customer would copy it.
      const docs = await readFile(new URL('../../../../docs/webhooks.md', import.meta.url), 'utf8');
      const example = /```js\n([\s\S]*?)```/.exec(docs)![1]!;
      const file = path.join(await mkdtemp(path.join(tmpdir(), 'webhook-doc-')), 'verify.mjs');
      await writeFile(file, example);
      const { verifyCoinsightSignature } = (await import(pathToFileURL(file).href)) as {
        verifyCoinsightSignature: (secret: string, header: string, body: string | Buffer) => boolean;
      };
      expect(verifyCoinsightSignature(secret, header, hit!.body)).toBe(true);
      expect(verifyCoinsightSignature(secret, header, Buffer.from(hit!.body))).toBe(true);
      expect(verifyCoinsightSignature(secret, header, hit!.body.replace('50000', '50001'))).toBe(false);
      expect(verifyCoinsightSignature(secret, header.replace(/t=\d+/, `t=${signedAt - 600}`), hit!.body)).toBe(false);

      const deliveries = (await user.query<WebhookDelivery[]>('webhooks.deliveries')).data;
      expect(deliveries).toEqual([
        {
          id: Number(hit!.headers['coinsight-delivery']),
          alertId: created.data.id,
          url: `${receiver.url}/hooks/coinsight`,
          event: 'alert.fired',
          status: 'delivered',
          attempts: [{ attempt: 1, at: firedAt.toISOString(), statusCode: 200, error: null, durationMs: expect.any(Number) }],
          nextAttemptAt: null,
          createdAt: expect.any(String),
          deliveredAt: firedAt.toISOString(),
        },
      ]);

      // Rotation: the next delivery is signed with the new secret, and the old one no longer verifies.
      const rotated = (await user.mutate<WebhookSecret>('webhooks.rotateSecret')).data;
      expect(rotated.secret).not.toBe(secret);
      expect(rotated.rotatedAt).not.toBeNull();
      expect((await user.query<WebhookSecret>('webhooks.secret')).data.secret).toBe(rotated.secret);
      await user.mutate('alerts.update', { id: created.data.id, rearm: true });
      await deliver(await fireBtc(open));
      const second = receiver.received[1]!;
      expect(await verifyWebhookSignature(rotated.secret, String(second.headers['coinsight-signature']), second.body)).toBe(true);
      expect(await verifyWebhookSignature(secret, String(second.headers['coinsight-signature']), second.body)).toBe(false);
    } finally {
      await receiver.close();
    }
  });

  it('a 500 is retried after the backoff and a 200 then delivers: two attempts recorded', async () => {
    const receiver = await startWebhookReceiver([500, 200]);
    try {
      const user = await newUser(open);
      await user.mutate('alerts.create', { symbol: 'BTC', price: 1, condition: 'above', email: false, webhookUrl: receiver.url });
      const firedAt = await fireBtc(open);
      // Other tests' deliveries are all settled by now: counts here are this delivery's.
      expect(await deliver(firedAt)).toMatchObject({ attempted: 1, retrying: 1 });
      expect(await deliver(new Date(firedAt.getTime() + 29_000))).toMatchObject({ attempted: 0 });
      let [delivery] = (await user.query<WebhookDelivery[]>('webhooks.deliveries')).data;
      expect(delivery).toMatchObject({ status: 'pending', nextAttemptAt: new Date(firedAt.getTime() + 30_000).toISOString() });
      expect(delivery!.attempts).toEqual([expect.objectContaining({ attempt: 1, statusCode: 500, error: null })]);

      expect(await deliver(new Date(firedAt.getTime() + 30_000))).toMatchObject({ attempted: 1, delivered: 1 });
      [delivery] = (await user.query<WebhookDelivery[]>('webhooks.deliveries')).data;
      expect(delivery!.status).toBe('delivered');
      expect(delivery!.attempts.map((attempt) => attempt.statusCode)).toEqual([500, 200]);
      expect(receiver.received).toHaveLength(2);
      // The same event both times: the receiver dedupes on its id.
      expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
      expect(receiver.received[1]!.headers['coinsight-delivery']).toBe(receiver.received[0]!.headers['coinsight-delivery']);
    } finally {
      await receiver.close();
    }
  });

  it('a 400 fails the delivery without a retry; an endpoint that never answers 2xx is given up after six attempts', async () => {
    const refusing = await startWebhookReceiver([400]);
    const broken = await startWebhookReceiver([503]);
    try {
      const user = await newUser(open);
      await user.mutate('alerts.create', { symbol: 'BTC', price: 1, condition: 'above', email: false, webhookUrl: refusing.url });
      await user.mutate('alerts.create', { symbol: 'BTC', price: 2, condition: 'above', email: false, webhookUrl: broken.url });
      const firedAt = await fireBtc(open);
      let at = firedAt.getTime();
      await deliver(new Date(at));
      for (const delay of [30, 120, 600, 3_600, 21_600]) {
        at += delay * 1000;
        expect(await deliver(new Date(at))).toMatchObject({ attempted: 1 });
      }
      expect(await deliver(new Date(at + 86_400_000))).toMatchObject({ attempted: 0 });

      const deliveries = (await user.query<WebhookDelivery[]>('webhooks.deliveries')).data;
      const byUrl = new Map(deliveries.map((delivery) => [delivery.url, delivery]));
      expect(byUrl.get(refusing.url)).toMatchObject({ status: 'failed', nextAttemptAt: null });
      expect(byUrl.get(refusing.url)!.attempts.map((attempt) => attempt.statusCode)).toEqual([400]);
      expect(byUrl.get(broken.url)!.status).toBe('failed');
      expect(byUrl.get(broken.url)!.attempts.map((attempt) => attempt.statusCode)).toEqual([503, 503, 503, 503, 503, 503]);
      expect(refusing.received).toHaveLength(1);
      expect(broken.received).toHaveLength(6);
    } finally {
      await refusing.close();
      await broken.close();
    }
  });

  it('no answer at all is recorded as the error and retried', async () => {
    const receiver = await startWebhookReceiver();
    await receiver.close(); // Nothing listens on its port now.
    const user = await newUser(open);
    await user.mutate('alerts.create', { symbol: 'BTC', price: 1, condition: 'above', email: false, webhookUrl: receiver.url });
    expect(await deliver(await fireBtc(open))).toMatchObject({ attempted: 1, retrying: 1 });
    const [delivery] = (await user.query<WebhookDelivery[]>('webhooks.deliveries')).data;
    expect(delivery).toMatchObject({ status: 'pending' });
    expect(delivery!.attempts).toEqual([expect.objectContaining({ statusCode: null, error: 'connection refused' })]);
    // Settled by hand, so the later tests' job runs count only their own deliveries.
    await open.app.db.updateTable('webhook_deliveries').set({ status: 'failed' }).where('status', '=', 'pending').execute();
  });

  it('connects to the address checked, whatever the name resolves to later: the Host header keeps the name', async () => {
    const receiver = await startWebhookReceiver([204]);
    try {
      const user = await newUser(open);
      // This name resolves nowhere: only the address the guard answered can carry the request.
      const url = `http://hooks.coinsight-test.invalid:${receiver.port}/pinned`;
      await open.app.db
        .insertInto('alerts')
        .values({ user_id: user.id, kind: 'price', symbol: 'BTC', condition: 'above', threshold: 1, email: false, webhook_url: url })
        .execute();
      const firedAt = await fireBtc(open);
      let lookups = 0;
      const resolve = async () => {
        lookups += 1;
        return [{ address: '127.0.0.1', family: 4 }];
      };
      expect(await deliverWebhooks(atTime(open.app.deps, firedAt), { resolve })).toMatchObject({ attempted: 1, delivered: 1 });
      expect(lookups).toBe(1);
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]!.headers.host).toBe(`hooks.coinsight-test.invalid:${receiver.port}`);
      expect(receiver.received[0]!.path).toBe('/pinned');
    } finally {
      await receiver.close();
    }
  });

  it('an endpoint that does not answer in time is recorded as a timeout and retried', async () => {
    const silent = createServer(() => undefined); // Accepts, reads, never answers.
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const user = await newUser(open);
      const { port } = silent.address() as AddressInfo;
      await user.mutate('alerts.create', {
        symbol: 'BTC',
        price: 1,
        condition: 'above',
        email: false,
        webhookUrl: `http://127.0.0.1:${port}/`,
      });
      expect(await deliverWebhooks(atTime(open.app.deps, await fireBtc(open)), { timeoutMs: 200 })).toMatchObject({
        attempted: 1,
        retrying: 1,
      });
      const [delivery] = (await user.query<WebhookDelivery[]>('webhooks.deliveries')).data;
      expect(delivery!.attempts).toEqual([expect.objectContaining({ statusCode: null, error: 'timed out after 200 ms' })]);
      await open.app.db.updateTable('webhook_deliveries').set({ status: 'failed' }).where('status', '=', 'pending').execute();
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it.each([
    'http://127.0.0.1/hook',
    'http://10.0.0.1/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://localhost:8080/hook',
    'http://metadata.google.internal/computeMetadata/v1/',
  ])('creating an alert with webhookUrl %s is a 400', async (webhookUrl) => {
    const user = await newUser(strict);
    const res = await user.mutate('alerts.create', { symbol: 'BTC', price: 1, condition: 'above', webhookUrl });
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe('webhookUrl must resolve to a public address');
    expect((await user.query<Alert[]>('alerts.list')).data).toEqual([]);
  });

  it.each(['ftp://example.com/hook', 'javascript:alert(1)', 'not a url', `https://example.com/${'a'.repeat(2048)}`])(
    'webhookUrl %s is refused by the schema',
    async (webhookUrl) => {
      const user = await newUser(strict);
      const res = await user.mutate('alerts.create', { symbol: 'BTC', price: 1, condition: 'above', webhookUrl });
      expect(res.status).toBe(400);
      expect(res.error?.message).toMatch(/^webhookUrl must be (an http\(s\) URL|at most 2048 characters)$/);
    },
  );

  it('a public address is accepted; without webhookUrl the alert has none', async () => {
    const user = await newUser(strict);
    const withHook = await user.mutate<Alert>('alerts.create', {
      symbol: 'BTC',
      price: 1,
      condition: 'above',
      webhookUrl: 'https://93.184.215.14/hook',
    });
    expect(withHook.status).toBe(200);
    expect(withHook.data.webhookUrl).toBe('https://93.184.215.14/hook');
    const plain = await user.mutate<Alert>('alerts.create', { symbol: 'ETH', price: 1, condition: 'above' });
    expect(plain.data.webhookUrl).toBeNull();
  });

  it('at delivery, loopback and a name that now resolves to a refused address fail without a request', async () => {
    const receiver = await startWebhookReceiver([200]);
    try {
      // Accepted while private addresses were allowed; delivered by an instance where they are not.
      const user = await newUser(open);
      await user.mutate('alerts.create', { symbol: 'BTC', price: 1, condition: 'above', email: false, webhookUrl: receiver.url });
      const addresses = ['::1', '::ffff:127.0.0.1', '169.254.169.254', '10.0.0.1'];
      await open.app.db
        .insertInto('alerts')
        .values(
          addresses.map((_address, index) => ({
            user_id: user.id,
            kind: 'price' as const,
            symbol: 'BTC',
            condition: 'above' as const,
            threshold: 3 + index,
            email: false,
            webhook_url: `https://rebind-${index}.example.com/hook`,
          })),
        )
        .execute();
      const firedAt = await fireBtc(open);
      const resolve = async (hostname: string) => {
        const address = addresses[Number(/rebind-(\d)/.exec(hostname)![1])]!;
        return [{ address, family: address.includes(':') ? 6 : 4 }];
      };
      const strictDeps = { ...open.app.deps, webhooks: { allowPrivate: false } };
      expect(await deliverWebhooks(atTime(strictDeps, firedAt), { resolve })).toMatchObject({ attempted: 5, failed: 5 });
      expect(receiver.received).toHaveLength(0);
      const deliveries = (await user.query<WebhookDelivery[]>('webhooks.deliveries')).data;
      expect(deliveries).toHaveLength(5);
      for (const delivery of deliveries) {
        expect(delivery.status).toBe('failed');
        expect(delivery.attempts).toEqual([
          expect.objectContaining({ statusCode: null, error: 'webhookUrl must resolve to a public address' }),
        ]);
      }
    } finally {
      await receiver.close();
    }
  });

  it("another user's deliveries and secret are never visible", async () => {
    const receiver = await startWebhookReceiver([200]);
    try {
      const owner = await newUser(open);
      const other = await newUser(open);
      await owner.mutate('alerts.create', { symbol: 'BTC', price: 1, condition: 'above', email: false, webhookUrl: receiver.url });
      await deliver(await fireBtc(open));
      expect((await owner.query<WebhookDelivery[]>('webhooks.deliveries')).data).toHaveLength(1);
      expect((await other.query<WebhookDelivery[]>('webhooks.deliveries')).data).toEqual([]);
      const mine = (await owner.query<WebhookSecret>('webhooks.secret')).data.secret;
      const theirs = (await other.query<WebhookSecret>('webhooks.secret')).data.secret;
      expect(theirs).not.toBe(mine);
      const anonymous = await open.app.inject({ method: 'GET', url: '/trpc/webhooks.deliveries' });
      expect(anonymous.statusCode).toBe(401);
      // The secret never reaches the log.
      expect(open.logs.join('')).not.toContain(mine);
    } finally {
      await receiver.close();
    }
  });
});
