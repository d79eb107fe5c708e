import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeViolations, runAxe } from './axe';
import { setupE2E, type Account } from './harness';

const e2e = setupE2E({ smtp: true });

// The account the tests share, in order: enrolled in the first, turned off in the last.
let account: Account;
let secret = '';
let recoveryCodes: string[] = [];
// The time step of the last code the server accepted: a code is accepted once, for a later step.
let lastStep = 0;

/**
 * A code the server has not seen: for the current 30-second step, or the next when this one was
 * used (accepted within the one step of drift allowed), waiting for the clock when both were.
 */
async function freshCode(): Promise<string> {
  const stepNow = () => Math.floor(Date.now() / 30_000);
  // The next unused step must be at most one ahead of the clock.
  while (lastStep > stepNow()) await new Promise((resolve) => setTimeout(resolve, 1_000));
  lastStep = Math.max(stepNow(), lastStep + 1);
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: lastStep * 30_000,
  });
}

async function expectAxeClean(page: Page, where: string): Promise<void> {
  const { serious } = await runAxe(page);
  expect(serious, `${where}: ${describeViolations(serious).join('\n')}`).toEqual([]);
}

async function expectNoSideways(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
}

const subjectIs = (subject: string) => (mail: { headers: Record<string, string>; envelopeTo: string[] }) =>
  mail.envelopeTo.includes(account.email) && mail.headers.subject === subject;

describe('two-factor sign-in and sessions in Chromium', () => {
  it('enrols from Settings at 1280 px (QR code, key, code, recovery codes), then signs in with a code', async () => {
    account = await e2e.signUp(`tfa${Date.now().toString(36)}`);
    const page = await e2e.open({ token: account.token });
    await page.goto(e2e.url('/settings?tab=security'), { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Two-Factor Sign-In' }).waitFor();
    const sessions = page.getByRole('list', { name: 'Signed-in sessions' });
    await sessions.getByText('This browser').waitFor();
    // The harness signed this account up from Node's fetch: that session is the one this page holds.
    expect(await sessions.getByRole('listitem').count()).toBe(1);
    expect(await sessions.getByRole('heading').first().textContent()).toMatch(/^node\b/);
    await expectAxeClean(page, 'security tab');

    const setup = page.getByRole('form', { name: 'Set up two-factor sign-in' });
    await setup.getByLabel('Password').fill(account.password);
    await setup.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const panel = page.getByRole('region', { name: 'Authenticator setup' });
    await panel.getByRole('img', { name: /QR code/ }).waitFor();
    expect(await panel.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    secret = (await panel.locator('code').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAxeClean(page, 'authenticator setup');

    await panel.getByLabel('Code from the app').fill(await freshCode());
    await panel.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('list', { name: 'Your recovery codes' });
    await codes.waitFor();
    recoveryCodes = (await codes.locator('code').allTextContents()).map((code) => code.trim());
    expect(recoveryCodes).toHaveLength(10);
    await expectAxeClean(page, 'recovery codes');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('10 of 10 recovery codes left').waitFor();
    await e2e.smtp.waitForMail(subjectIs('Two-factor sign-in is on for your Coinsight account'));

    // Signed out, the sign-in page asks for a code after the password.
    const visitor = await e2e.open({ token: null });
    await visitor.goto(e2e.url('/login'), { waitUntil: 'networkidle' });
    await visitor.getByLabel('Email').fill(account.email);
    await visitor.getByLabel('Password').fill(account.password);
    await visitor.getByRole('button', { name: 'Sign In' }).click();
    await visitor.getByRole('heading', { level: 1, name: 'Two-Factor Sign-In' }).waitFor();
    expect(await visitor.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expectAxeClean(visitor, 'two-factor step');
    await visitor.getByLabel('Authentication code').fill('000000');
    await visitor.getByRole('button', { name: 'Verify' }).click();
    await visitor.getByRole('alert').getByText('Invalid two-factor code').waitFor();
    expect(e2e.takeProblems().every((problem) => problem.includes('401'))).toBe(true);
    await visitor.getByLabel('Authentication code').fill(await freshCode());
    await visitor.getByRole('button', { name: 'Verify' }).click();
    await visitor.waitForURL(e2e.url('/dashboard'));
    expect(await visitor.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });

  it('at 390 px: signs in with a recovery code, signs another session out (refused at once), and turns two-factor off', async () => {
    const page = await e2e.open({ token: null, width: 390, height: 844 });
    await page.goto(e2e.url('/login'), { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByLabel('Authentication code').fill(recoveryCodes[0] ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(e2e.url('/dashboard'));
    // The dashboard's reads finish before the test leaves it (leaving would abort them).
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.waitForLoadState('networkidle');

    // A session from elsewhere: a program signed in over REST, with a code.
    const login = await fetch(e2e.url('/api/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'curl/8.5.0' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    const { challenge } = (await login.json()) as { challenge: string };
    const second = await fetch(e2e.url('/api/auth/two-factor'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'curl/8.5.0' },
      body: JSON.stringify({ challenge, code: recoveryCodes[1] }),
    });
    const { token: elsewhere } = (await second.json()) as { token: string };
    const meWith = (token: string) => fetch(e2e.url('/api/auth/user'), { headers: { authorization: `Bearer ${token}` } });
    expect((await meWith(elsewhere)).status).toBe(200);

    await page.goto(e2e.url('/settings?tab=security'), { waitUntil: 'networkidle' });
    const sessions = page.getByRole('list', { name: 'Signed-in sessions' });
    const curl = sessions.getByRole('listitem').filter({ hasText: 'curl 8.5.0' });
    await curl.waitFor();
    await curl.getByText('Last seen').waitFor();
    // This page signed in from Chromium, and says so.
    const mine = sessions.getByRole('listitem').filter({ hasText: 'This browser' });
    expect(await mine.getByRole('heading').textContent()).toMatch(/^Chrome \d+ on Linux/);
    await page.getByText('8 of 10 recovery codes left').waitFor();
    await expectNoSideways(page);
    await expectAxeClean(page, 'security tab at 390 px');
    await curl.getByRole('button', { name: 'Sign out curl 8.5.0' }).click();
    await curl.waitFor({ state: 'detached' });
    expect((await meWith(elsewhere)).status).toBe(401);

    const off = page.getByRole('form', { name: 'Turn off two-factor sign-in' });
    await off.getByLabel('Password').fill(account.password);
    await off.getByLabel('Code from the app, or a recovery code').fill(await freshCode());
    await off.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await page.getByRole('form', { name: 'Set up two-factor sign-in' }).waitFor();
    await e2e.smtp.waitForMail(subjectIs('Two-factor sign-in is off for your Coinsight account'));
    await expectNoSideways(page);
  });
});
