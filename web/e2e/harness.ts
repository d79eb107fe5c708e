/**
 * The browser-test harness. Every web/e2e/*.e2e.test.ts file calls `setupE2E()` once, at its top:
 *
 *   const e2e = setupE2E({ smtp: true, env: { CONTACT_EMAIL: 'ops@coinsight.test' } });
 *
 *   it('shows the pricing', async () => {
 *     await e2e.page.goto(e2e.url('/pricing'), { waitUntil: 'networkidle' });
 *     await e2e.page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
 *   });
 *
 * Before the file's tests it starts the built API server (which serves the built web app; run
 * `pnpm build` first) on its own copy of a data folder seeded once per run (global-setup.ts),
 * Chromium, and with `smtp: true` an SMTP sink the server sends its mail to (SMTP_URL). `env`
 * adds to the server's environment.
 *
 * Each test gets `page`: a fresh browser context at 1280×800 px, light, signed out (signed in as
 * `user` with `signedIn: true`). `open()` makes another one for the same test, e.g. `open({ width:
 * 390, colorScheme: 'dark', token: null })`. After the test its contexts are closed, and the test
 * fails if any of their pages logged a console error, threw, had a request fail or got an HTTP
 * error answer. A test expecting such a problem takes it with `takeProblems()` and asserts on it.
 * Every context records web vitals for `readVitals()` (vitals.ts).
 *
 * - `url(path)`: the address of `path` on the server under test.
 * - `server.output()`: what the server printed so far; `waitForOutput(e2e.server, find)` waits for a line.
 * - `smtp`: the mails the server sent (`mails`, `waitForMail(match)`); only with `smtp: true`.
 * - `user`: the account signed up before the tests, with its token; only with `signedIn: true`.
 * - `signUp(username)`: one more account, through the REST API, with its token.
 * - `confirmEmail(account)`: confirms its address from the mailed link, as its owner would (from
 *   the SMTP sink, or the mail the server printed); alert mail and Send Email need it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { launchBrowser } from './browser';
import { startServer, waitForOutput, type RunningServer } from './server';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { collectVitals } from './vitals';

export { waitForOutput } from './server';
export type { SinkMail } from './smtp-sink';

export interface E2EOptions {
  /** Start an SMTP sink and point the server's SMTP_URL at it. */
  smtp?: boolean;
  /** More environment for the server. */
  env?: Record<string, string>;
  /** Sign `user` up before the tests and sign every page in as it (unless `open({ token: null })`). */
  signedIn?: boolean;
}

export interface OpenOptions {
  /** Viewport, 1280×800 px unless given. */
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
  reducedMotion?: 'reduce' | 'no-preference';
  /** The session token the app finds stored, as a returning user's; null for none. The file's `user` by default. */
  token?: string | null;
}

export interface Account {
  username: string;
  email: string;
  password: string;
  token: string;
}

export interface E2E {
  url(path: string): string;
  readonly server: RunningServer;
  readonly smtp: SmtpSink;
  readonly user: Account;
  /** This test's page, in a context of its own. */
  readonly page: Page;
  open(options?: OpenOptions): Promise<Page>;
  /** The problems the pages reported so far in this test; they no longer fail it. */
  takeProblems(): string[];
  signUp(username: string): Promise<Account>;
  confirmEmail(account: Pick<Account, 'email'>): Promise<void>;
}

const PASSWORD = 'Tr1cky-Lynx-42';

/** How long a file's server and browser may take to start: under vitest.e2e.config.ts's hookTimeout, so that this says why. */
const SETUP_DEADLINE_MS = 540_000;

/** A file's server and browser starting side by side, as they settle. */
type Starts = Promise<[PromiseSettledResult<RunningServer>, PromiseSettledResult<Browser>]>;

/**
 * The starts' outcomes, or after `ms` an error naming the steps still under way (`pending`). What
 * starts late is stopped when it does, so nothing outlives the failed file.
 */
