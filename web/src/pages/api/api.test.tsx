import { PUBLIC_TEST_API_KEY, type ApiKey } from '@coinsight/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openapiFixture } from '../../test/openapiFixture';
import { renderApp } from '../../test/renderApp';
import { deferred, StubError, testUser, type Handlers } from '../../test/trpcStub';
import { SANDBOX_KEY_STORAGE } from './sandboxKey';

const SECRET = 'cs_live_0123456789ABCDEFGHIJKLMNOPQRSTUVW';

const laptop: ApiKey = {
  id: 3,
  name: 'Laptop',
  prefix: SECRET.slice(0, 12),
  mode: 'live',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: null,
  callsThisMonth: 0,
};

interface V1Call {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
}

/** The browser's fetch, for the non-tRPC calls: /v1/openapi.json and the sandbox's /v1 calls. */
function stubV1(answer: (call: V1Call) => Response | Promise<Response>) {
  const calls: V1Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/v1/openapi.json') return Response.json(openapiFixture);
    const call = {
      url,
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : undefined,
    };
    calls.push(call);
    return answer(call);
  });
  return calls;
}

const pricesAnswer = () =>
  Response.json(
    { data: [{ symbol: 'BTC', price: 64000 }], asOf: '2026-11-23T08:00:00.000Z' },
    {
      status: 200,
      headers: { 'RateLimit-Limit': '100', 'RateLimit-Remaining': '99', 'RateLimit-Reset': '60', 'X-Request-Id': 'req-abc' },
    },
  );

beforeEach(() => {
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/api', () => {
  it('renders the endpoints from the OpenAPI document, with parameters, examples and a sandbox link each', async () => {
    stubV1(() => new Response(null, { status: 404 }));
    renderApp('/api');

    const crypto = await screen.findByRole('region', { name: 'Crypto endpoints' });
    const prices = within(crypto).getByRole('article');
    expect(within(prices).getByRole('heading', { level: 4 }).textContent).toBe('GET /v1/crypto/prices');
    expect(prices.textContent).toContain('Current prices');
    expect(prices.textContent).toContain('symbols (query) required Comma-separated symbols Example: BTC,ETH');
    expect(prices.textContent).toContain(
      `curl '${window.location.origin}/v1/crypto/prices?symbols=BTC,ETH' -H 'Authorization: Bearer YOUR_API_KEY'`,
    );
    expect(prices.textContent).toContain('symbol string required Ticker symbol');
    expect(within(prices).getByRole('link', { name: 'Try it in the Sandbox: Current prices' }).getAttribute('href')).toBe(
      '/sandbox?op=getCryptoPrices',
    );

    const alerts = screen.getByRole('region', { name: 'Alerts endpoints' });
    expect(
      within(alerts)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['POST /v1/alerts/create', 'DELETE /v1/alerts/{id}']);
    expect(alerts.textContent).toContain(`--data '{"symbol":"BTC","price":70000,"condition":"above"}'`);
  });

  it('states the authentication, the limits of each plan, the ways in (curl, then the clients) and which SDKs exist', async () => {
    stubV1(() => new Response(null, { status: 404 }));
    renderApp('/api');

    expect(await screen.findByText('Authorization: Bearer cs_live_…')).toBeTruthy();
    const limits = screen.getByRole('list', { name: 'Limits per plan' });
    expect(
      within(limits)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.split(';')[0]),
    ).toEqual(['Free: 100 requests per minute', 'Pro: 1,000 requests per minute']);
    const sdks = screen.getByRole('list', { name: 'Client libraries' });
    expect(
      within(sdks)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      // From this server, which serves its clients at /downloads/.
      expect.stringContaining(`Node.js: npm install ${window.location.origin}/downloads/coinsight-sdk.tgz`),
      expect.stringContaining(`pip install --index-url ${window.location.origin}/downloads/simple/ coinsight`),
      'Java: not available yet.',
    ]);
    const agents = screen.getByRole('region', { name: 'Agents' });
    expect(agents.textContent).toContain('coinsight mcp');
    expect(agents.textContent).toContain('/mcp');
    expect(within(agents).getByRole('link', { name: '/llms.txt' }).getAttribute('href')).toBe('/llms.txt');
    const ways = screen.getByRole('region', { name: 'Ways in' });
    expect(within(ways).getByRole('tabpanel', { name: 'curl' }).textContent).toContain(`${window.location.origin}/v1/crypto/prices`);
    fireEvent.click(within(ways).getByRole('tab', { name: 'TypeScript' }));
    const typescript = within(ways).getByRole('tabpanel', { name: 'TypeScript' }).textContent;
    expect(typescript).toContain(`npm install ${window.location.origin}/downloads/coinsight-sdk.tgz`);
    expect(typescript).toContain("import { Coinsight } from '@coinsight/sdk'");
  });

  it('says so when the document cannot be loaded, and tries again on request', async () => {
    let fail = true;
    vi.stubGlobal('fetch', async () => (fail ? new Response('{}', { status: 503 }) : Response.json(openapiFixture)));
    renderApp('/api');

    expect(await screen.findByText('The endpoint list could not be loaded. Please try again.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Crypto endpoints' })).toBeTruthy();
  });
});

