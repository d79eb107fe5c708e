import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answerTo } from './answers';
import { describeViolations, runAxe } from './axe';
import { setupE2E } from './harness';

const e2e = setupE2E({ signedIn: true });
const url = e2e.url;
/** Eight posts that say "zorblax" (a word no seeded post uses) and one broken line, the fifth. */
const FIXTURE = fileURLToPath(new URL('./fixtures/tasks-posts.jsonl', import.meta.url));
const FIXTURE_IDS = ['zx-1', 'zx-2', 'zx-3', 'zx-4', 'zx-5', 'zx-6', 'zx-7', 'zx-8'];
// Queued, claimed by a worker, run, then seen by the list's 2 s poll, on a loaded 2-core machine.
const RUN_TIMEOUT_MS = 120_000;

async function expectAxeClean(page: Page, where: string): Promise<void> {
  const { serious } = await runAxe(page);
  expect(describeViolations(serious), `axe on ${where}`).toEqual([]);
}

async function expectFits(page: Page, where: string): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, `${where} is ${scroll} px wide in ${client} px`).toBeLessThanOrEqual(client);
}

async function openTasks(page: Page): Promise<void> {
  await page.goto(url('/tasks'), { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1, name: 'Tasks' }).waitFor();
}

const taskCard = (page: Page, title: string): Locator =>
  page.getByRole('list', { name: 'Your tasks' }).getByRole('article', { name: title });

/**
 * The progress values the card showed while the task ran, sampled as the page updates itself,
 * until its badge says Completed. A small file may finish between two polls: then there are few.
 */
async function followProgress(card: Locator): Promise<number[]> {
  const seen: number[] = [];
  const deadline = Date.now() + RUN_TIMEOUT_MS;
  while (!(await card.getByText('Completed', { exact: true }).isVisible())) {
    if (Date.now() > deadline) throw new Error(`The task did not complete in ${RUN_TIMEOUT_MS / 1000}s; progress seen: ${seen.join(', ')}`);
    const now = await card
      .getByRole('progressbar')
      .getAttribute('aria-valuenow', { timeout: 100 })
      .catch(() => null);
    if (now !== null && Number(now) !== seen.at(-1)) seen.push(Number(now));
    await card.page().waitForTimeout(100);
  }
  return seen;
}

/** Creates the task the form is filled in for and waits for the list to show it completed. */
async function createAndWait(page: Page, title: string): Promise<Locator> {
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Create Task' }).click();
  await page.getByText(`Task created: ${title}.`).waitFor();
  const card = taskCard(page, title);
  await card.waitFor();
  await card.getByText('Completed', { exact: true }).waitFor({ timeout: RUN_TIMEOUT_MS });
  return card;
}

