import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local server speaking the part of Stripe's HTTP API that Coinsight uses, for tests without the
// internet. Each answer's shape follows Stripe's API reference (https://docs.stripe.com/api);
// the part of it each was taken from is named beside it ("ref: …"). The `stripe` client is pointed here
// through its documented host/port/protocol options (ref: SDK), and events are signed the way
// Stripe signs them (ref: Signing): `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`
// keyed with the whole whsec_… string. It is plain node:http so the browser tests can run it too.

export const FAKE_API_VERSION = '2026-10-28.endive'; // ref: SDK (the version stripe@23.1.0 pins)

/** The metered Pro price's unit_amount_decimal: $0.15 per 1,000 calls = 0.015 cents a call (ref: Metered price (a)). */
export const UNIT_AMOUNT_CENTS = 0.015;

type Obj = Record<string, unknown>;

/** Stripe's /v1 form encoding with bracket keys (`line_items[0][price]=…`, ref: SDK) back into objects. */
export function parseStripeForm(body: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Obj = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Obj;
    });
  }
  return root;
}

/** The Stripe-Signature header for `payload` (ref: Signing; cjs/Webhooks.js). */
export function stripeSignature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface FakeStripeOptions {
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  meterEventName: string;
}

export interface MeterEventRecord {
  identifier: string;
  customer: string;
  value: number;
  timestamp: number;
}

export interface FakeStripe {
  url: string;
  host: string;
  port: number;
  /** Where signed events are POSTed (the app's /api/billing/stripe-webhook); set once the app listens. */
  webhookUrl: string | undefined;
  customers: Map<string, Obj>;
  sessions: Map<string, Obj>;
  /** Billing portal sessions opened, with their return_url. */
  portalSessions: Obj[];
  subscriptions: Map<string, Obj>;
  invoices: Obj[];
  /** Accepted meter events, one per identifier (Stripe de-duplicates on it, ref: Meter events). */
  meterEvents: Map<string, MeterEventRecord>;
  /** Every meter event POST that reached the handler (an Idempotency-Key replay does not). */
  meterEventPosts: MeterEventRecord[];
  /** Every API request: method, path and Idempotency-Key, replays included. */
  requests: Array<{ method: string; path: string; idempotencyKey: string | undefined }>;
  /** Called after each accepted meter event, before the answer is written (tests crash the reporter here). */
  onMeterEvent: ((event: MeterEventRecord) => void) | undefined;
  /** A Stripe event as Stripe sends it (ref: Webhook events, event shape). */
  event(type: string, object: Obj): Obj;
  /** Signs and POSTs an event to webhookUrl; answers the app's status. */
  deliver(event: Obj, options?: { secret?: string; timestamp?: number; signature?: string }): Promise<number>;
  /** What the checkout page's Pay button does: the subscription starts, and its events are sent. */
  completeCheckout(sessionId: string, options?: { send?: boolean }): Promise<{ subscription: Obj; events: Obj[] }>;
  /** A renewal's payment fails: the subscription goes past_due and Stripe says so. */
  failPayment(subscriptionId: string, options?: { send?: boolean }): Promise<Obj[]>;
  /** An invoice for metered calls (the month's close), paid or open. */
  addInvoice(customer: string, calls: number, status?: 'paid' | 'open'): Obj;
  close(): Promise<void>;
}