function sandboxApi(extra: Handlers = {}): Handlers {
  return { 'apiKeys.list': () => [laptop], ...extra };
}

async function openSandbox(path = '/sandbox?op=getCryptoPrices', api: Handlers = sandboxApi()) {
  const view = renderApp(path, { signedInAs: testUser, api });
  await screen.findByRole('form', { name: 'Request' });
  return view;
}

const keyField = () => screen.getByLabelText('API key') as HTMLInputElement;

describe('/sandbox', () => {
  it('shows only the endpoint select until one is chosen; choosing prefills its parameters or body', async () => {
    stubV1(pricesAnswer);
    await openSandbox('/sandbox');

    expect(screen.queryByRole('button', { name: 'Send Request' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Endpoint'), { target: { value: 'getCryptoPrices' } });
    expect(((await screen.findByLabelText('symbols')) as HTMLInputElement).value).toBe('BTC,ETH');
    expect(screen.queryByLabelText('Request body (JSON)')).toBeNull();

    fireEvent.change(screen.getByLabelText('Endpoint'), { target: { value: 'createAlert' } });
    const body = (await screen.findByLabelText('Request body (JSON)')) as HTMLTextAreaElement;
    expect(JSON.parse(body.value)).toEqual({ symbol: 'BTC', price: 70000, condition: 'above' });
    expect((screen.getByLabelText('Idempotency-Key (optional)') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Send Request' })).toBeTruthy();
  });

  it('sends the real call with the pasted key, shows Sending Request... meanwhile, then status, headers, latency and body', async () => {
    const answer = deferred<Response>();
    const calls = stubV1(() => answer.promise);
    await openSandbox();

    fireEvent.change(keyField(), { target: { value: SECRET } });
    expect(screen.getByText('This is your key “Laptop” (cs_live_0123…, live).')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }));

    const sending = await screen.findByRole('button', { name: 'Sending Request...' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/v1/crypto/prices?symbols=BTC,ETH');
    expect(calls[0]?.headers.get('authorization')).toBe(`Bearer ${SECRET}`);

    await act(async () => answer.resolve(pricesAnswer()));
    const panel = screen.getByRole('region', { name: 'Response body' });
    await within(panel).findByText('200');
    expect(within(panel).getByRole('status').textContent).toMatch(/^200 .*in [\d,]+ ms$/);
    expect(panel.textContent).toContain('ratelimit-limit100');
    expect(panel.textContent).toContain('ratelimit-remaining99');
    expect(panel.textContent).toContain('x-request-idreq-abc');
    expect(panel.textContent).toContain('"symbol": "BTC"');
    expect(screen.getByRole('button', { name: 'Send Request' })).toBeTruthy();
  });

  it('shows the same call as curl with the key masked, revealed on request, copied in full', async () => {
    stubV1(pricesAnswer);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await openSandbox();
    fireEvent.change(keyField(), { target: { value: SECRET } });

    const line = screen.getByTestId('curl-line');
    expect(line.textContent).toBe(
      `curl '${window.location.origin}/v1/crypto/prices?symbols=BTC,ETH' -H 'Authorization: Bearer cs_live_0123••••••••'`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show key' }));
    expect(line.textContent).toContain(`Bearer ${SECRET}'`);
    fireEvent.click(screen.getByRole('button', { name: 'Hide key' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy curl command' }));
    await screen.findByText('Copied, with your key, to the clipboard.');
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining(`Bearer ${SECRET}'`));
  });

  it('asks for a key before sending, and creates one for the sandbox that this tab keeps', async () => {
    const calls = stubV1(pricesAnswer);
    const { api } = await openSandbox(
      '/sandbox?op=getCryptoPrices',
      sandboxApi({ 'apiKeys.create': ({ name }) => ({ key: { ...laptop, id: 9, name }, secret: SECRET }) }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Paste an API key, or create one for the sandbox, to send a request.');
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Create a key for the sandbox' }));
    await screen.findByText(/Created the key “Sandbox”/);
    expect(api.callsTo('apiKeys.create')[0]?.input).toEqual({ name: 'Sandbox', mode: 'live' });
    expect(keyField().value).toBe(SECRET);
    expect(JSON.parse(window.sessionStorage.getItem(SANDBOX_KEY_STORAGE) ?? '{}')).toEqual({ userId: testUser.id, secret: SECRET });
    expect(window.localStorage.getItem(SANDBOX_KEY_STORAGE)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Forget this key' }));
    expect(keyField().value).toBe('');
    expect(window.sessionStorage.getItem(SANDBOX_KEY_STORAGE)).toBeNull();
  });

  it('signed out, calls with the public test key and says which key that is, asking nothing of the account', async () => {
    const calls = stubV1(pricesAnswer);
    const { api } = renderApp('/sandbox?op=getCryptoPrices', { api: {} });
    await screen.findByRole('form', { name: 'Request' });

    expect(screen.getByRole('heading', { level: 2, name: 'Public test key' })).toBeTruthy();
    expect(screen.getByText(PUBLIC_TEST_API_KEY)).toBeTruthy();
    expect(screen.queryByLabelText('API key')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    await within(screen.getByRole('region', { name: 'Response body' })).findByText('200');
    expect(calls[0]?.headers.get('authorization')).toBe(`Bearer ${PUBLIC_TEST_API_KEY}`);
    expect(api.callsTo('apiKeys.list')).toHaveLength(0);
    expect(window.sessionStorage.getItem(SANDBOX_KEY_STORAGE)).toBeNull();
  });

  it("signed in, offers a test key of the user's own and the public test key", async () => {
    stubV1(pricesAnswer);
    const testSecret = `cs_test_${SECRET.slice(8)}`;
    const { api } = await openSandbox(
      '/sandbox?op=getCryptoPrices',
      sandboxApi({
        'apiKeys.create': ({ name, mode }) => ({
          key: { ...laptop, id: 9, name, mode: mode ?? 'live', prefix: testSecret.slice(0, 12) },
          secret: testSecret,
        }),
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Create a test key for the sandbox' }));
    await screen.findByText(/Created the key “Sandbox \(test\)”/);
    expect(api.callsTo('apiKeys.create')[0]?.input).toEqual({ name: 'Sandbox (test)', mode: 'test' });
    expect(keyField().value).toBe(testSecret);

    fireEvent.click(screen.getByRole('button', { name: 'Use the public test key' }));
    expect(keyField().value).toBe(PUBLIC_TEST_API_KEY);
    expect(screen.getByText('This is the public test key: the test dataset, GET operations only.')).toBeTruthy();
  });

  it('shows the server refusing to create a key (address not confirmed)', async () => {
    stubV1(pricesAnswer);
    await openSandbox(
      '/sandbox?op=getCryptoPrices',
      sandboxApi({
        'apiKeys.create': () => {
          throw new StubError(403, 'Confirm your email address before creating API keys');
        },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create a key for the sandbox' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Confirm your email address before creating API keys');
  });

  it('shows an error answer as it came, and a dropped connection as such', async () => {
    let answer: () => Response | Promise<Response> = () =>
      Response.json(
        { error: { code: 'rate_limited', message: 'Rate limit exceeded', requestId: 'req-429' } },
        { status: 429, headers: { 'Retry-After': '12', 'RateLimit-Remaining': '0' } },
      );
    stubV1(() => answer());
    window.sessionStorage.setItem(SANDBOX_KEY_STORAGE, JSON.stringify({ userId: testUser.id, secret: SECRET }));
    await openSandbox();
    expect(keyField().value).toBe(SECRET);

    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    const panel = screen.getByRole('region', { name: 'Response body' });
    await within(panel).findByText('429');
    expect(panel.textContent).toContain('retry-after12');
    expect(panel.textContent).toContain('"code": "rate_limited"');

    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    fireEvent.click(screen.getByRole('button', { name: 'Send Request' }));
    await waitFor(() => expect(panel.textContent).toBe('The request could not be sent: Failed to fetch'));
  });

  it("does not hand one account's sandbox key to another signed in on the same tab", async () => {
    stubV1(pricesAnswer);
    window.sessionStorage.setItem(SANDBOX_KEY_STORAGE, JSON.stringify({ userId: 'usr_someone_else', secret: SECRET }));
    await openSandbox();
    expect(keyField().value).toBe('');
  });
});
