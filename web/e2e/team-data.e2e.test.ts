import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { describeViolations, runAxe } from './axe';
import { setupE2E } from './harness';

// A team's own dataset and alerts in a browser (docs/accounts.md, "Teams"): a member's upload and
// scrape task, made on the Tasks page for the team at 390 px, write into the team's dataset; the member reads it in the Twitter table
// through the dataset switch's team choice, the owner at 1280 px finds it in the Explorer, and
// creates a team alert and sees the team's request log in Settings → Team.

const e2e = setupE2E({ smtp: true });
const FIXTURE = fileURLToPath(new URL('./fixtures/tasks-posts.jsonl', import.meta.url));
const RUN_TIMEOUT_MS = 120_000;

async function call<T>(path: string, token: string, init: { method?: string; body?: string; type?: string } = {}): Promise<T> {
  const res = await fetch(e2e.url(path), {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': init.type ?? 'application/json' } : {}) },
    ...(init.body ? { body: init.body } : {}),
  });
  expect(res.status, `${path}: ${res.status}`).toBeLessThan(300);
  return (await res.json()) as T;
}

it(
  "a team's dataset through the switch (390 px and the Explorer), a team alert and the team's requests",
  { timeout: 240_000 },
  async () => {
    const tag = Date.now().toString(36);
    const owner = await e2e.signUp(`downer${tag}`);
    const member = await e2e.signUp(`dmember${tag}`);
    await e2e.confirmEmail(owner);
    const team = await call<{ id: string }>('/api/teams', owner.token, { method: 'POST', body: JSON.stringify({ name: 'Zorb desk' }) });
    await call(`/api/teams/${team.id}/invitations`, owner.token, {
      method: 'POST',
      body: JSON.stringify({ email: member.email, role: 'member' }),
    });
    const mail = await e2e.smtp.waitForMail(
      (m) => m.envelopeTo.includes(member.email) && m.headers.subject?.startsWith('You are invited') === true,
    );
    const token = mail.text.match(/\/team-invitation\?token=([A-Za-z0-9_-]+)/)?.[1] ?? '';
    await call('/api/teams/invitations/accept', member.token, { method: 'POST', body: JSON.stringify({ token }) });

    // The member's upload and scrape task, made on the Tasks page for the team, go into the team's dataset.
    const phone = await e2e.open({ token: member.token, width: 390, height: 844 });
    await phone.goto(e2e.url('/tasks'), { waitUntil: 'networkidle' });
    await phone.getByLabel('Tasks of').selectOption({ label: 'The team Zorb desk' });
    await phone.waitForURL((url) => url.searchParams.get('team') === team.id);
    await phone.getByText('Create a task for Zorb desk').waitFor();
    await phone.getByLabel('File of posts').setInputFiles(FIXTURE);
    await phone.getByLabel('Title').fill('Desk zorblax');
    await phone.getByRole('button', { name: 'Create Task' }).click();
    await phone.getByText('Task created: Desk zorblax.').waitFor();
    const card = phone.getByRole('list', { name: "The team's tasks" }).getByRole('article', { name: 'Desk zorblax' });
    await card.getByText('Completed', { exact: true }).waitFor({ timeout: RUN_TIMEOUT_MS });
    expect(describeViolations((await runAxe(phone)).serious), "the team's tasks at 390 px").toEqual([]);
    // The member's own tasks do not have it.
    await phone.getByLabel('Tasks of').selectOption({ label: 'You alone' });
    await phone.getByRole('heading', { name: 'No tasks yet' }).waitFor();
    expect(await phone.getByRole('article', { name: 'Desk zorblax' }).count()).toBe(0);
    // Leaving with a request in flight aborts it, which the harness counts as the app's problem.
    await phone.waitForLoadState('networkidle');

    await phone.goto(e2e.url('/social/twitter?username=whale_watcher'), { waitUntil: 'networkidle' });
    await phone.getByRole('radio', { name: 'Zorb desk data' }).click();
    await phone.waitForURL((url) => url.searchParams.get('teamId') === team.id && url.searchParams.get('dataset') === 'mine');
    const table = phone.getByRole('table', { name: "The team's Twitter posts" });
    await table.getByText('Zorblax desk says $BTC breakout is real', { exact: false }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(describeViolations((await runAxe(phone)).serious), "the team's data at 390 px").toEqual([]);
    // The member's own dataset has none of it.
    await phone.getByRole('radio', { name: 'My data' }).click();
    await phone.getByRole('table', { name: 'Your Twitter posts' }).getByText('No data found').waitFor();

    const page = await e2e.open({ token: owner.token });
    await page.goto(e2e.url('/explorer'), { waitUntil: 'networkidle' });
    await page.getByRole('radio', { name: 'Zorb desk data' }).check();
    await page.getByLabel('Period').selectOption('30d');
    await page.getByLabel('Search').fill('zorblax');
    await page.getByRole('region', { name: 'Results' }).getByText('Showing 8 of 8 results').waitFor();
    await page.waitForLoadState('networkidle');

    // A team alert from the Team tab, and the team's request log.
    await page.goto(e2e.url(`/settings?tab=team&team=${team.id}`), { waitUntil: 'networkidle' });
    const alerts = page.getByRole('region', { name: 'Team alerts' });
    await alerts.getByText('The team has no alerts yet.').waitFor();
    await alerts.getByLabel('Price (USD)').fill('1000000');
    await alerts.getByRole('button', { name: 'Create Alert' }).click();
    await alerts.getByText(/^Alert created: /).waitFor();
    await alerts.getByRole('list', { name: 'Team alert list' }).getByRole('listitem').first().waitFor();
    await page.getByRole('region', { name: 'Team requests' }).getByRole('table', { name: 'Requests' }).waitFor();
    expect(describeViolations((await runAxe(page)).serious), 'the Team tab with alerts and requests').toEqual([]);
  },
);