const send = (res: ServerResponse, status: number, body: unknown, type = 'application/json') => {
  res.writeHead(status, { 'content-type': type, 'request-id': newId('req') });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

// ref: Keys, errors, idempotency (error body).
const stripeError = (res: ServerResponse, status: number, message: string, type = 'invalid_request_error') =>
  send(res, status, { error: { type, message } });

// ref: Webhook events ("items.data[].current_period_end", status, cancel_at_period_end, ended_at).
function subscriptionObject(customer: string, priceId: string, metadata: Obj): Obj {
  const start = nowSeconds();
  const id = newId('sub');
  return {
    id,
    object: 'subscription',
    customer,
    status: 'active',
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    created: start,
    livemode: false,
    metadata,
    items: {
      object: 'list',
      data: [
        {
          id: newId('si'),
          object: 'subscription_item',
          subscription: id,
          price: { id: priceId, object: 'price', recurring: { interval: 'month', usage_type: 'metered' } },
          current_period_start: start,
          current_period_end: start + 30 * 86_400,
        },
      ],
      has_more: false,
    },
  };
}

// ref: Webhook events ("invoice.paid|payment_failed": status, amount_due/paid, attempt_count,
// billing_reason; the subscription at parent.subscription_details.subscription).
function invoiceObject(customer: string, subscription: string | null, calls: number, status: 'paid' | 'open', amountCents: number): Obj {
  const created = nowSeconds();
  return {
    id: newId('in'),
    object: 'invoice',
    number: `FAKE-${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
    customer,
    created,
    period_start: created - 30 * 86_400,
    period_end: created,
    status,
    amount_due: amountCents,
    amount_paid: status === 'paid' ? amountCents : 0,
    currency: 'usd',
    attempt_count: 1,
    billing_reason: subscription ? 'subscription_cycle' : 'manual',
    hosted_invoice_url: `https://invoice.stripe.test/${created}`,
    livemode: false,
    parent: subscription ? { type: 'subscription_details', subscription_details: { subscription } } : null,
    lines: { object: 'list', data: [{ id: newId('il'), object: 'line_item', quantity: calls }], has_more: false },
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let base = '';

  const fake: FakeStripe = {
    url: '',
    host: '127.0.0.1',
    port: 0,
    webhookUrl: undefined,
    customers: new Map(),
    sessions: new Map(),
    portalSessions: [],
    subscriptions: new Map(),
    invoices: [],
    meterEvents: new Map(),
    meterEventPosts: [],
    requests: [],
    onMeterEvent: undefined,
    event: (type, object) => ({
      // ref: Webhook events (event shape).
      id: newId('evt'),
      object: 'event',
      api_version: FAKE_API_VERSION,
      created: nowSeconds(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    }),
    async deliver(event, opts = {}) {
      if (!fake.webhookUrl) throw new Error('fake Stripe: no webhookUrl to deliver to');
      const payload = JSON.stringify(event);
      const signature = opts.signature ?? stripeSignature(payload, opts.secret ?? options.webhookSecret, opts.timestamp);
      const res = await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      });
      await res.arrayBuffer();
      return res.status;
    },
    async completeCheckout(sessionId, opts = {}) {
      const session = fake.sessions.get(sessionId);
      if (!session) throw new Error(`fake Stripe: no session ${sessionId}`);
      const customer = String(session.customer);
      const subscription = subscriptionObject(customer, options.priceId, (session.subscription_data as Obj | undefined)?.metadata as Obj);
      fake.subscriptions.set(String(subscription.id), subscription);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id, url: null });
      // The first invoice of a metered subscription is for $0 (nothing used yet).
      const invoice = invoiceObject(customer, String(subscription.id), 0, 'paid', 0);
      invoice.billing_reason = 'subscription_create';
      fake.invoices.unshift(invoice);
      const events = [
        fake.event('customer.subscription.created', subscription),
        fake.event('checkout.session.completed', session),
        fake.event('invoice.paid', invoice),
      ];
      if (opts.send !== false) for (const e of events) await fake.deliver(e);
      return { subscription, events };
    },
    async failPayment(subscriptionId, opts = {}) {
      const subscription = fake.subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`fake Stripe: no subscription ${subscriptionId}`);
      subscription.status = 'past_due';
      const invoice = invoiceObject(String(subscription.customer), subscriptionId, 1000, 'open', 15);
      fake.invoices.unshift(invoice);
      const events = [fake.event('invoice.payment_failed', invoice), fake.event('customer.subscription.updated', subscription)];
      if (opts.send !== false) for (const e of events) await fake.deliver(e);
      return events;
    },
    addInvoice(customer, calls, status = 'paid') {
      const subscription = [...fake.subscriptions.values()].find((s) => s.customer === customer);
      // $0.15 per 1,000 calls = 0.015 cents a call, rounded to the cent on the invoice (ref: Metered price (a)).
      const invoice = invoiceObject(
        customer,
        subscription ? String(subscription.id) : null,
        calls,
        status,
        Math.round(calls * UNIT_AMOUNT_CENTS),
      );
      fake.invoices.unshift(invoice);
      return invoice;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', base);
    const path = url.pathname;
    const raw = await readBody(req);

    // The pages a browser is sent to (Checkout's and the Portal's hosted pages stand-ins).
    const checkoutPage = path.match(/^\/checkout\/(cs_[a-z0-9]+)$/);
    if (checkoutPage?.[1] && req.method === 'GET') {
      const session = fake.sessions.get(checkoutPage[1]);
      if (!session || session.status !== 'open') return send(res, 404, page('Checkout expired', ''), 'text/html');
      return send(
        res,
        200,
        page(
          'Fake Stripe Checkout',
          `<p>Coinsight Pro: $0.15 per 1,000 API calls, billed monthly.</p><form method="post" action="/checkout/${checkoutPage[1]}/pay"><button type="submit">Pay and subscribe</button></form><p><a href="${String(session.cancel_url)}">Cancel</a></p>`,
        ),
        'text/html',
      );
    }
    const pay = path.match(/^\/checkout\/(cs_[a-z0-9]+)\/pay$/);
    if (pay?.[1] && req.method === 'POST') {
      const session = fake.sessions.get(pay[1]);
      if (!session || session.status !== 'open') return send(res, 404, page('Checkout expired', ''), 'text/html');
      await fake.completeCheckout(pay[1]);
      // Some usage billed already, so the tab has an invoice with calls to list.
      fake.addInvoice(String(session.customer), 2_000, 'paid');
      res.writeHead(303, { location: String(session.success_url).replace('{CHECKOUT_SESSION_ID}', pay[1]) });
      return void res.end();
    }
    const portal = path.match(/^\/portal\/(bps_[a-z0-9]+)$/);
    if (portal?.[1] && req.method === 'GET')
      return send(res, 200, page('Fake Stripe billing portal', '<p>Cards, invoices, cancellation.</p>'), 'text/html');

    if (path === '/favicon.ico') {
      res.writeHead(204);
      return void res.end();
    }
    // ref: SDK (headers): every API call carries Authorization: Bearer <key>.
    if (req.headers.authorization !== `Bearer ${options.secretKey}`)
      return stripeError(res, 401, 'Invalid API Key provided', 'invalid_request_error');

    // ref: Keys, errors, idempotency: the first result is replayed for the same key.
    const idempotencyKey = req.headers['idempotency-key'];
    fake.requests.push({ method: req.method ?? '', path, idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined });
    const replayKey =
      typeof idempotencyKey === 'string' && !idempotencyKey.startsWith('stripe-node-retry-') ? `${path}|${idempotencyKey}` : null;
    if (req.method === 'POST' && replayKey && idempotent.has(replayKey)) {
      const stored = idempotent.get(replayKey);
      return send(res, stored?.status ?? 200, stored?.body);
    }
    const answer = (status: number, body: unknown) => {
      if (req.method === 'POST' && replayKey) idempotent.set(replayKey, { status, body });
      send(res, status, body);
    };
    const form = parseStripeForm(req.method === 'GET' ? url.searchParams.toString() : raw);

    if (req.method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        email: form.email ?? null,
        name: form.name ?? null,
        metadata: form.metadata ?? {},
        created: nowSeconds(),
        livemode: false,
      };
      fake.customers.set(customer.id, customer);
      return answer(200, customer);
    }
    // ref: Checkout (params; response id, url, status, payment_status; customer/subscription null until completion).
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const items = form.line_items as Record<string, Obj> | undefined;
      if (form.mode !== 'subscription' || items?.['0']?.price !== options.priceId) return stripeError(res, 400, 'Unknown price or mode');
      if (items['0'].quantity !== undefined)
        return stripeError(res, 400, 'Quantity should not be specified where usage_type is `metered`.');
      const id = `cs_${randomBytes(12).toString('hex')}`;
      const session = {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        url: `${base}/checkout/${id}`,
        customer: form.customer ?? null,
        customer_email: form.customer_email ?? null,
        client_reference_id: form.client_reference_id ?? null,
        metadata: form.metadata ?? {},
        subscription_data: form.subscription_data ?? {},
        subscription: null,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        created: nowSeconds(),
        livemode: false,
      };
      fake.sessions.set(id, session);
      return answer(200, session);
    }
    // ref: Portal (customer, return_url; billing_portal.session with url).
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (typeof form.customer !== 'string' || !fake.customers.has(form.customer))
        return stripeError(res, 400, `No such customer: '${String(form.customer)}'`);
      const id = `bps_${randomBytes(12).toString('hex')}`;
      const portal = {
        id,
        object: 'billing_portal.session',
        customer: form.customer,
        return_url: form.return_url,
        url: `${base}/portal/${id}`,
        livemode: false,
        created: nowSeconds(),
      };
      fake.portalSessions.push(portal);
      return answer(200, portal);
    }
    // ref: Meter events (event_name, payload[stripe_customer_id], payload[value] as strings, identifier, timestamp).
    if (req.method === 'POST' && path === '/v1/billing/meter_events') {
      const payload = (form.payload ?? {}) as Obj;
      const value = Number(payload.value);
      const timestamp = Number(form.timestamp);
      if (form.event_name !== options.meterEventName)
        return stripeError(res, 400, `No active meter found for event_name ${String(form.event_name)}`);
      if (typeof form.identifier !== 'string' || !Number.isFinite(value) || !Number.isInteger(timestamp))
        return stripeError(res, 400, 'identifier, payload[value] and timestamp are required here');
      // ref: Meter events: timestamp within the past 35 days and at most 5 minutes ahead.
      if (timestamp < nowSeconds() - 35 * 86_400 || timestamp > nowSeconds() + 300) return stripeError(res, 400, 'timestamp out of range');
      const record: MeterEventRecord = { identifier: form.identifier, customer: String(payload.stripe_customer_id), value, timestamp };
      fake.meterEventPosts.push(record);
      // ref: Meter events: identifier de-duplicates within a rolling 24 h at least.
      if (!fake.meterEvents.has(record.identifier)) fake.meterEvents.set(record.identifier, record);
      fake.onMeterEvent?.(record);
      return answer(200, {
        object: 'billing.meter_event',
        created: nowSeconds(),
        event_name: form.event_name,
        identifier: record.identifier,
        livemode: false,
        payload,
        timestamp,
      });
    }
    const summaries = path.match(/^\/v1\/billing\/meters\/(mtr_[a-z0-9]+)\/event_summaries$/);
    if (req.method === 'GET' && summaries?.[1]) {
      // ref: Meter (GET …/event_summaries?customer&start_time&end_time).
      const customer = url.searchParams.get('customer');
      const start = Number(url.searchParams.get('start_time'));
      const end = Number(url.searchParams.get('end_time'));
      const total = [...fake.meterEvents.values()]
        .filter((e) => e.customer === customer && e.timestamp >= start && e.timestamp < end)
        .reduce((sum, e) => sum + e.value, 0);
      return answer(200, {
        object: 'list',
        data: [
          {
            id: newId('mtrsum'),
            object: 'billing.meter_event_summary',
            aggregated_value: total,
            start_time: start,
            end_time: end,
            livemode: false,
            meter: summaries[1],
          },
        ],
        has_more: false,
        url: path,
      });
    }
    // ref: Meter; ref: Metered price (recurring[usage_type]=metered + recurring[meter]); products for the setup command.
    if (req.method === 'POST' && path === '/v1/billing/meters')
      return answer(200, {
        id: newId('mtr'),
        object: 'billing.meter',
        event_name: form.event_name,
        display_name: form.display_name,
        status: 'active',
        livemode: false,
      });
    if (req.method === 'POST' && path === '/v1/products')
      return answer(200, { id: newId('prod'), object: 'product', name: form.name, livemode: false });
    if (req.method === 'POST' && path === '/v1/prices')
      return answer(200, {
        id: newId('price'),
        object: 'price',
        product: form.product,
        currency: form.currency,
        recurring: form.recurring,
        unit_amount_decimal: form.unit_amount_decimal,
        livemode: false,
      });

    const subscriptionPath = path.match(/^\/v1\/subscriptions\/(sub_[a-z0-9]+)$/);
    if (subscriptionPath?.[1]) {
      const subscription = fake.subscriptions.get(subscriptionPath[1]);
      if (!subscription) return stripeError(res, 404, `No such subscription: '${subscriptionPath[1]}'`);
      if (req.method === 'POST') {
        if (form.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = form.cancel_at_period_end === 'true';
        // Stripe announces the change too (ref: Webhook events); tests without a listening app deliver by hand.
        if (fake.webhookUrl) void fake.deliver(fake.event('customer.subscription.updated', subscription)).catch(() => undefined);
      }
      return answer(200, subscription);
    }
    // ref: Webhook events (invoice fields); list envelope as every Stripe list.
    if (req.method === 'GET' && path === '/v1/invoices') {
      const customer = url.searchParams.get('customer');
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const data = fake.invoices.filter((i) => i.customer === customer).slice(0, limit);
      return answer(200, { object: 'list', data, has_more: false, url: '/v1/invoices' });
    }
    // `stripe.invoices.createPreview({ customer, subscription })` (stripe@23.1.0 cjs/resources/Invoices.js:
    // POST /v1/invoices/create_preview). Its shape is taken from the SDK:
    // the answer's shape is the SDK's `Invoice` type (cjs/resources/Invoices.d.ts: amount_due, total,
    // period_start/period_end, lines.data[].quantity/amount/period; no id on a preview). Its figures
    // are Stripe's: the meter events received for the customer within the subscription's current
    // period, summed, at the price's unit amount, rounded to the cent once for the line.
    if (req.method === 'POST' && path === '/v1/invoices/create_preview') {
      const customer = typeof form.customer === 'string' ? form.customer : '';
      const subscription =
        typeof form.subscription === 'string'
          ? fake.subscriptions.get(form.subscription)
          : [...fake.subscriptions.values()].find((s) => s.customer === customer);
      if (!subscription || subscription.customer !== customer)
        return stripeError(res, 400, `No upcoming invoices for customer: ${customer}`);
      const item = (subscription.items as { data: Obj[] }).data[0] ?? {};
      const start = Number(item.current_period_start);
      const end = Number(item.current_period_end);
      const calls = [...fake.meterEvents.values()]
        .filter((e) => e.customer === customer && e.timestamp >= start && e.timestamp < end)
        .reduce((sum, e) => sum + e.value, 0);
      const amount = Math.round(calls * UNIT_AMOUNT_CENTS);
      return answer(200, {
        object: 'invoice',
        customer,
        status: 'draft',
        currency: 'usd',
        created: nowSeconds(),
        period_start: start,
        period_end: end,
        subtotal: amount,
        total: amount,
        amount_due: amount,
        amount_paid: 0,
        amount_remaining: amount,
        billing_reason: 'upcoming',
        livemode: false,
        parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
        lines: {
          object: 'list',
          data: [
            {
              id: newId('il'),
              object: 'line_item',
              amount,
              currency: 'usd',
              quantity: calls,
              period: { start, end },
              pricing: { type: 'price_details', price_details: { price: options.priceId }, unit_amount_decimal: String(UNIT_AMOUNT_CENTS) },
            },
          ],
          has_more: false,
        },
      });
    }
    return stripeError(res, 404, `Unrecognized request URL (${req.method} ${path}).`);
  }

  const server: Server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => stripeError(res, 500, error instanceof Error ? error.message : 'fake failed', 'api_error'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${fake.port}`;
  fake.url = base;
  return fake;
}
