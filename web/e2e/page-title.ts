import type { Page } from 'playwright-core';

/**
 * Waits for the document title to read `title`. A page names the document in an effect that runs
 * after it has rendered, so the title can lag the page's heading by a moment on a loaded machine.
 */
export async function waitForTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title);
}
