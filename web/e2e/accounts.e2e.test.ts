import { describe, expect, it } from 'vitest';
import { describeViolations, runAxe } from './axe';
import { setupE2E, waitForOutput } from './harness';

const e2e = setupE2E();
const url = e2e.url;

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
  await e2e.page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

const header = () => e2e.page.getByRole('banner');

/** Signs out from the user menu of a members-only page, which then asks to sign in again. */
async function signOut(username: string): Promise<void> {
  await header()
    .getByRole('button', { name: `Account menu for ${username}` })
    .click();
  await header().getByRole('button', { name: 'Sign Out' }).click();
  await e2e.page.waitForURL(url('/login'));
  await expectHeading('Sign In');
}

async function signInOnLoginPage(email: string, password: string): Promise<void> {
  const { page } = e2e;
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
    const { page } = e2e;

    // Sign up through the header's modal.
    await page.goto(url('/'), { waitUntil: 'networkidle' });
    await header().getByRole('button', { name: 'Sign Up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign Up' });
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(firstPassword);
    await dialog.getByLabel('Confirm Password').fill(firstPassword);
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await header()
      .getByRole('button', { name: `Account menu for ${username}` })
      .waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    // Signed in, the members' pages open from the Products menu.
    await page.getByRole('button', { name: 'Products' }).click();
    // (Market is public; Social is still members-only.)
    await page.getByRole('link', { name: 'Social', exact: true }).click();
    await page.waitForURL(url('/social'));
    await expectHeading('Social Media Data');

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
    const mail = await waitForOutput(e2e.server, (output) =>
      mailsIn(output).find((m) => m.to === email && m.subject === 'Reset your Coinsight password'),
    );
    const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
    if (!link) throw new Error(`No reset link in the mail:\n${mail.text}`);
    const resetUrl = new URL(link);
    await page.goto(url(`${resetUrl.pathname}${resetUrl.search}`), { waitUntil: 'networkidle' });

    // Choose the new password; the page says so and moves on to sign-in about 3 s later.
    await expectHeading('Reset Password');
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password').fill(newPassword);
    // Timed from the click, which comes before the message and its 3 s timer: a loaded machine
    // only stretches this, so the lower bound holds; a redirect that never comes times out.
    const clickedAt = Date.now();
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password reset successful! Redirecting to login...').waitFor();
    await page.waitForURL(url('/login'), { timeout: 60_000 });
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(3_000);

    // The new password works.
    await signInOnLoginPage(email, newPassword);
    await page.waitForURL(url('/dashboard'));
    await expectHeading('Dashboard');
    await header()
      .getByRole('button', { name: `Account menu for ${username}` })
      .waitFor();
    await page.waitForLoadState('networkidle');
  });

  it('docs/security.md §27: a sign-in throttled by guesses offers a mailed one-click link, and the link signs the owner in', async () => {
    const { email, password, username } = await e2e.signUp(`heron${Date.now().toString(36)}`);
    // Someone guessed from this address: the owner's right password is now refused here.
    for (let i = 0; i < 5; i++) {
      const res = await fetch(url('/api/auth/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: `Wrong-Guess-${i}` }),
      });
      expect(res.status).toBe(401);
    }
    const page = await e2e.open({ token: null });
    await page.goto(url('/login'), { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Too many failed sign-in attempts. Please wait and try again.').waitFor();

    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.getByText('If an account exists for that email, a sign-in link has been sent. It works once, within 15 minutes.').waitFor();
    const mail = await waitForOutput(e2e.server, (output) =>
      mailsIn(output).find((m) => m.to === email && m.subject === 'Your Coinsight sign-in link'),
    );
    const link = mail.text.match(/https?:\/\/\S+\/sign-in-link\?token=\S+/)?.[0];
    if (!link) throw new Error(`No sign-in link in the mail:\n${mail.text}`);
    const signInUrl = new URL(link);
    await page.goto(url(`${signInUrl.pathname}${signInUrl.search}`), { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Sign In With Email Link' }).waitFor();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(url('/dashboard'));
    await page
      .getByRole('banner')
      .getByRole('button', { name: `Account menu for ${username}` })
      .waitFor();
    // The throttled sign-in is the server's own answer, which the browser logs; nothing else went wrong.
    const problems = e2e.takeProblems();
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) expect(problem).toMatch(/429/);
  });

  // One test per scheme: some dozen screens with axe each, which a loaded machine takes minutes over.
  it.each(['light', 'dark'] as const)(
    'keeps the account screens and the auth modal free of serious axe violations (%s)',
    async (colorScheme) => {
      // A user made over the API: this test is about what the screens look like to assistive technology.
      const { username, token } = await e2e.signUp(`otter${colorScheme}${Date.now().toString(36)}`);
      const { page } = e2e;
      const report: string[] = [];
      const check = async (what: string) => {
        const axe = await runAxe(page);
        report.push(...describeViolations(axe.serious).map((line) => `${what}: ${line}`));
      };

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

      await page.evaluate((value) => localStorage.setItem('token', value), token);
      for (const tab of ['profile', 'security', 'notifications', 'api']) {
        await page.goto(url(`/settings?tab=${tab}`), { waitUntil: 'networkidle' });
        await expectHeading('Settings');
        await check(`${colorScheme} /settings?tab=${tab}`);
      }
      await header()
        .getByRole('button', { name: `Account menu for ${username}` })
        .click();
      await check(`${colorScheme} user menu`);

      expect(report).toEqual([]);
    },
  );
});
