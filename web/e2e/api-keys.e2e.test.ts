import { describe, expect, it } from 'vitest';
import { describeViolations, runAxe } from './axe';
import { setupE2E, waitForOutput } from './harness';

// In a browser (docs/api-keys.md): confirm the address from the mailed link, create a key in
// settings, use it on /v1, delete it.

const e2e = setupE2E();
const url = e2e.url;

/** The confirmation link mailed to `to`, from the mail the server printed as a JSON log line. */
function confirmationPath(output: string, to: string): string | undefined {
  for (const line of output.split('\n')) {
    if (!line.includes('"mail"')) continue;
    try {
      const { mail } = JSON.parse(line) as { mail?: { to: string; subject: string; text: string } };
      if (mail?.to !== to || mail.subject !== 'Confirm your Coinsight email address') continue;
      const match = mail.text.match(/\/confirm-email\?token=[A-Za-z0-9_-]+/);
      if (match) return match[0];
    } catch {
      // Not a JSON log line.
    }
  }
  return undefined;
}

const callV1 = (secret: string) => fetch(url('/v1/no-such-route'), { headers: { authorization: `Bearer ${secret}` } });

describe('API keys in Chromium', () => {
  it('confirms the address from the mail, creates a key shown once, which works on /v1 until deleted', async () => {
    const account = await e2e.signUp(`keys${Date.now().toString(36)}`);
    const page = await e2e.open({ token: account.token, width: 390, height: 844 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url('') });

    // Unconfirmed: the tab explains why there is no create form.
    await page.goto(url('/settings?tab=api'), { waitUntil: 'networkidle' });
    await page.getByRole('region', { name: 'Email confirmation' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create API Key' }).count()).toBe(0);

    const link = await waitForOutput(e2e.server, (output) => confirmationPath(output, account.email));
    await page.goto(url(link), { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Confirm Email Address' }).click();
    await page.getByText('Your email address is confirmed. You can now create API keys.').waitFor();

    await page.goto(url('/settings?tab=api'), { waitUntil: 'networkidle' });
    await page.getByLabel('Key name').fill('Laptop');
    await page.getByRole('button', { name: 'Create API Key' }).click();
    const panel = page.getByRole('region', { name: 'New API key' });
    const secret = (await panel.locator('code').textContent()) ?? '';
    expect(secret).toMatch(/^cs_live_[0-9A-Za-z]{33}$/);
    await panel.getByRole('button', { name: 'Copy key' }).click();
    await panel.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    // The tab with the secret shown and the key listed: axe-clean, and inside a 390 px screen.
    const axe = await runAxe(page);
    expect(describeViolations(axe.serious)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    expect((await callV1(secret)).status).toBe(404);
    await panel.getByRole('button', { name: 'Done' }).click();
    await page.reload({ waitUntil: 'networkidle' });
    const item = page.getByRole('list', { name: 'Your API keys' }).getByRole('listitem');
    await item.getByRole('heading', { name: 'Laptop' }).waitFor();
    expect(await item.textContent()).toContain(secret.slice(0, 12));
    expect(await item.textContent()).not.toContain('Never');
    expect(await page.content()).not.toContain(secret);

    await item.getByRole('button', { name: 'Delete Laptop' }).click();
    await page.getByRole('dialog', { name: 'Delete Laptop?' }).getByRole('button', { name: 'Delete key' }).click();
    await page.getByText('You have no API keys yet.').waitFor();
    expect((await callV1(secret)).status).toBe(401);
  });
});
