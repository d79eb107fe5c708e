import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeViolations, runAxe } from './axe';
import { launchBrowser, watchForProblems } from './browser';
import { startServer, waitForOutput, type RunningServer } from './server';

let server: RunningServer | undefined;
let browser: Browser | undefined;
let context: BrowserContext;
let page: Page;
let problems: string[];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

beforeEach(async () => {
  if (!browser) throw new Error('Chromium did not start');
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  problems = watchForProblems(page);
});

afterEach(async () => {
  await context.close();
});

/**
 * Chromium asks for the favicon again after in-app navigations and drops that request when the
 * test jumps to a new address; it says nothing about the app, so it is not counted.
 */
function appProblems(): string[] {
  return problems.filter((problem) => !/^request failed: GET \S+\/favicon\.svg \(net::ERR_ABORTED\)$/.test(problem));
}

function running(): RunningServer {
  if (!server) throw new Error('The server did not start');
  return server;
}

const url = (path: string) => `${running().baseUrl}${path}`;

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Mail the server stored in its outbox (no SMTP_URL) and printed as a JSON log line. */
function mailsIn(output: string): Mail[] {
  const mails: Mail[] = [];
  for (const line of output.split('\n')) {
    if (!line.includes('"mail"')) continue;
    try {
      const entry = JSON.parse(line) as { mail?: Mail };
      if (entry.mail) mails.push(entry.mail);
    } catch {
      // Not a JSON log line.
    }
  }
  return mails;
}

async function expectHeading(name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

const header = () => page.getByRole('banner');

/** Signs out from the user menu of a members-only page, which then asks to sign in again. */
async function signOut(username: string): Promise<void> {
  await header().getByRole('button', { name: `Account menu for ${username}` }).click();
  await header().getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL(url('/login'));
  await expectHeading('Sign In');
}

async function signInOnLoginPage(email: string, password: string): Promise<void> {
  await expectHeading('Sign In');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('accounts in Chromium', () => {
  it('signs up in the modal, signs out and in, resets the password from the mailed link, and signs in with the new one', async () => {
    const username = `lynx${Date.now().toString(36)}`;
    const email = `${username}@example.com`;
    const firstPassword = 'Tr1cky-Lynx-42';
    const newPassword = 'N3w-Otter-Path';

    // Sign up through the header's modal.
    await page.goto(url('/'), { waitUntil: 'networkidle' });
    await header().getByRole('button', { name: 'Sign Up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign Up' });
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(firstPassword);
    await dialog.getByLabel('Confirm Password').fill(firstPassword);
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await header().getByRole('button', { name: `Account menu for ${username}` }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    // Signed in, the members' pages open from the Products menu.
    await page.getByRole('button', { name: 'Products' }).click();
    await page.getByRole('link', { name: 'Market', exact: true }).click();
    await page.waitForURL(url('/market'));
    await expectHeading('Market Overview');

    // Sign out: the token goes, and members' pages now ask to sign in first.
    await signOut(username);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto(url('/settings?tab=security'), { waitUntil: 'networkidle' });
    await page.waitForURL(url('/login'));

    // Sign in on /login and land back where the guard stopped us.
    await signInOnLoginPage(email, firstPassword);
    await page.waitForURL(url('/settings?tab=security'));
    await expectHeading('Settings');
    await page.getByRole('heading', { name: 'Change Password' }).waitFor();
    await signOut(username);

    // Ask for a reset link, from the sign-in page the sign-out left us on.
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expectHeading('Forgot Password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Password reset email sent! Please check your inbox.').waitFor();

    // The mail went to the outbox and the log; its link is built from PUBLIC_URL, so point it at this server.
    const mail = await waitForOutput(running(), (output) => mailsIn(output).find((m) => m.to === email && m.subject === 'Reset your Coinsight password'));
    const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
    if (!link) throw new Error(`No reset link in the mail:\n${mail.text}`);
    const resetUrl = new URL(link);
    await page.goto(url(`${resetUrl.pathname}${resetUrl.search}`), { waitUntil: 'networkidle' });

    // Choose the new password; the page says so and moves on to sign-in about 3 s later.
    await expectHeading('Reset Password');
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password reset successful! Redirecting to login...').waitFor();
    const shownAt = Date.now();
    await page.waitForURL(url('/login'), { timeout: 10_000 });
    const waited = Date.now() - shownAt;
    expect(waited).toBeGreaterThanOrEqual(2_500);
    expect(waited).toBeLessThan(6_000);

    // The new password works.
    await signInOnLoginPage(email, newPassword);
    await page.waitForURL(url('/dashboard'));
    await expectHeading('Dashboard');
    await header().getByRole('button', { name: `Account menu for ${username}` }).waitFor();
    await page.waitForLoadState('networkidle');

    expect(appProblems()).toEqual([]);
  });

  it('keeps the account screens and the auth modal free of serious axe violations, light and dark', async () => {
    // A user made over the API: this test is about what the screens look like to assistive technology.
    const username = `otter${Date.now().toString(36)}`;
    const response = await fetch(url('/trpc/auth.signup'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, email: `${username}@example.com`, password: 'Tr1cky-Lynx-42' }),
    });
    const { result } = (await response.json()) as { result: { data: { token: string } } };
    const report: string[] = [];
    const check = async (what: string) => {
      const axe = await runAxe(page);
      report.push(...describeViolations(axe.serious).map((line) => `${what}: ${line}`));
    };

    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const path of ['/login', '/register', '/forgot-password', '/reset-password?token=abc', '/reset-password']) {
        await page.goto(url(path), { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1 }).waitFor();
        await check(`${colorScheme} ${path}`);
      }
      await page.goto(url('/'), { waitUntil: 'networkidle' });
      await header().getByRole('button', { name: 'Sign Up' }).click();
      await page.getByRole('dialog', { name: 'Sign Up' }).getByRole('button', { name: 'Sign Up' }).click();
      await page.getByText('Username is required').waitFor();
      await check(`${colorScheme} sign-up modal with errors`);

      await page.evaluate((token) => localStorage.setItem('token', token), result.data.token);
      for (const tab of ['profile', 'security', 'notifications']) {
        await page.goto(url(`/settings?tab=${tab}`), { waitUntil: 'networkidle' });
        await expectHeading('Settings');
        await check(`${colorScheme} /settings?tab=${tab}`);
      }
      await header().getByRole('button', { name: `Account menu for ${username}` }).click();
      await check(`${colorScheme} user menu`);
      await page.evaluate(() => localStorage.removeItem('token'));
    }

    expect(report).toEqual([]);
    expect(appProblems()).toEqual([]);
  });
});