async function settledWithin(starting: Starts, ms: number, pending: () => string): Starts {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The test file's setup had not finished after ${ms / 1000} s (${pending()})`)), ms);
  });
  try {
    return await Promise.race([starting, late]);
  } catch (error) {
    void starting.then(([server, browser]) => {
      if (server.status === 'fulfilled') void server.value.stop();
      if (browser.status === 'fulfilled') void browser.value.close();
    });
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The text of the newest mail to `to` with `subject` that the server printed as a JSON log line (no SMTP_URL). */
function printedMail(output: string, to: string, subject: string): string | undefined {
  let found: string | undefined;
  for (const line of output.split('\n')) {
    if (!line.includes('"mail"')) continue;
    try {
      const { mail } = JSON.parse(line) as { mail?: { to: string; subject: string; text: string } };
      if (mail?.to === to && mail.subject === subject) found = mail.text;
    } catch {
      // Not a JSON log line.
    }
  }
  return found;
}

/**
 * A read the browser itself gave up: Chromium cancels a page's requests in flight when the test
 * moves to a new address (a poll, an event stream, an image still loading, the favicon asked again
 * after an in-app navigation), and the app cancels the reads of what it unmounts. Under load the
 * next page comes before many answers do, so which reads were cut differs from run to run; it says
 * nothing about the app. A server that fails answers with a status or drops the connection
 * (ERR_EMPTY_RESPONSE, ERR_CONNECTION_REFUSED...), which stay problems, as does any aborted write.
 */
const NOISE = [/^request failed: GET \S+ \(net::ERR_ABORTED\)$/];

interface TestState {
  contexts: BrowserContext[];
  problems: string[];
  page: Page | undefined;
  closing: boolean;
}

// Not `useE2E`: ESLint's React rules would take it for a hook.
export function setupE2E(options: E2EOptions = {}): E2E {
  let server: RunningServer | undefined;
  let smtp: SmtpSink | undefined;
  let browser: Browser | undefined;
  let user: Account | undefined;
  let test: TestState | undefined;

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not available: it did not start, or is used outside a test`);
    return value;
  };
  const url = (path: string) => `${started(server, 'The server').baseUrl}${path}`;

  const watch = (context: BrowserContext, state: TestState) => {
    const report = (problem: string) => {
      if (!state.closing && !NOISE.some((noise) => noise.test(problem))) state.problems.push(problem);
    };
    context.on('console', (message) => {
      if (message.type() === 'error') report(`console error: ${message.text()}`);
    });
    context.on('weberror', (error) => report(`uncaught: ${error.error().message}`));
    context.on('requestfailed', (request) =>
      report(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? 'unknown'})`),
    );
    context.on('response', (response) => {
      if (response.status() >= 400) report(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
    });
  };

  const open = async (openOptions: OpenOptions = {}): Promise<Page> => {
    const state = started(test, 'A page');
    const token = openOptions.token === undefined ? user?.token : openOptions.token;
    const context = await started(browser, 'Chromium').newContext({
      viewport: { width: openOptions.width ?? 1280, height: openOptions.height ?? 800 },
      colorScheme: openOptions.colorScheme ?? 'light',
      reducedMotion: openOptions.reducedMotion ?? 'no-preference',
      // Set once, as a returning user's browser has it: the test can still sign out.
      storageState: token ? { cookies: [], origins: [{ origin: url(''), localStorage: [{ name: 'token', value: token }] }] } : undefined,
    });
    state.contexts.push(context);
    watch(context, state);
    await collectVitals(context);
    return context.newPage();
  };

  const signUp = async (username: string): Promise<Account> => {
    const email = `${username}@example.com`;
    const response = await fetch(url('/api/auth/signup'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, email, password: PASSWORD }),
    });
    if (response.status !== 201) throw new Error(`Signing ${username} up failed: ${response.status} ${await response.text()}`);
    const { token } = (await response.json()) as { token: string };
    return { username, email, password: PASSWORD, token };
  };

  const confirmEmail = async (account: Pick<Account, 'email'>): Promise<void> => {
    const subject = 'Confirm your Coinsight email address';
    // From the SMTP sink, or without one from the mail the server printed as a JSON log line.
    const text = smtp
      ? (await smtp.waitForMail((m) => m.envelopeTo.includes(account.email) && m.headers.subject === subject, 30_000)).text
      : await waitForOutput(started(server, 'The server'), (output) => printedMail(output, account.email, subject));
    const token = text.match(/\/confirm-email\?token=([A-Za-z0-9_-]+)/)?.[1];
    if (!token) throw new Error(`No confirmation link in the mail:\n${text}`);
    const response = await fetch(url('/trpc/auth.verifyAccount'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    if (response.status !== 200) throw new Error(`Confirming ${account.email} failed: ${response.status} ${await response.text()}`);
  };

  beforeAll(async () => {
    if (options.smtp) smtp = await startSmtpSink();
    // Side by side: the server's start (seconds of module loading and opening its database) and Chromium's.
    const steps = { server: 'not begun', browser: 'launching Chromium' };
    const starting = Promise.allSettled([
      startServer({
        env: { ...options.env, ...(smtp ? { SMTP_URL: smtp.url } : {}) },
        seededFrom: inject('seededDataDir'),
        onStep: (step) => (steps.server = step),
      }),
      launchBrowser().finally(() => (steps.browser = 'done')),
    ]);
    // Each start has bounds of its own; should one still hang, the failure names the step it hangs in
    // rather than only the hook's timeout.
    const [serverStart, browserStart] = await settledWithin(
      starting,
      SETUP_DEADLINE_MS,
      () => `server: ${steps.server}; browser: ${steps.browser}`,
    );
    if (serverStart.status === 'fulfilled') server = serverStart.value;
    if (browserStart.status === 'fulfilled') browser = browserStart.value;
    if (serverStart.status === 'rejected') throw serverStart.reason;
    if (browserStart.status === 'rejected') throw browserStart.reason;
    if (options.signedIn) user = await signUp('e2euser');
  });

  afterAll(async () => {
    await Promise.all([browser?.close(), server?.stop()]);
    await smtp?.close();
  });

  beforeEach(async () => {
    test = { contexts: [], problems: [], page: undefined, closing: false };
    test.page = await open();
  });

  afterEach(async () => {
    const state = test;
    test = undefined;
    if (!state) return;
    state.closing = true;
    await Promise.all(state.contexts.map((context) => context.close()));
    expect(state.problems, 'problems the browser reported during the test').toEqual([]);
  });

  return {
    url,
    get server() {
      return started(server, 'The server');
    },
    get smtp() {
      return started(smtp, 'The SMTP sink (setupE2E({ smtp: true }))');
    },
    get user() {
      return started(user, 'The signed-in user (setupE2E({ signedIn: true }))');
    },
    get page() {
      return started(test?.page, 'The page');
    },
    open,
    takeProblems() {
      return started(test, 'A test').problems.splice(0);
    },
    signUp,
    confirmEmail,
  };
}
