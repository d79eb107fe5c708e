import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answerTo } from './answers';
import { describeViolations, runAxe } from './axe';
import { setupE2E, type Account } from './harness';

// Saved views shared with a team (docs/web-app.md, "The platform tables as a workspace"): an owner
// at 1280 px saves a view of the Twitter table and shares it with their team; a member, at 390 px,
// finds it beside their own views marked with the team, without Rename or Delete, and applies it.

const e2e = setupE2E({ smtp: true });

async function api<T>(account: Account, method: string, path: string, body?: object): Promise<T> {
  const res = await fetch(e2e.url(path), {
    method,
    headers: { authorization: `Bearer ${account.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** A team of `owner` with `member` in it, made over REST (the teams screen has its own test). */
async function teamOf(owner: Account, member: Account, name: string): Promise<void> {
  await e2e.confirmEmail(owner);
  const team = await api<{ id: string }>(owner, 'POST', '/api/teams', { name });
  await api(owner, 'POST', `/api/teams/${team.id}/invitations`, { email: member.email, role: 'member' });
  const mail = await e2e.smtp.waitForMail(
    (m) => m.envelopeTo.includes(member.email) && m.headers.subject?.startsWith('You are invited') === true,
  );
  const token = /\/team-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  await api(member, 'POST', '/api/teams/invitations/accept', { token });
}

async function expectClean(page: Page, where: string): Promise<void> {
  const { serious } = await runAxe(page);
  expect(describeViolations(serious), `axe on ${where}`).toEqual([]);
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, `${where} is ${scroll} px wide in ${client} px`).toBeLessThanOrEqual(client);
}

const views = (page: Page) => page.getByRole('region', { name: 'Saved views' });

/** Waits for a button of the saved views; if it never comes, the failure says what the region showed. */
async function shown(page: Page, button: string): Promise<void> {
  try {
    await views(page).getByRole('button', { name: button }).waitFor();
  } catch (error) {
    const text = await views(page)
      .innerText({ timeout: 1_000 })
      .catch(() => '(the region is gone)');
    throw new Error(`No button "${button}" in the saved views, which show:\n${text}`, { cause: error });
  }
}

describe('saved views shared with a team in Chromium', () => {
  it('an owner shares a view with the team; a member on a phone sees it marked with the team and applies it', async () => {
    const tag = Date.now().toString(36);
    const owner = await e2e.signUp(`vowner${tag}`);
    const member = await e2e.signUp(`vmember${tag}`);
    await teamOf(owner, member, 'Acme research');

    const page = await e2e.open({ token: owner.token });
    await page.goto(e2e.url('/social/twitter?coin=btc&sortBy=likes&sortOrder=asc&hide=views'), { waitUntil: 'networkidle' });
    // The list of views has loaded (the network can go idle before the page's chunk renders).
    await views(page).getByText('No saved views yet').waitFor();
    await views(page).getByLabel('Name this view').fill('BTC by likes');
    expect(await views(page).getByLabel('Name this view').inputValue()).toBe('BTC by likes');
    await views(page).getByRole('button', { name: 'Save view' }).click();
    await shown(page, 'Apply view BTC by likes');
    await shown(page, 'Share view BTC by likes with a team');
    await views(page).getByRole('button', { name: 'Share view BTC by likes with a team' }).click();
    expect(await views(page).getByLabel('Share BTC by likes with').inputValue()).toMatch(/^team_/);
    await expectClean(page, 'the share form at 1280 px');
    await views(page).getByRole('button', { name: 'Share', exact: true }).click();
    await views(page).getByRole('button', { name: 'Apply view BTC by likes of team Acme research' }).waitFor();
    await views(page).getByText('Team: Acme research').waitFor();
    // The owner may still change it.
    await views(page).getByRole('button', { name: 'Rename view BTC by likes of team Acme research' }).waitFor();
    await expectClean(page, 'a shared view at 1280 px');

    const phone = await e2e.open({ token: member.token, width: 390, height: 844 });
    await phone.goto(e2e.url('/social/twitter'), { waitUntil: 'networkidle' });
    const apply = views(phone).getByRole('button', { name: 'Apply view BTC by likes of team Acme research' });
    await apply.waitFor();
    await views(phone).getByText('Team: Acme research').waitFor();
    expect(
      await views(phone)
        .getByRole('button', { name: /^(Rename|Delete) view BTC by likes/ })
        .count(),
    ).toBe(0);
    expect(
      await views(phone)
        .getByRole('button', { name: /with a team$/ })
        .count(),
    ).toBe(0);
    await expectClean(phone, "the member's saved views at 390 px");

    await answerTo(phone, 'social.list.twitter', { coin: 'btc', sortBy: 'likes' }, () => apply.click());
    expect(phone.url()).toMatch(/coin=btc/);
    expect(phone.url()).toMatch(/sortBy=likes&sortOrder=asc/);
    expect(await phone.getByLabel('Coin').inputValue()).toBe('btc');

    // The member's own view offers sharing; the form fits the phone.
    await views(phone).getByLabel('Name this view').fill('Mine');
    await views(phone).getByRole('button', { name: 'Save view' }).click();
    await views(phone).getByRole('button', { name: 'Share view Mine with a team' }).click();
    await views(phone).getByLabel('Share Mine with').waitFor();
    await expectClean(phone, 'the share form at 390 px');
  });
});