describe('tasks in Chromium', () => {
  it('scrapes an uploaded JSON Lines file, analyses it with charts, and exports it as a download', async () => {
    const { page } = e2e;
    await openTasks(page);
    await page.getByText('A task is a job the server runs for you', { exact: false }).waitFor();
    await expectAxeClean(page, '/tasks, empty');

    // Scrape: the file goes up over REST, then the task runs the importer over it.
    await page.getByLabel('File of posts').setInputFiles(FIXTURE);
    await page.getByText('tasks-posts.jsonl').waitFor();
    await page.getByLabel('Title').fill('Import zorblax posts');
    await expectAxeClean(page, '/tasks, a scrape filled in');
    await page.getByRole('button', { name: 'Create Task' }).click();
    await page.getByText('Task created: Import zorblax posts.').waitFor();
    // The form is ready for the next task: the file input no longer names the file sent.
    expect(await page.getByLabel('File of posts').inputValue()).toBe('');
    const scrape = taskCard(page, 'Import zorblax posts');
    // The list follows the run by itself (no reload): the bar moves forward until the badge says Completed.
    const progress = await followProgress(scrape);
    expect(progress, 'the progress seen, in order').toEqual([...progress].sort((a, b) => a - b));
    expect(await scrape.getByRole('progressbar').count()).toBe(0);
    await scrape.getByText('9 rows read: 8 new, 0 updated, 0 unchanged, 1 bad row.').waitFor();
    await scrape.getByText('Bad rows').click();
    await scrape.getByText(/^Line 5: /).waitFor();

    // Analyze the posts just imported (into this account's own dataset): the report page draws its charts.
    await page.getByRole('radio', { name: 'Analyze' }).check();
    await page.getByRole('radio', { name: 'My data' }).check();
    await page.getByLabel('Keywords').fill('zorblax');
    const analysis = await createAndWait(page, 'Zorblax analysis');
    await analysis.getByText('8 posts analysed.').waitFor();
    await analysis.getByRole('link', { name: 'View the report of Zorblax analysis' }).click();
    await page.getByRole('heading', { level: 1, name: 'Zorblax analysis' }).waitFor();
    const timeline = page.getByRole('img', { name: /^Posts per (day|hour) mentioning the query/ });
    await timeline.locator('canvas').first().waitFor();
    await page.getByRole('list', { name: 'Sentiment distribution' }).waitFor();
    await page.getByRole('list', { name: 'Top authors' }).getByText('@whale_watcher (Twitter)').waitFor();
    await page.getByRole('list', { name: 'Top hashtags' }).getByText('#zorblax').waitFor();
    await page.getByRole('list', { name: 'Co-mentioned coins' }).getByText('BTC', { exact: true }).waitFor();
    await expectAxeClean(page, 'the analysis report');
    const narrow = await e2e.open({ width: 390, height: 844 });
    await narrow.goto(page.url(), { waitUntil: 'networkidle' });
    await narrow.getByRole('list', { name: 'Top authors' }).waitFor();
    await expectFits(narrow, 'the analysis report at 390 px');

    const [reportDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download JSON' }).click(),
    ]);
    const report = JSON.parse(await readFile((await reportDownload.path()) ?? '', 'utf8')) as { posts: number };
    expect(report.posts).toBe(8);

    // Export the same posts as JSON Lines and download the file.
    await openTasks(page);
    await page.getByRole('radio', { name: 'Export' }).check();
    await page.getByRole('radio', { name: 'My data' }).check();
    await page.getByLabel('Keywords').fill('zorblax');
    await page.getByLabel('File format').selectOption('jsonl');
    const exported = await createAndWait(page, 'Zorblax export');
    await exported.getByText('8 posts written as JSON Lines', { exact: false }).waitFor();
    await exported.getByText(/^Available until /).waitFor();
    await expectAxeClean(page, '/tasks with three completed tasks');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exported.getByRole('button', { name: 'Download Zorblax export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.jsonl$/);
    const lines = (await readFile((await download.path()) ?? '', 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(8);
    const text = lines.join('\n');
    for (const id of FIXTURE_IDS) expect(text).toContain(`"${id}"`);
  });

  it('fits 390 px and stays axe-clean: the form per type and the list, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await e2e.open({ width: 390, height: 844, colorScheme });
      await page.goto(url('/scraping-tasks'), { waitUntil: 'networkidle' });
      // The mobile menu's path opens the one tasks page, schedules included.
      await page.getByRole('heading', { level: 1, name: 'Tasks' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/tasks');
      await page.getByRole('heading', { name: 'Schedules' }).waitFor();
      for (const type of ['Scrape', 'Analyze', 'Export'] as const) {
        await page.getByRole('radio', { name: type }).check();
        await page.getByRole('button', { name: 'Create Task' }).click();
        await page.getByLabel('Title').and(page.locator('[aria-invalid="true"]')).waitFor();
        await expectFits(page, `/scraping-tasks, ${type} at 390 px (${colorScheme})`);
        await expectAxeClean(page, `/scraping-tasks, ${type} with errors at 390 px (${colorScheme})`);
      }
      await page.getByRole('radio', { name: 'Scrape' }).check();
      for (const source of ['From a URL', 'X recent search'] as const) {
        await page.getByRole('radio', { name: source }).check();
        await expectFits(page, `/scraping-tasks, ${source} at 390 px (${colorScheme})`);
        await expectAxeClean(page, `/scraping-tasks, ${source} at 390 px (${colorScheme})`);
      }
    }
  });

  it('creates a schedule in the task form, shows its next run in UTC, and pauses it, at 1280 and 390 px', async () => {
    for (const [width, height, title] of [
      [1280, 800, 'Hourly zorblax feed'],
      [390, 844, 'Narrow zorblax feed'],
    ] as const) {
      const page = await e2e.open({ width, height });
      await openTasks(page);
      await page.getByRole('radio', { name: 'From a URL' }).check();
      await page.getByLabel('Title').fill(title);
      await page.getByLabel('URL of the file').fill('https://example.com/zorblax.jsonl');
      await page.getByLabel('Repeat').selectOption('hourly');
      await page.getByLabel('Webhook URL (optional)').waitFor();
      await expectAxeClean(page, `/tasks, a schedule filled in at ${width} px`);
      await answerTo(page, 'taskSchedules.create', {}, () => page.getByRole('button', { name: 'Create Schedule' }).click());
      await page.getByText(`Schedule created: ${title}.`).waitFor();
      const card = page.getByRole('list', { name: 'Your schedules' }).getByRole('article', { name: title });
      await card.waitFor();
      // The next run: on the hour, in UTC, within the coming hour.
      const next = await card.locator('time').getAttribute('datetime');
      const due = new Date(next ?? '');
      expect(due.getUTCMinutes()).toBe(0);
      expect(due.getTime() - Date.now()).toBeLessThanOrEqual(3_600_000);
      expect(await card.locator('time').innerText()).toBe(`${(next ?? '').slice(0, 16).replace('T', ' ')} UTC`);
      await expectFits(page, `/tasks with a schedule at ${width} px`);
      await expectAxeClean(page, `/tasks with a schedule at ${width} px`);
      await answerTo(page, 'taskSchedules.pause', {}, () => card.getByRole('button', { name: `Pause ${title}` }).click());
      await card.getByText('Paused: it will not run until you resume it.').waitFor();
      await card.getByRole('button', { name: `Resume ${title}` }).waitFor();
      await expectAxeClean(page, `/tasks with a paused schedule at ${width} px`);
    }
  });
});
