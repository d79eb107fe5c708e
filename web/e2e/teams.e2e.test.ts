import { describe, expect, it } from 'vitest';
import { describeViolations, runAxe } from './axe';
import { setupE2E } from './harness';

// Teams (docs/accounts.md, "Teams") in a browser: an owner at 1280 px makes a team, invites a
// member by email and makes a team key; the member, at 390 px, joins from the mailed link and sees
// the key by prefix and the team's usage; once removed, the team is gone from their next load.

const e2e = setupE2E({ smtp: true });

describe('teams in Chromium', () => {
  it('create, invite by mail, join, see team keys by prefix and usage, remove', { timeout: 180_000 }, async () => {
    const tag = Date.now().toString(36);
    const owner = await e2e.signUp(`owner${tag}`);
    const member = await e2e.signUp(`member${tag}`);
    await e2e.confirmEmail(owner);
    const page = await e2e.open({ token: owner.token });

    await page.goto(e2e.url('/settings?tab=team'), { waitUntil: 'networkidle' });
    await page.getByText('You are in no team yet.').waitFor();
    await page.getByLabel('New team name').fill('Acme research');
    await page.getByRole('button', { name: 'Create team' }).click();
    const team = page.getByRole('region', { name: 'Team Acme research' });
    await team.getByText('you are owner').waitFor();
    // Requiring two-factor sign-in needs it on the owner's own account first.
    await team.getByRole('switch', { name: 'Require two-factor sign-in of every member' }).click();
    await team.getByText('Turn on two-factor sign-in for your own account before requiring it of the team').waitFor();
    expect(await team.getByRole('switch', { name: 'Require two-factor sign-in of every member' }).isChecked()).toBe(false);
    expect(e2e.takeProblems().every((problem) => problem.includes('409'))).toBe(true);

    await team.getByLabel('Email address').fill(member.email);
    await team.getByRole('button', { name: 'Send invitation' }).click();
    await team.getByText(`Invitation sent to ${member.email}.`).waitFor();
    await team.getByRole('list', { name: 'Open invitations' }).getByText(member.email, { exact: false }).waitFor();

    await team.getByLabel('Team key name').fill('Shared prod');
    await team.getByRole('button', { name: 'Create team key' }).click();
    const secret = (await team.getByRole('region', { name: 'New team key' }).locator('code').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^cs_live_/);
    const call = await fetch(e2e.url('/v1/usage'), { headers: { authorization: `Bearer ${secret}` } });
    expect(call.status).toBe(200);
    expect(describeViolations((await runAxe(page)).serious)).toEqual([]);

    // The member opens the mailed link, signed in as the invited address.
    const mail = await e2e.smtp.waitForMail(
      (m) => m.envelopeTo.includes(member.email) && m.headers.subject?.startsWith('You are invited') === true,
    );
    const link = mail.text.match(/\/team-invitation\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeDefined();
    const phone = await e2e.open({ token: member.token, width: 390, height: 844 });
    await phone.goto(e2e.url(link!), { waitUntil: 'networkidle' });
    await phone.getByRole('button', { name: 'Join the team' }).click();
    await phone.getByText('You joined Acme research as member.').waitFor();
    await phone.getByRole('link', { name: 'Open the team' }).click();
    const seen = phone.getByRole('region', { name: 'Team Acme research' });
    await seen.getByText('you are member').waitFor();
    const keys = seen.getByRole('list', { name: 'Team keys' });
    await keys.getByText(secret.slice(0, 12), { exact: false }).waitFor();
    expect(await keys.textContent()).not.toContain(secret);
    await seen.getByRole('region', { name: 'Team usage' }).waitFor();
    // A member neither makes keys nor manages members.
    expect(await seen.getByRole('button', { name: 'Create team key' }).count()).toBe(0);
    expect(await seen.getByRole('button', { name: 'Send invitation' }).count()).toBe(0);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(describeViolations((await runAxe(phone)).serious)).toEqual([]);

    // The owner removes the member: the member's next load has no team.
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('button', { name: `Remove ${member.username}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove member' }).click();
    await page.getByRole('button', { name: `Remove ${member.username}` }).waitFor({ state: 'detached' });
    await phone.reload({ waitUntil: 'networkidle' });
    await phone.getByText('You are in no team yet.').waitFor();
  });
});
