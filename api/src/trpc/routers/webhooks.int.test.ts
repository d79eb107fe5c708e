import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  verifyWebhookSignature,
  WEBHOOK_LEGACY_SIGNATURE_SUNSET,
  type Alert,
  type AlertFiredEvent,
  type WebhookDelivery,
  type WebhookSecret,
} from '@coinsight/contracts';
import { seedAssets } from '@coinsight/db';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAlerts } from '../../services/alerts/check.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, verifiedSignup } from '../../test/auth.js';
import { trpcCaller } from '../../test/trpc.js';
import { startWebhookReceiver, type ReceivedWebhook } from '../../test/webhook-receiver.js';
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

async function newUser(t: TestApp) {
  const { token, user } = await verifiedSignup(t.app);
  const calls = trpcCaller(t.app, bearer(token));
  return {
    id: user.id,
    ...calls,
    /** A BTC "above 1" alert (fireBtc crosses it) that POSTs to `webhookUrl` and mails nothing. */
    hookBtc: (webhookUrl: string) =>
      calls.mutate<Alert>('alerts.create', { symbol: 'BTC', price: 1, condition: 'above', email: false, webhookUrl }),
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

/** The three Standard Webhooks headers of a delivery, as a receiver hands them to the library. */
const standardHeaders = (hit: ReceivedWebhook) => ({
  'webhook-id': String(hit.headers['webhook-id']),
  'webhook-timestamp': String(hit.headers['webhook-timestamp']),
  'webhook-signature': String(hit.headers['webhook-signature']),
});

/** Some other account's secret, in the same form. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The docs' ```js block that mentions `marker`, written to a file and imported as a customer's
 * module. Inside this package (under node_modules/.cache), so its own imports (`standardwebhooks`)
 * resolve as they would in the customer's project.
 */
async function importDocBlock<T>(docs: string, marker: string): Promise<T> {
  const block = [...docs.matchAll(/```js\n([\s\S]*?)```/g)].map((match) => match[1]!).find((code) => code.includes(marker));
  if (!block) throw new Error(`docs/webhooks.md has no js block with ${marker}`);
  const dir = new URL('../../../node_modules/.cache/', import.meta.url);
  await mkdir(dir, { recursive: true });
  const file = path.join(await mkdtemp(path.join(fileURLToPath(dir), 'webhook-doc-')), 'verify.mjs');
  await writeFile(file, block);
  return (await import(pathToFileURL(file).href)) as T;
}

describe(`webhooks (${process.env.TEST_DB})`, () => {
  it('a fired alert reaches its endpoint as a signed POST; the signature verifies, a tampered body or an old timestamp does not', async () => {
    const receiver = await startWebhookReceiver([200]);
    try {
      const user = await newUser(open);
      const created = await user.hookBtc(`${receiver.url}/hooks/coinsight`);
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

      // Standard Webhooks: the library verifies the delivery as received, with the secret settings show.
      const { secret } = (await user.query<WebhookSecret>('webhooks.secret')).data;
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(hit!.headers['webhook-id']).toBe(event.id);
      expect(hit!.headers['webhook-timestamp']).toMatch(/^\d+$/);
      expect(hit!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      expect(new Webhook(secret).verify(hit!.body, standardHeaders(hit!))).toEqual(event);
      expect(() => new Webhook(secret).verify(hit!.body.replace('50000', '50001'), standardHeaders(hit!))).toThrow(
        WebhookVerificationError,
      );
      expect(() => new Webhook(newSecret()).verify(hit!.body, standardHeaders(hit!))).toThrow('No matching signature found');
      const stale = { ...standardHeaders(hit!), 'webhook-timestamp': String(Math.floor(Date.now() / 1000) - 301) };
      expect(() => new Webhook(secret).verify(hit!.body, stale)).toThrow('Message timestamp too old');

      // The docs' Standard Webhooks example, run as a customer would copy it.
      const docs = await readFile(new URL('../../../../docs/webhooks.md', import.meta.url), 'utf8');
      const { verifyDelivery } = await importDocBlock<{
        verifyDelivery: (secret: string, headers: Record<string, string>, body: string) => unknown;
      }>(docs, 'standardwebhooks');
      expect(verifyDelivery(secret, standardHeaders(hit!), hit!.body)).toEqual(event);
      expect(() => verifyDelivery(secret, standardHeaders(hit!), `${hit!.body} `)).toThrow('No matching signature found');

      // The deprecated Coinsight-Signature still comes, and still verifies with the same secret.
      const header = String(hit!.headers['coinsight-signature']);
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(header.slice(2, header.indexOf(','))).toBe(hit!.headers['webhook-timestamp']);
      expect(await verifyWebhookSignature(secret, header, hit!.body)).toBe(true);
      expect(await verifyWebhookSignature(secret, header, hit!.body.replace('50000', '50001'))).toBe(false);
      expect(await verifyWebhookSignature(`${secret}x`, header, hit!.body)).toBe(false);
      const signedAt = Number(/t=(\d+)/.exec(header)![1]);
      expect(await verifyWebhookSignature(secret, header, hit!.body, 300, signedAt + 301)).toBe(false);
      expect(await verifyWebhookSignature(secret, header, hit!.body, 300, signedAt + 299)).toBe(true);

      // The docs' legacy example, likewise.
      const { verifyCoinsightSignature } = await importDocBlock<{
        verifyCoinsightSignature: (secret: string, header: string, body: string | Buffer) => boolean;
      }>(docs, 'verifyCoinsightSignature');
      expect(verifyCoinsightSignature(secret, header, hit!.body)).toBe(true);
      expect(verifyCoinsightSignature(secret, header, Buffer.from(hit!.body))).toBe(true);
      expect(verifyCoinsightSignature(secret, header, hit!.body.replace('50000', '50001'))).toBe(false);
      expect(verifyCoinsightSignature(secret, header.replace(/t=\d+/, `t=${signedAt - 600}`), hit!.body)).toBe(false);

      const deliveries = (await user.query<WebhookDelivery[]>('webhooks.deliveries')).data;
      expect(deliveries).toEqual([
        {
          id: Number(hit!.headers['coinsight-delivery']),
          alertId: created.data.id,
          channel: 'webhook',
          url: `${receiver.url}/hooks/coinsight`,
          event: 'alert.fired',
          status: 'delivered',
          attempts: [{ attempt: 1, at: firedAt.toISOString(), statusCode: 200, error: null, durationMs: expect.any(Number) }],
          nextAttemptAt: null,
          createdAt: expect.any(String),
          deliveredAt: firedAt.toISOString(),
        },
      ]);
    } finally {
      await receiver.close();
    }
  });

  it('rotation: for 24 hours both secrets sign (two entries, both verify); after that only the new one', async () => {
    const receiver = await startWebhookReceiver([200]);
    try {
      const user = await newUser(open);
      const created = await user.hookBtc(receiver.url);
      const old = (await user.query<WebhookSecret>('webhooks.secret')).data;
      expect(old.previousSecretExpiresAt).toBeNull();

      const rotated = (await user.mutate<WebhookSecret>('webhooks.rotateSecret')).data;
      expect(rotated.secret).not.toBe(old.secret);
      const rotatedAt = Date.parse(rotated.rotatedAt!);
      expect(rotated.previousSecretExpiresAt).toBe(new Date(rotatedAt + 24 * 3_600_000).toISOString());
      expect((await user.query<WebhookSecret>('webhooks.secret')).data).toEqual(rotated);

      // The job's clock, not a sleep: 23 hours after the rotation, then 25.
      const deliverAt = async (hours: number) => {
        await user.mutate('alerts.update', { id: created.data.id, rearm: true });
        await fireBtc(open);
        expect(await deliver(new Date(rotatedAt + hours * 3_600_000))).toMatchObject({ attempted: 1, delivered: 1 });
        return receiver.received.at(-1)!;
      };

      const inside = await deliverAt(23);
      expect(String(inside.headers['webhook-signature']).split(' ')).toEqual([
        expect.stringMatching(/^v1,/),
        expect.stringMatching(/^v1,/),
      ]);
      expect(new Webhook(rotated.secret).verify(inside.body, standardHeaders(inside))).toMatchObject({ type: 'alert.fired' });
      expect(new Webhook(old.secret).verify(inside.body, standardHeaders(inside))).toMatchObject({ type: 'alert.fired' });
      const insideLegacy = String(inside.headers['coinsight-signature']);
      expect(await verifyWebhookSignature(rotated.secret, insideLegacy, inside.body)).toBe(true);
      expect(await verifyWebhookSignature(old.secret, insideLegacy, inside.body)).toBe(true);

      const after = await deliverAt(25);
      expect(String(after.headers['webhook-signature'])).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      expect(new Webhook(rotated.secret).verify(after.body, standardHeaders(after))).toMatchObject({ type: 'alert.fired' });
      expect(() => new Webhook(old.secret).verify(after.body, standardHeaders(after))).toThrow('No matching signature found');
      const afterLegacy = String(after.headers['coinsight-signature']);
      expect(await verifyWebhookSignature(rotated.secret, afterLegacy, after.body)).toBe(true);
      expect(await verifyWebhookSignature(old.secret, afterLegacy, after.body)).toBe(false);
    } finally {
      await receiver.close();
    }
  });

  it('a secret issued before Standard Webhooks is shown in standard base64 and keeps verifying, the legacy header with either spelling', async () => {
    const receiver = await startWebhookReceiver([200]);
    try {
      const user = await newUser(open);
      await user.hookBtc(receiver.url);
      // As the server issued them until now: URL-safe base64 without padding. These bytes spell both `-` and `_` there.
      const bytes = Buffer.from(`fbff${'ab'.repeat(30)}`, 'hex');
      const issued = `whsec_${bytes.toString('base64url')}`;
      expect(issued).toMatch(/[-_]/);
      await open.app.db.updateTable('webhook_secrets').set({ secret: issued }).where('user_id', '=', user.id).execute();

      const { secret } = (await user.query<WebhookSecret>('webhooks.secret')).data;
      expect(secret).toBe(`whsec_${bytes.toString('base64')}`);
      expect(() => new Webhook(issued)).toThrow(); // Why it is shown re-spelt: the library refuses the URL-safe alphabet.

      await deliver(await fireBtc(open));
      const [hit] = receiver.received;
      expect(new Webhook(secret).verify(hit!.body, standardHeaders(hit!))).toMatchObject({ type: 'alert.fired' });
      const legacy = String(hit!.headers['coinsight-signature']);
      expect(await verifyWebhookSignature(issued, legacy, hit!.body)).toBe(true);
      expect(await verifyWebhookSignature(secret, legacy, hit!.body)).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it(`Coinsight-Signature is sent through ${WEBHOOK_LEGACY_SIGNATURE_SUNSET} (UTC) and not after`, async () => {
    const receiver = await startWebhookReceiver([200]);
    try {
      const user = await newUser(open);
      const created = await user.hookBtc(receiver.url);
      const lastDay = Date.parse(`${WEBHOOK_LEGACY_SIGNATURE_SUNSET}T23:59:59Z`);
      await fireBtc(open);
      expect(await deliver(new Date(lastDay))).toMatchObject({ delivered: 1 });
      await user.mutate('alerts.update', { id: created.data.id, rearm: true });
      await fireBtc(open);
      expect(await deliver(new Date(lastDay + 1_000))).toMatchObject({ delivered: 1 });
      expect(receiver.received.map((hit) => hit.headers['coinsight-signature'] !== undefined)).toEqual([true, false]);
      const { secret } = (await user.query<WebhookSecret>('webhooks.secret')).data;
      for (const hit of receiver.received)
        expect(new Webhook(secret).verify(hit.body, standardHeaders(hit))).toMatchObject({ type: 'alert.fired' });
    } finally {
      await receiver.close();
    }
  });

  it('a 500 is retried after the backoff and a 200 then delivers: two attempts recorded', async () => {
    const receiver = await startWebhookReceiver([500, 200]);
    try {
      const user = await newUser(open);
      await user.hookBtc(receiver.url);
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
      // Standard Webhooks' idempotency key: the event's id, the same on the retry, which is signed afresh.
      const eventId = (JSON.parse(receiver.received[0]!.body) as AlertFiredEvent).id;
      expect(receiver.received.map((hit) => hit.headers['webhook-id'])).toEqual([eventId, eventId]);
      const { secret } = (await user.query<WebhookSecret>('webhooks.secret')).data;
      for (const hit of receiver.received)
        expect(new Webhook(secret).verify(hit.body, standardHeaders(hit))).toMatchObject({ id: eventId });
    } finally {
      await receiver.close();
    }
  });

  it('a 400 fails the delivery without a retry; an endpoint that never answers 2xx is given up after six attempts', async () => {
    const refusing = await startWebhookReceiver([400]);
    const broken = await startWebhookReceiver([503]);
    try {
      const user = await newUser(open);
      await user.hookBtc(refusing.url);
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
    await user.hookBtc(receiver.url);
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
    expect(res.error?.data).toMatchObject({ param: 'webhookUrl' });
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
      await user.hookBtc(receiver.url);
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
      await owner.hookBtc(receiver.url);
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
